import Foundation
import Testing
import VideoToyAppTesting

extension EndToEnd.FrontEndTests {
    @Test("A selected row pre-rolls: Return plays that pipeline, its first frame in the main window, and no second opens")
    func selectedRowPreRolls() async throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let clips = Fixture.clips
        let app = try AppProcess(arguments: [clips.folder], display: display)
        defer { app.terminate() }
        try await Self.waitForClipsProbed(app)
        _ = try await app.waitFor("ready", timeout: .seconds(45))
        func key(_ keys: String...) throws { try display.run(["xdotool", "key", "--clearmodifiers"] + keys) }

        // Rows by name: a snow, b ball, c short. The first row is passed over within the dwell.
        try key("Down", "Down")
        let preroll = try await app.waitFor("preroll", timeout: .seconds(45))
        #expect(preroll.path == clips.ball)
        #expect(preroll.fields["position_ms"]?.int == 0)
        #expect(app.events().filter { $0.name == "play" }.isEmpty, "a pre-roll does not play")

        try key("Return")
        let played = try await app.waitFor("play", after: preroll, timeout: .seconds(45))
        #expect(played.path == clips.ball)
        let first = try await app.waitFor("first-frame", after: preroll, timeout: .seconds(45)) { $0.path == clips.ball }
        #expect(first.fields["window"]?.string == "main")
        // A video opened once lists its tracks once; a second pipeline for it would list them again.
        let tracks = try await app.waitFor("tracks", after: preroll, timeout: .seconds(45)) { $0.path == clips.ball }
        // Pausing gives any other pipeline's messages time to arrive before they are counted.
        try key("space")
        _ = try await app.waitFor("pause", after: tracks, timeout: .seconds(45))
        let events = app.events()
        #expect(events.filter { $0.name == "tracks" }.map(\.path) == [clips.ball], "one pipeline, opened once")
        #expect(events.filter { $0.name == "preroll" }.map(\.path) == [clips.ball], "the passed-over row was never pre-rolled")
        #expect(events.filter { $0.name == "first-frame" }.count == 1)
        #expect(events.filter { $0.name == "error" }.isEmpty)
    }
}
