import Foundation
import Glibc
import Testing
import VideoToyAppTesting

/// The cast adapter against a real UPnP renderer (gmediarender) in a private network namespace, through
/// videotoy-cast-probe: discovery, SetAVTransportURI and Play to PLAYING, position advancing, seek, pause, and the
/// file server's token and ranges. One at a time: each run decodes video on CI's two cores.
@Suite(.serialized)
struct CastContractTests {
    init() throws { try CastProbeRun.requireRoot() }

    @Test("The renderer is discovered with its name and a uuid: UDN")
    func discovery() throws {
        let run = try CastProbeRun(["--discover", "120", "--until", "Test TV"])
        let (_, started) = try run.wait(for: "the start line") { $0["event"] as? String == "started" }
        let (_, found) = try run.wait(for: "Test TV") { $0["event"] as? String == "renderer" && $0["name"] as? String == "Test TV" }
        let udn = try #require(found["udn"] as? String)
        #expect(udn.hasPrefix("uuid:"), "\(found)")
        #expect(try run.exitStatus() == 0, "\(run.report)")
        let ms = (found["ms"] as? Int ?? 0) - (started["ms"] as? Int ?? 0)
        print("cast figures: discovery \(ms) ms")
    }

    @Test("A renderer's name is shown without control characters and cut at 256 characters")
    func hostileName() throws {
        // ASCII only: gmediarender refuses to start with any other character in its name.
        let name = "Salon <TV> & \u{7F}\"quoted\" " + String(repeating: "x", count: 300)
        let run = try CastProbeRun(["--discover", "150"], name: name)
        let (_, found) = try run.wait(for: "the renderer") { $0["event"] as? String == "renderer" }
        let shown = try #require(found["name"] as? String)
        #expect(shown.hasPrefix("Salon <TV> & \"quoted\" x"), "\(shown)")
        #expect(shown.count == 256, "\(shown.count)")
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("A renderer whose interface loses its address is gone, and found again when the address comes back")
    func interfaceComesAndGoes() throws {
        let run = try CastProbeRun(["--discover", "150"])
        let (foundIndex, _) = try run.wait(for: "Test TV") { $0["event"] as? String == "renderer" }
        let removed = try run.inNamespace(["ip", "addr", "del", "169.254.77.1/24", "dev", "tv0"])
        #expect(removed.status == 0, "\(removed.stderr)")
        let (goneIndex, gone) = try run.wait(for: "the renderer gone", from: foundIndex) { $0["event"] as? String == "gone" }
        #expect(gone["name"] as? String == "Test TV")
        // The multicast route went with the interface's last address; back first, so the new context can send at once.
        let restored = try run.inNamespace(["sh", "-c", "ip route add 239.0.0.0/8 dev tv0 && ip addr add 169.254.77.1/24 dev tv0"])
        #expect(restored.status == 0, "\(restored.stderr)")
        _ = try run.wait(for: "the renderer found again", from: goneIndex) { $0["event"] as? String == "renderer" }
    }

    @Test("A renderer whose interface goes down is gone, and found again when the interface comes up")
    func interfaceDownAndUp() throws {
        let run = try CastProbeRun(["--discover", "150"])
        let (foundIndex, _) = try run.wait(for: "Test TV") { $0["event"] as? String == "renderer" }
        let down = try run.inNamespace(["ip", "link", "set", "tv0", "down"])
        #expect(down.status == 0, "\(down.stderr)")
        let (goneIndex, _) = try run.wait(for: "the renderer gone", from: foundIndex) { $0["event"] as? String == "gone" }
        // The multicast route went down with the link. GUPnP hands back the same context it switched off.
        let up = try run.inNamespace(["sh", "-c", "ip link set tv0 up && ip route add 239.0.0.0/8 dev tv0"])
        #expect(up.status == 0, "\(up.stderr)")
        _ = try run.wait(for: "the renderer found again", from: goneIndex) { $0["event"] as? String == "renderer" }
    }

    @Test("A renderer that quits is gone, and found again when it starts once more")
    func rendererRestarts() throws {
        let run = try CastProbeRun(["--discover", "150"])
        let (foundIndex, found) = try run.wait(for: "Test TV") { $0["event"] as? String == "renderer" }
        // TERM: it says goodbye over SSDP as it quits, as a TV switched off by its remote does.
        kill(try run.rendererPid(), SIGTERM)
        let (goneIndex, _) = try run.wait(for: "the renderer gone", from: foundIndex) { $0["event"] as? String == "gone" }
        try run.restartRenderer()
        let (_, again) = try run.wait(for: "the renderer found again", from: goneIndex) { $0["event"] as? String == "renderer" }
        #expect(again["udn"] as? String == found["udn"] as? String)
    }

    @Test("A cast reaches PLAYING, its position advances, and a seek jumps ahead")
    func castPlays() throws {
        let clip = try CastClip.mp4.get()
        let run = try CastProbeRun([
            "--cast", clip.path, "--to", "Test TV", "--seconds", "150", "--seek-to", "12000", "--until-position", "12000",
        ])
        let (_, serving) = try run.wait(for: "the served URL") { $0["event"] as? String == "serving" }
        let (_, playing) = try run.wait(for: "PLAYING") {
            $0["action"] as? String == "GetTransportInfo" && $0["state"] as? String == "PLAYING"
        }
        let (_, advancing) = try run.wait(for: "a position past zero") { Self.position($0) ?? 0 > 0 }
        let (seekIndex, seek) = try run.wait(for: "the seek's reply") { $0["action"] as? String == "Seek" }
        #expect(seek["result"] as? String == "done", "\(seek)")
        let before = try #require(run.lines[..<seekIndex].last { Self.position($0) != nil }, "\(run.report)")
        let (_, after) = try run.wait(for: "a position past the seek", from: seekIndex) { Self.position($0) ?? 0 >= 12000 }
        // Playing alone could not have covered that distance in the time between the two answers: the seek moved it.
        let played = (after["ms"] as? Int ?? 0) - (before["ms"] as? Int ?? 0)
        #expect(Self.position(after) ?? 0 > (Self.position(before) ?? 0) + played + 1000, "\(before) \(after)")
        #expect(try run.exitStatus() == 0, "\(run.report)")
        let since = { (line: [String: Any]) in (line["ms"] as? Int ?? 0) - (serving["ms"] as? Int ?? 0) }
        print("cast figures: served to PLAYING \(since(playing)) ms, to a position past zero \(since(advancing)) ms")
    }

    /// The position of a GetPositionInfo reply, when it is one and has a position.
    private static func position(_ line: [String: Any]) -> Int? {
        guard line["action"] as? String == "GetPositionInfo", let position = line["position"] as? Int, position >= 0 else { return nil }
        return position
    }

    @Test("A pause is reported as PAUSED_PLAYBACK and play resumes")
    func pauseResumes() throws {
        let clip = try CastClip.mp4.get()
        let run = try CastProbeRun([
            "--cast", clip.path, "--to", "Test TV", "--seconds", "150", "--pause-at", "1000", "--until-position", "3000",
        ])
        let (pausedIndex, _) = try run.wait(for: "PAUSED_PLAYBACK") { $0["state"] as? String == "PAUSED_PLAYBACK" }
        _ = try run.wait(for: "PLAYING again", from: pausedIndex + 1) { $0["state"] as? String == "PLAYING" }
        #expect(try run.exitStatus() == 0, "\(run.report)")
    }

    @Test("The server answers the token URL only, GET and HEAD only, with ranges, and nothing once stopped")
    func serverGuardsTheFile() throws {
        let clip = try CastClip.mp4.get()
        let size = CastClip.size(clip)
        let run = try CastProbeRun(["--cast", clip.path, "--to", "Test TV", "--seconds", "150", "--serve-only"])
        let (_, serving) = try run.wait(for: "the served URL") { $0["event"] as? String == "serving" }
        let url = try #require(serving["url"] as? String)
        let parts = try #require(URLComponents(string: url))
        let origin = "http://\(parts.host ?? ""):\(parts.port ?? 0)"
        let token = try #require(parts.path.split(separator: "/").dropFirst().first.map(String.init))
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit), "\(url)")

