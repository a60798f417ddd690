import Foundation
import Glibc
import Testing
import VideoToyAppTesting
import VideoToyCast
import VideoToyCore

/// setns(2), which Glibc's module leaves out (it is a GNU extension).
@_silgen_name("setns")
private func setns(_ fd: Int32, _ type: Int32) -> Int32

/// The converted stream against a real software renderer: gmediarender refusing MP4 (`--mime-filter -video/mp4`)
/// in a private network namespace (scripts/netns-tv). The server listens inside that namespace on the renderer's
/// link; curl there fetches it, and the renderer is told over SOAP to play it.
@Suite(
    "Converted cast to a renderer", .serialized,
    .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/gmediarender"), "needs root and gmediarender"))
@MainActor
struct ConvertedRendererTests {
    /// The address netns-tv gives the renderer's link; the server listens there too.
    static let host = "169.254.77.1"

    /// gmediarender beside this test, in its namespace, until `end`.
    @MainActor
    final class Renderer {
        let process = Process()
        let folder: String
        let namespace: String

        init() throws {
            folder = ConvertedServingTests.folder + "/tv-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let (ready, done) = (folder + "/ready", folder + "/done")
            process.executableURL = PackagePaths.root.appendingPathComponent("scripts/netns-tv")
            process.arguments = [
                "--mime-filter", "-video/mp4", "--pidfile", folder + "/renderer.pid", "--log", folder + "/renderer.log", "--",
                "sh", "-c", "echo > '\(ready)'; while [ ! -e '\(done)' ]; do sleep 0.1; done",
            ]
            // Not this test's stdout: the test runner waits for every holder of its pipe, a stuck renderer too.
            _ = FileManager.default.createFile(atPath: folder + "/netns-tv.out", contents: nil)
            let output = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/netns-tv.out"))
            process.standardOutput = output
            process.standardError = output
            try process.run()
            try output.close()
            // netns-tv runs the command once the renderer says it is ready (bounded at 30 s there).
            let deadline = Date().addingTimeInterval(60)
            while !FileManager.default.fileExists(atPath: ready) && process.isRunning && Date() < deadline { usleep(20_000) }
            guard FileManager.default.fileExists(atPath: ready) else {
                _ = FileManager.default.createFile(atPath: done, contents: nil)
                if process.isRunning { process.terminate() }
                throw ConvertedServingTests.SetUpFailure("the renderer did not start: \(Self.read(folder + "/renderer.log"))")
            }
            let pid = Self.read(folder + "/renderer.pid").trimmingCharacters(in: .whitespacesAndNewlines)
            namespace = "/proc/\(pid)/ns/net"
        }

        func end() {
            _ = FileManager.default.createFile(atPath: folder + "/done", contents: nil)
            // gmediarender can ignore SIGTERM once stopped, and netns-tv's clean-up waits for it.
            if let pid = Int32(Self.read(folder + "/renderer.pid").trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1 {
                kill(pid, SIGKILL)
            }
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { process.terminate() }
        }

        var log: String { Self.read(folder + "/renderer.log") }

        static func read(_ path: String) -> String {
            (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        }

        /// Runs `body` with this thread in the renderer's network namespace: sockets it opens (the server's
        /// listener) stay there. Per thread; nothing suspends meanwhile.
        func inside<T>(_ body: () -> T) throws -> T {
            let own = open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC), theirs = open(namespace, O_RDONLY | O_CLOEXEC)
            defer {
                if own >= 0 { close(own) }
                if theirs >= 0 { close(theirs) }
            }
            guard own >= 0, theirs >= 0, setns(theirs, cloneNewNet) == 0 else {
                throw ConvertedServingTests.SetUpFailure("cannot enter \(namespace) (errno \(errno))")
            }
            defer { precondition(setns(own, cloneNewNet) == 0, "cannot leave the renderer's namespace") }
            return body()
        }

        /// CLONE_NEWNET.
        private let cloneNewNet: Int32 = 0x4000_0000

        /// A SOAP action on the renderer's service; its answer.
        func soap(_ action: String, _ arguments: String, service: String = "AVTransport", control: String = "rendertransport1") throws
            -> String
        {
            let answer = folder + "/soap-\(action)"
            let envelope =
                "<?xml version=\"1.0\"?><s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\""
                + " s:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\"><s:Body><u:\(action)"
                + " xmlns:u=\"urn:schemas-upnp-org:service:\(service):1\">\(arguments)</u:\(action)></s:Body></s:Envelope>"
            _ = try ConvertedServingTests.curl(
                [
                    "-X", "POST", "-H", "Content-Type: text/xml; charset=\"utf-8\"",
                    "-H", "SOAPACTION: \"urn:schemas-upnp-org:service:\(service):1#\(action)\"", "--data", envelope,
                    "http://\(ConvertedRendererTests.host):49494/upnp/control/\(control)",
                ], seconds: 30, stdout: answer, namespace: namespace)
            return Self.read(answer)
        }
    }

    /// Seconds of a renderer's `RelTime` (H:MM:SS), or nil.
    static func seconds(_ answer: String) -> Int? {
        guard let start = answer.range(of: "<RelTime>"), let end = answer.range(of: "</RelTime>", range: start.upperBound..<answer.endIndex)
        else { return nil }
        let parts = answer[start.upperBound..<end.lowerBound].split(separator: ":").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return parts[0] * 3600 + parts[1] * 60 + parts[2]
    }

    @Test("in the renderer's namespace: HEAD answers, a wrong token gets 404, GET gets MPEG-TS, and the renderer plays it")
    func rendererPlays() throws {
        let renderer = try Renderer()
        defer { renderer.end() }
        let offered = try renderer.soap("GetProtocolInfo", "", service: "ConnectionManager", control: "renderconnmgr1")
        #expect(!offered.contains(":video/mp4:"), "the filter let MP4 through")
        #expect(offered.contains(":video/mpegts:"))

        let counts = ConvertedServingTests.Counts()
        let server = try ConvertedServingTests.server(counts, host: Self.host)
        let clip = try ConvertedServingTests.clip(seconds: 30)
        let url = try #require(
            try renderer.inside { server.serveConverted(path: clip, fromMs: 2000, mimeType: "video/mpegts", subtitles: nil, to: "tv") })
        defer { server.stopServing() }
        #expect(url.hasPrefix("http://\(Self.host):"))

        #expect(try ConvertedServingTests.statusCode(url, method: "HEAD", namespace: renderer.namespace) == 200)
        let token = url.split(separator: "/").dropLast().last.map(String.init) ?? ""
        let wrong = url.replacingOccurrences(of: token, with: String(repeating: "0", count: token.count))
        #expect(try ConvertedServingTests.statusCode(wrong, namespace: renderer.namespace) == 404)
        #expect(counts.starts.isEmpty)

        let body = renderer.folder + "/get.ts"
        _ = try ConvertedServingTests.curl(["-o", body, url], namespace: renderer.namespace) {
            ConvertedServingTests.bytes(body).count >= 200 * 188
        }
        let data = ConvertedServingTests.bytes(body)
        let whole = data.count - data.count % 188
        #expect(whole >= 188 && stride(from: 0, to: whole, by: 188).allSatisfy { data[$0] == 0x47 })
        #expect(counts.starts == [2000])

        let uri = "<InstanceID>0</InstanceID><CurrentURI>\(url)</CurrentURI><CurrentURIMetaData></CurrentURIMetaData>"
        #expect(try renderer.soap("SetAVTransportURI", uri).contains("SetAVTransportURIResponse"))
        #expect(try renderer.soap("Play", "<InstanceID>0</InstanceID><Speed>1</Speed>").contains("PlayResponse"))
        // Playing in real time into clock-synced fakesinks: two seconds in means it decodes the stream.
        var position: Int?
        let deadline = Date().addingTimeInterval(90)
        while Date() < deadline {
            position = Self.seconds(try renderer.soap("GetPositionInfo", "<InstanceID>0</InstanceID>"))
            if let position, position >= 2 { break }
            _ = ConvertedServingTests.pump(seconds: 1) { false }
        }
        #expect((position ?? 0) >= 2, "the renderer did not play: \(renderer.log.suffix(2000))")
        #expect(counts.starts.count >= 2 && counts.starts.allSatisfy { $0 == 2000 })
        _ = try renderer.soap("Stop", "<InstanceID>0</InstanceID>")
    }
}
