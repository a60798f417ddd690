import CGLib
import Foundation
import Glibc
import Testing
import VideoToyCast
import VideoToyCore
import VideoToyMedia

/// The converted stream a renderer that does not take a file is given: CastServer with the real converter, fetched
/// with curl over loopback while this test runs the main loop the server answers from.
@Suite("Converted cast serving", .serialized)
@MainActor
struct ConvertedServingTests {
    /// The app's binary, which is the converter: `$VIDEOTOY_BIN`, else next to this test executable.
    static var app: String {
        if let path = ProcessInfo.processInfo.environment["VIDEOTOY_BIN"] { return path }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("videotoy").path
    }

    static let folder: String = {
        let path = NSTemporaryDirectory() + "videotoy-cast-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// A clip with sound of `seconds`, made once per run with GStreamer's own tools.
    static func clip(seconds: Int) throws -> String {
        let path = folder + "/clip-\(seconds)s.mp4"
        if FileManager.default.fileExists(atPath: path) { return path }
        let frames = seconds * 25, sound = seconds * 44_100 / 1024
        let description =
            "videotestsrc num-buffers=\(frames) ! video/x-raw,width=640,height=360,framerate=25/1 ! x264enc speed-preset=ultrafast"
            + " ! mp4mux name=m ! filesink location=\(path).part audiotestsrc num-buffers=\(sound) ! audioconvert ! avenc_aac ! m."
        let status = try Self.run("/usr/bin/gst-launch-1.0", ["-q"] + description.split(separator: " ").map(String.init))
        guard status.exit == 0 else { throw SetUpFailure("gst-launch-1.0 could not make the clip: \(status.output)") }
        try FileManager.default.moveItem(atPath: path + ".part", toPath: path)
        return path
    }

    struct SetUpFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs a tool to its end (for set-up only; it does not run the main loop).
    static func run(_ tool: String, _ arguments: [String]) throws -> (exit: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Converter starts and stops seen by the server, around the real converter.
    final class Counts {
        var starts: [Int] = []
        var stops = 0
        var subtitlesPaths: [String?] = []
    }

    static func server(_ counts: Counts, host: String = "127.0.0.1") throws -> CastServer {
        let app = Self.app
        try #require(FileManager.default.isExecutableFile(atPath: app), "build the app first: \(app)")
        return CastServer(
            addressFacing: { _ in host },
            convert: { path, fromMs, subtitlesPath in
                guard let stream = MediaConverter.start(path: path, fromMs: fromMs, subtitlesPath: subtitlesPath, executable: app)
                else { return nil }
                counts.starts.append(fromMs)
                counts.subtitlesPaths.append(subtitlesPath)
                return (
                    stream.fd,
                    {
                        counts.stops += 1
                        stream.close()
                    }
                )
            })
    }

    /// curl with `arguments`, while the main loop runs; its exit status, or nil past `seconds` (then it is killed).
    /// `namespace` is a network namespace's path (`/proc/PID/ns/net`) to run curl in.
    static func curl(
        _ arguments: [String], seconds: Int = 120, stdout: String? = nil, namespace: String? = nil, until: (() -> Bool)? = nil
    ) throws -> Int32? {
        let process = Process()
        let curl = ["/usr/bin/curl", "-s", "--max-time", String(seconds)] + arguments
        let command = namespace.map { ["/usr/bin/nsenter", "--net=\($0)"] + curl } ?? curl
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        var handle: FileHandle?
        if let stdout {
            _ = FileManager.default.createFile(atPath: stdout, contents: nil)
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: stdout))
        }
        defer { try? handle?.close() }
        process.standardOutput = handle ?? FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(TimeInterval(seconds + 10))
        while process.isRunning && Date() < deadline {
            if let until, until() {
                process.terminate()
                break
            }
            // The server answers from this thread's main context: it must turn while curl waits.
            g_main_context_iteration(nil, 0)
            usleep(1000)
        }
        guard !process.isRunning else {
            process.terminate()
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs the main loop until `condition` holds, at most `seconds`.
    static func pump(seconds: Int, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(TimeInterval(seconds))
        while !condition() && Date() < deadline {
            g_main_context_iteration(nil, 0)
            usleep(1000)
        }
        return condition()
    }

    static func bytes(_ path: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
    }

    @Test("GET streams MPEG-TS, chunked, from a fresh converter, and the converter is stopped at the end")
    func getStreams() throws {
        let counts = Counts()
        let server = try Self.server(counts)
        let url = try #require(
            server.serveConverted(path: try Self.clip(seconds: 3), fromMs: 1000, mimeType: "video/mp2t", subtitles: nil, to: "tv"))
        defer { server.stopServing() }
        let body = Self.folder + "/get.ts", headers = Self.folder + "/get.headers"
        #expect(try Self.curl(["-o", body, "-D", headers, url]) == 0)
        let data = Self.bytes(body)
        #expect(data.count > 10 * 188)
        #expect(data.count % 188 == 0 && stride(from: 0, to: data.count, by: 188).allSatisfy { data[$0] == 0x47 })
        let head = String(decoding: Self.bytes(headers), as: UTF8.self).lowercased()
        #expect(head.hasPrefix("http/1.1 200"))
        #expect(head.contains("transfer-encoding: chunked"))
        #expect(head.contains("content-type: video/mp2t"))
        #expect(head.contains("transfermode.dlna.org: streaming"))
        #expect(head.contains("dlna.org_ci=1"))
        #expect(counts.starts == [1000])
        #expect(Self.pump(seconds: 10) { counts.stops == 1 })
    }

    @Test("the subtitles go to the converter as a private file, which is gone once serving stops")
    func subtitlesFile() throws {
        let counts = Counts()
        let server = try Self.server(counts)
        let text = "1\n00:00:00,000 --> 00:00:03,000\nHello\n\n"
        let url = try #require(
            server.serveConverted(path: try Self.clip(seconds: 3), fromMs: 0, mimeType: "video/mp2t", subtitles: text, to: "tv"))
        let body = Self.folder + "/subtitled.ts"
        #expect(try Self.curl(["-o", body, url]) == 0)
        #expect(Self.bytes(body).count > 10 * 188)
        let path = try #require(counts.subtitlesPaths.first ?? nil)
        #expect(String(decoding: Self.bytes(path), as: UTF8.self) == text)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600, "only the user reads it")
        #expect(stat((path as NSString).deletingLastPathComponent, &info) == 0 && info.st_mode & 0o777 == 0o700)
        server.stopServing()
        #expect(access(path, F_OK) != 0 && access((path as NSString).deletingLastPathComponent, F_OK) != 0)
    }