        let whole = try fetch(run, [url])
        #expect(whole.status == 200 && whole.size == size, "\(whole)")
        #expect(whole.header("content-type") == "video/mp4")
        #expect(whole.header("accept-ranges") == "bytes")
        #expect(whole.header("transfermode.dlna.org") == "Streaming")
        #expect(whole.header("contentfeatures.dlna.org") == "DLNA.ORG_OP=01;DLNA.ORG_CI=0;DLNA.ORG_FLAGS=01700000000000000000000000000000")

        let range = try fetch(run, ["-r", "100-199", url])
        #expect(range.status == 206 && range.size == 100, "\(range)")
        #expect(range.header("content-range") == "bytes 100-199/\(size)", "\(range)")
        let tail = try fetch(run, ["-r", "-50", url])
        #expect(tail.status == 206 && tail.size == 50, "\(tail)")

        let head = try fetch(run, ["-I", url])
        #expect(head.status == 200 && head.header("content-length") == "\(size)", "\(head)")
        let post = try fetch(run, ["-X", "POST", url])
        #expect(post.status == 405, "\(post)")

        // libsoup removes dot segments before the handler sees a path, so `..` can only lead to another path: a 404.
        let otherToken = String(repeating: "0", count: 64)
        for path in [
            "/", "/cast/", "/cast/\(token)/", "/cast/\(token)", "/cast/video.mp4", "/cast/\(otherToken)/video.mp4",
            "/cast/\(token)/video.mkv",
            "/cast/\(token)/video.mp4/", "/cast/\(token)/../../etc/passwd", "/cast/\(token)/video.mp4/..",
            "/cast/\(token.uppercased())/video.mp4", "/etc/passwd",
        ] {
            let answer = try fetch(run, ["--path-as-is", origin + path])
            #expect(answer.status == 404, "\(path): \(answer)")
        }

