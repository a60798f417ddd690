import Testing
import VideoToyCore

@Suite("PathArgument")
struct PathArgumentTests {
    @Test(
        "file URIs become paths, with percent-escapes decoded",
        arguments: [
            ("file:///home/me/Videos/talk.mp4", "/home/me/Videos/talk.mp4"),
            ("file:///home/me/My%20Videos/a%20b.mp4", "/home/me/My Videos/a b.mp4"),
            ("file://localhost/tmp/x.webm", "/tmp/x.webm"),
            ("FILE:///tmp/Upper.mkv", "/tmp/Upper.mkv"),
            ("file:/tmp/single-slash.mp4", "/tmp/single-slash.mp4"),
            ("file:///tmp/caf%C3%A9.mp4", "/tmp/café.mp4"),
            ("file:///tmp/%E2%82%AC%3F%23%25.mp4", "/tmp/€?#%.mp4"),
            ("file:///tmp/plain-ü.mp4", "/tmp/plain-ü.mp4"),
            ("file:///tmp/with%2fslash", "/tmp/with/slash"),
            ("file:///tmp/clip.mp4#t=10", "/tmp/clip.mp4"),
            ("file:///", "/"),
            // Escaped bytes that are not UTF-8 are kept exactly, as PathBytes maps them.
            ("file:///tmp/latin1%E9.mp4", "/tmp/latin1\u{10FFE9}.mp4"),
            ("file:///tmp/caf\u{10FFE9}%20x.mp4", "/tmp/caf\u{10FFE9} x.mp4"),
        ])
    func decodes(argument: String, path: String) {
        #expect(PathArgument.path(fromArgument: argument) == path)
    }

    @Test(
        "anything that is not a local file URI is returned unchanged",
        arguments: [
            "/home/me/Videos", "relative/clip.mp4", "clip.mp4", "-", "", "file:", "filename.mp4", "file.mp4",
            "http://example.com/a.mp4", "file://otherhost/tmp/a.mp4", "file://tmp/a.mp4",
            "file:///tmp/bad%2", "file:///tmp/bad%zz", "file:///tmp/nul%00byte",
            "file:relative/path",
        ])
    func passesThrough(argument: String) {
        #expect(PathArgument.path(fromArgument: argument) == argument)
    }
}