    @Test("HEAD answers the headers and starts no converter; a wrong token, name or method does not stream")
    func headAndStrangers() throws {
        let counts = Counts()
        let server = try Self.server(counts)
        let url = try #require(
            server.serveConverted(path: try Self.clip(seconds: 3), fromMs: 0, mimeType: "video/mpeg", subtitles: nil, to: "tv"))
        defer { server.stopServing() }
        let headers = Self.folder + "/head.headers"
        #expect(try Self.curl(["-I", "-D", headers, url]) == 0)
        let head = String(decoding: Self.bytes(headers), as: UTF8.self).lowercased()
        #expect(head.hasPrefix("http/1.1 200"))
        #expect(head.contains("content-type: video/mpeg"))
        #expect(head.contains("contentfeatures.dlna.org: \(CastServer.convertedContentFeatures.lowercased())"))
        #expect(counts.starts.isEmpty)

        let token = url.split(separator: "/").dropLast().last.map(String.init) ?? ""
        let wrongToken = url.replacingOccurrences(of: token, with: String(token.reversed()))
        let wrongName = url.replacingOccurrences(of: "video.ts", with: "video.mp4")
        for stranger in [wrongToken, wrongName, url + "/", url.replacingOccurrences(of: "/cast/", with: "/")] {
            #expect(try Self.statusCode(stranger) == 404, "\(stranger)")
        }
        #expect(try Self.statusCode(url, method: "POST") == 405)
        #expect(counts.starts.isEmpty)
    }

    @Test("a renderer that goes away mid-stream stops its converter; a second GET replaces the first")
    func goingAway() throws {
        let counts = Counts()
        let server = try Self.server(counts)
        let url = try #require(
            server.serveConverted(path: try Self.clip(seconds: 30), fromMs: 0, mimeType: "video/mp2t", subtitles: nil, to: "tv"))
        defer { server.stopServing() }
        let body = Self.folder + "/partial.ts"
        // Cut off once some of the stream came: the converter is far from the end of the 30 s clip.
        _ = try Self.curl(["-o", body, url]) { Self.bytes(body).count > 100 * 188 }
        #expect(counts.starts == [0])
        #expect(Self.pump(seconds: 20) { counts.stops == 1 }, "the converter was not stopped when curl went away")

        let first = Self.folder + "/first.ts"
        let slow = Process()
        slow.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        // A renderer that reads slowly: the converter waits on the socket meanwhile.
        slow.arguments = ["-s", "--limit-rate", "50k", "--max-time", "120", "-o", first, url]
        try slow.run()
        defer { if slow.isRunning { slow.terminate() } }
        #expect(Self.pump(seconds: 60) { Self.bytes(first).count > 10 * 188 })
        #expect(counts.starts.count == 2)
        #expect(try Self.curl(["-o", Self.folder + "/second.ts", url]) == 0)
        #expect(counts.starts.count == 3)
        // The slow one's converter was stopped when the second GET came, and its response ended.
        #expect(Self.pump(seconds: 30) { !slow.isRunning })
        #expect(Self.pump(seconds: 10) { counts.stops == 3 })
    }

    @Test("after stopServing the URL answers nothing, and the converter is stopped")
    func stopped() throws {
        let counts = Counts()
        let server = try Self.server(counts)
        let url = try #require(
            server.serveConverted(path: try Self.clip(seconds: 3), fromMs: 0, mimeType: "video/mp2t", subtitles: nil, to: "tv"))
        server.stopServing()
        #expect(server.servedPath == nil)
        let status = try Self.curl(["-o", "/dev/null", url], seconds: 10)
        // Connection refused: nothing listens any more.
        #expect(status == 7)
        #expect(counts.starts.isEmpty)
    }

    @Test("stopServing in the middle of a stream stops the converter and ends the renderer's connection")
    func stoppedMidStream() throws {
        let counts = Counts()
        let server = try Self.server(counts)
        let url = try #require(
            server.serveConverted(path: try Self.clip(seconds: 30), fromMs: 0, mimeType: "video/mp2t", subtitles: nil, to: "tv"))
        let body = Self.folder + "/cut.ts"
        let slow = Process()
        slow.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        slow.arguments = ["-s", "--limit-rate", "50k", "--max-time", "120", "-o", body, url]
        try slow.run()
        defer { if slow.isRunning { slow.terminate() } }
        #expect(Self.pump(seconds: 60) { Self.bytes(body).count > 10 * 188 })
        server.stopServing()
        #expect(counts.stops == 1)
        #expect(Self.pump(seconds: 30) { !slow.isRunning }, "the connection stayed open after stopServing")
        #expect(counts.starts == [0])
    }

    /// The HTTP status `url` answers `method` with.
    static func statusCode(_ url: String, method: String = "GET", namespace: String? = nil) throws -> Int? {
        let out = folder + "/status"
        _ = try curl(["-X", method, "-o", "/dev/null", "-w", "%{http_code}", url], seconds: 30, stdout: out, namespace: namespace)
        return Int(String(decoding: bytes(out), as: UTF8.self))
    }
}