        try run.signalProbe(SIGUSR1)
        _ = try run.wait(for: "the end of serving") { $0["event"] as? String == "stopped-serving" }
        let after = try run.inNamespace(["curl", "-s", "-o", "/dev/null", "--max-time", "10", "-w", "%{http_code}", url])
        #expect(after.status != 0 && after.output == "000", "still answered after stopServing: \(after.status) \(after.output)")
    }

    @Test(
        "The sink list says which MIME types the renderer takes",
        arguments: [
            (String?.none, "video/quicktime", true), ("-video/quicktime", "video/quicktime", false), (nil, "video/x-matroska", true),
        ])
    func sinkProtocols(filter: String?, mime: String, accepted: Bool) throws {
        let clip = try CastClip.mp4.get()
        let run = try CastProbeRun(
            ["--cast", clip.path, "--to", "Test TV", "--seconds", "150", "--serve-only", "--mime", mime], mimeFilter: filter)
        let (_, sinks) = try run.wait(for: "the sink list") { $0["action"] as? String == "GetProtocolInfo" }
        #expect((sinks["count"] as? Int ?? 0) > 10, "\(sinks)")
        let (_, answer) = try run.wait(for: "whether it takes \(mime)") { $0["event"] as? String == "accepts" }
        #expect(answer["accepted"] as? Bool == accepted, "\(answer)")
    }

    @Test("A UPnP error comes back with the renderer's code and description")
    func upnpError() throws {
        let clip = try CastClip.mp4.get()
        // Pause with nothing loaded: gmediarender refuses the transition with a UPnP error.
        let run = try CastProbeRun(["--cast", clip.path, "--to", "Test TV", "--seconds", "150", "--serve-only", "--pause-first"])
        let (_, pause) = try run.wait(for: "the pause's reply") { $0["action"] as? String == "Pause" }
        #expect(pause["result"] as? String == "failed", "\(pause)")
        #expect((pause["code"] as? Int ?? -1) > 0, "\(pause)")
        #expect(!(pause["description"] as? String ?? "").isEmpty, "\(pause)")
        // The run goes on: the renderer is still driven after an error.
        _ = try run.wait(for: "the served URL") { $0["event"] as? String == "serving" }
    }

    @Test("A file past 4 GiB is served in ranges from its mapping: right offsets and lengths, no copy in memory")
    func largeFile() throws {
        // Sparse: 5 GiB that take no disk, with a marker past 4 GiB where a 32-bit offset would wrap.
        let big = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-cast-big-\(getpid()).mp4")
        defer { try? FileManager.default.removeItem(at: big) }
        let total = 5 << 30, markerAt = (4 << 30) + (1 << 29), marker = "VIDEOTOY-MARKER"
        try Command.check(["truncate", "-s", "\(total)", big.path])
        let handle = try FileHandle(forWritingTo: big)
        try handle.seek(toOffset: UInt64(markerAt))
        try handle.write(contentsOf: Data(marker.utf8))
        try handle.close()

        let run = try CastProbeRun(["--cast", big.path, "--to", "Test TV", "--seconds", "150", "--serve-only"])
        let (_, serving) = try run.wait(for: "the served URL") { $0["event"] as? String == "serving" }
        let url = try #require(serving["url"] as? String)
        let markerRange = try run.inNamespace([
            "curl", "-s", "--max-time", "30", "-r", "\(markerAt)-\(markerAt + marker.utf8.count - 1)", url,
        ])
        #expect(markerRange.output == marker, "\(markerRange.output)")
        let rangeHeaders = try fetch(run, ["-r", "\(markerAt)-\(markerAt + 99)", url])
        #expect(rangeHeaders.status == 206 && rangeHeaders.size == 100, "\(rangeHeaders)")
        #expect(rangeHeaders.header("content-range") == "bytes \(markerAt)-\(markerAt + 99)/\(total)", "\(rangeHeaders)")
        let head = try fetch(run, ["-I", url])
        #expect(head.header("content-length") == "\(total)", "\(head)")
        let beyond = try fetch(run, ["-r", "\(total + 10)-", url])
        #expect(beyond.status == 416 && beyond.header("content-range") == "bytes */\(total)", "\(beyond)")

        let gib = try fetch(run, ["-r", "0-\((1 << 30) - 1)", url])
        #expect(gib.status == 206 && gib.size == 1 << 30, "\(gib)")
        // The mapping's pages count as file memory, which the kernel reclaims; a copy would be anonymous memory.
        let pid = try #require(run.lines.first { $0["event"] as? String == "started" }?["pid"] as? Int)
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let anonymous = status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") }
            .flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
        let kib = try #require(anonymous, "\(status)")
        #expect(kib < 128 * 1024, "the probe holds \(kib) KiB of anonymous memory after serving 1 GiB")
    }

    @Test("What is not a regular file is not served", arguments: ["fifo", "missing", "folder"])
    func notServed(kind: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-cast-\(kind)-\(getpid()).mp4").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        switch kind {
        case "fifo": #expect(mkfifo(path, 0o600) == 0)
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        default: break
        }
        let run = try CastProbeRun(["--cast", path, "--to", "Test TV", "--seconds", "150"])
        let (_, ended) = try run.wait(for: "the end") { $0["event"] as? String == "end" }
        #expect(ended["reason"] as? String == "not served", "\(run.report)")
        #expect(!run.lines.contains { $0["event"] as? String == "serving" })
        #expect(try run.exitStatus() == 1)
    }

    @Test("An action the renderer does not answer fails within its deadline")
    func deadline() throws {
        let clip = try CastClip.mp4.get()
        let run = try CastProbeRun(["--cast", clip.path, "--to", "Test TV", "--seconds", "150", "--timeout-ms", "1500"])
        _ = try run.wait(for: "the served URL") { $0["event"] as? String == "serving" }
        // A stopped renderer keeps its socket: the request is taken by the kernel and never answered.
        let pid = try run.rendererPid()
        kill(pid, SIGSTOP)
        let waited = Result { try run.wait(for: "a failed action") { $0["result"] as? String == "failed" } }
        kill(pid, SIGCONT)
        let (_, failed) = try waited.get()
        let description = failed["description"] as? String ?? ""
        #expect(description.hasPrefix("no answer in 1500 ms"), "\(failed)")
    }

    /// One curl request in the probe's namespace: its status, body size and response headers.
    private func fetch(_ run: CastProbeRun, _ arguments: [String]) throws -> Fetched {
        let result = try run.inNamespace(
            ["curl", "-s", "--max-time", "30", "-D", "-", "-o", "/dev/null", "-w", "\nstatus=%{http_code} size=%{size_download}"]
                + arguments)
        return Fetched(result.output)
    }
}

/// What curl printed: the headers, then `status=… size=…`.
private struct Fetched: CustomStringConvertible {
    let status: Int
    let size: Int
    let headers: [String: String]
    let description: String

    init(_ text: String) {
        description = text
        var headers: [String: String] = [:]
        var status = -1, size = -1
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("status=") {
                for field in line.split(separator: " ") {
                    let pair = field.split(separator: "=")
                    if pair.count == 2, pair[0] == "status" { status = Int(pair[1]) ?? -1 }
                    if pair.count == 2, pair[0] == "size" { size = Int(pair[1]) ?? -1 }
                }
            } else if let colon = line.firstIndex(of: ":") {
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        self.status = status
        self.size = size
        self.headers = headers
    }

    func header(_ name: String) -> String? { headers[name] }
}
