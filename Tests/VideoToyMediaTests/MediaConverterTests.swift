import Foundation
import Glibc
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

/// The cast converter: the app's binary as `--convert-for-cast`, in its sandbox, writing H.264 and AAC in MPEG-TS
/// from a position, read back with ffprobe.
@Suite("Media converter")
struct MediaConverterTests {
    /// What ffprobe says of a converted stream.
    struct Probed {
        var codecs: [String: String] = [:]
        var durationSeconds: Double?
    }

    /// All of a converter's output and its exit status; fails the test past `seconds`.
    static func drain(_ stream: ConvertedStream, seconds: Int = 120) throws -> (bytes: [UInt8], status: Int32?) {
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        let deadline = Date().addingTimeInterval(TimeInterval(seconds))
        while Date() < deadline {
            var watched = pollfd(fd: stream.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, 1000) >= 0 || errno == EINTR else { break }
            guard watched.revents != 0 else { continue }
            let count = block.withUnsafeMutableBytes { read(stream.fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return (bytes, stream.waitForExit(withinMs: 30_000)) }
            bytes += block[0..<count]
        }
        stream.close()
        throw SetUpFailure(description: "the converter did not finish within \(seconds) s (\(bytes.count) bytes)")
    }

    static func probe(_ bytes: [UInt8]) throws -> Probed {
        let file = try Fixtures.newFolder("converted") + "/out.ts"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let ffprobe = ["/usr/bin/ffprobe", "/usr/local/bin/ffprobe"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let tool = try #require(ffprobe, "ffprobe is not installed (scripts/setup test installs ffmpeg)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-v", "error", "-show_entries", "stream=codec_type,codec_name:format=duration", "-of", "json", file]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var probed = Probed()
        for stream in json["streams"] as? [[String: Any]] ?? [] {
            if let type = stream["codec_type"] as? String, let name = stream["codec_name"] as? String { probed.codecs[type] = name }
        }
        probed.durationSeconds = ((json["format"] as? [String: Any])?["duration"] as? String).flatMap(Double.init)
        return probed
    }

    /// Every 188th byte is a TS packet's sync byte.
    static func isTransportStream(_ bytes: [UInt8]) -> Bool {
        !bytes.isEmpty && bytes.count % 188 == 0 && stride(from: 0, to: bytes.count, by: 188).allSatisfy { bytes[$0] == 0x47 }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let audio: Bool
        let container: ClipSpec.Container
        var testDescription: String { "\(container.rawValue)\(audio ? " with sound" : " without sound")" }
    }

    @Test(
        "a clip converts to H.264 (and AAC when it has sound) in MPEG-TS, from the position asked for to its end",
        arguments: [
            Case(name: "cast-sound.mp4", audio: true, container: .mp4), Case(name: "cast-silent.mkv", audio: false, container: .mkv),
        ])
    func converts(_ clip: Case) throws {
        let spec = ClipSpec(width: 640, height: 360, durationMs: 4000, fps: 25, container: clip.container, audio: clip.audio)
        let path = try Fixtures.clip(clip.name, spec)
        let stream = try #require(MediaConverter.start(path: path, fromMs: 1500, executable: MediaHelperTests.app))
        let (bytes, status) = try Self.drain(stream)
        #expect(status == 0)
        #expect(Self.isTransportStream(bytes), "\(bytes.count) bytes, not whole TS packets")
        let probed = try Self.probe(bytes)
        #expect(probed.codecs["video"] == "h264")
        #expect(probed.codecs["audio"] == (clip.audio ? "aac" : nil))
        // 4 s from 1.5 s: 2.5 s, give or take a frame and the AAC frames' rounding.
        let duration = try #require(probed.durationSeconds)
        #expect(abs(duration - 2.5) < 0.35, "converted duration \(duration) s")
    }

    @Test("a picture larger than 1080p comes out within 1920×1080, its shape kept")
    func scalesDown() throws {
        let spec = ClipSpec(width: 2560, height: 1440, durationMs: 1000, fps: 10, audio: false)
        let path = try Fixtures.clip("cast-large.mp4", spec)
        let stream = try #require(MediaConverter.start(path: path, fromMs: 0, executable: MediaHelperTests.app))
        let (bytes, status) = try Self.drain(stream)
        #expect(status == 0)
        let file = try Fixtures.newFolder("scaled") + "/out.ts"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let info = try MediaProber(timeoutSeconds: 10).probe(path: file).get()
        #expect(info.videoSize == PixelSize(width: 1920, height: 1080))
    }

    @Test("a file that is no video ends the converter with a status and one line, and no stream")
    func brokenFile() throws {
        let path = try Fixtures.file("cast-junk.mp4") { try Data("not a video at all".utf8).write(to: URL(fileURLWithPath: $0)) }
        let stream = try #require(MediaConverter.start(path: path, fromMs: 0, executable: MediaHelperTests.app))
        let (bytes, status) = try Self.drain(stream, seconds: 60)
        #expect(bytes.isEmpty)
        #expect(status != nil && status != 0)
    }

    @Test("start positions outside 0 to a year are refused, in the app and in the converter")
    func positionsChecked() throws {
        let path = try Fixtures.clip("cast-range.mp4", ClipSpec(durationMs: 1000))
        #expect(MediaConverter.start(path: path, fromMs: -1, executable: MediaHelperTests.app) == nil)
        #expect(MediaConverter.start(path: path, fromMs: MediaConverter.maxFromMs + 1, executable: MediaHelperTests.app) == nil)
        for text in ["-1", "", "1e3", "99999999999999999999", "\(MediaConverter.maxFromMs + 1)", "12 "] {
            #expect(MediaConverter.fromMs(text) == nil, "\(text)")
        }
        #expect(MediaConverter.fromMs("0") == 0)
        #expect(MediaConverter.fromMs(String(MediaConverter.maxFromMs)) == MediaConverter.maxFromMs)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: MediaHelperTests.app)
        process.arguments = [MediaConverter.argument, path, "99999999999999999999"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == MediaConverter.usageStatus)
        #expect(text.split(separator: "\n").count == 1, "\(text)")
    }

    /// The number of bright pixels in the bottom third of the picture 1 s into a converted 640×360 stream.
    static func brightAtTheBottom(_ bytes: [UInt8], name: String) throws -> Int {
        let folder = try Fixtures.newFolder(name)
        let stream = folder + "/out.ts", frame = folder + "/frame.gray"
        try Data(bytes).write(to: URL(fileURLWithPath: stream))
        let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let tool = try #require(ffmpeg, "ffmpeg is not installed (scripts/setup test installs it)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-v", "error", "-ss", "1", "-i", stream, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", frame]
        try process.run()
        process.waitUntilExit()
        let pixels = [UInt8](try Data(contentsOf: URL(fileURLWithPath: frame)))
        try #require(pixels.count == 640 * 360, "one 640×360 grey frame, not \(pixels.count) bytes")
        return pixels[(640 * 240)...].filter { $0 > 160 }.count
    }

    @Test("subtitles given burn into the picture from the position asked for; without them the picture is as it was")
    func burnsSubtitles() throws {
        let spec = ClipSpec(width: 640, height: 360, durationMs: 3000, fps: 25, audio: false, pattern: "black")
        let path = try Fixtures.clip("cast-black.mp4", spec)
        // A cue from before the start position: the seek must reach the subtitles as well as the picture.
        let srt = try Fixtures.file("cast-black.srt") {
            try Data("1\n00:00:00,000 --> 00:00:10,000\nWWWWWWWW\n\n".utf8).write(to: URL(fileURLWithPath: $0))
        }
        let plain = try #require(MediaConverter.start(path: path, fromMs: 500, executable: MediaHelperTests.app))
        let (plainBytes, plainStatus) = try Self.drain(plain)
        #expect(plainStatus == 0)
        #expect(try Self.brightAtTheBottom(plainBytes, name: "burn-plain") == 0, "a black clip")
        let burnt = try #require(MediaConverter.start(path: path, fromMs: 500, subtitlesPath: srt, executable: MediaHelperTests.app))
        let (burntBytes, burntStatus) = try Self.drain(burnt)
        #expect(burntStatus == 0)
        #expect(try Self.probe(burntBytes).codecs["video"] == "h264")
        #expect(try Self.brightAtTheBottom(burntBytes, name: "burn-text") > 200, "white letters at the bottom")
    }

    @Test("a subtitles argument that is not a regular file is refused with one line")
    func subtitlesChecked() throws {
        let path = try Fixtures.clip("cast-subtitles-arg.mp4", ClipSpec(durationMs: 1000))
        for subtitles in ["/dev/null", "/nonexistent/film.srt", "/tmp"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: MediaHelperTests.app)
            process.arguments = [MediaConverter.argument, path, "0", subtitles]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == MediaConverter.usageStatus, "\(subtitles)")
            #expect(text.split(separator: "\n").count == 1, "\(text)")
        }
    }

    @Test("closing the stream kills the converter at once, mid-file")
    func closeKills() throws {
        let path = try Fixtures.clip("cast-long.mp4", ClipSpec(durationMs: 20_000, fps: 25))
        let stream = try #require(MediaConverter.start(path: path, fromMs: 0, executable: MediaHelperTests.app))
        var first = [UInt8](repeating: 0, count: 188)
        #expect(first.withUnsafeMutableBytes { read(stream.fd, $0.baseAddress, $0.count) } > 0)
        #expect(first[0] == 0x47)
        let pid = stream.pid
        stream.close()
        // Reaped by a background thread: the pid is gone (or no longer a child) within a bounded time.
        let deadline = Date().addingTimeInterval(10)
        while kill(pid, 0) == 0 && Date() < deadline { usleep(10_000) }
        #expect(kill(pid, 0) != 0)
    }
}
