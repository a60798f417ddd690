import Foundation
import Glibc
import Testing
import VideoToyAppTesting

/// `videotoy-cast-probe` run by `scripts/netns-tv` beside a software renderer in a private network namespace, its
/// JSON lines read back as they come.
final class CastProbeRun {
    /// The probe binary: `$VIDEOTOY_CAST_PROBE`, else next to the running test bundle, else `.build/debug`.
    static var probeBinary: URL {
        if let path = ProcessInfo.processInfo.environment["VIDEOTOY_CAST_PROBE"] { return URL(fileURLWithPath: path) }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let sibling = exe.deletingLastPathComponent().appendingPathComponent("videotoy-cast-probe")
        if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
        return PackagePaths.root.appendingPathComponent(".build/debug/videotoy-cast-probe")
    }

    /// Fails, not skips, where the namespace cannot be made: a passing run must have talked to a renderer.
    static func requireRoot() throws {
        try #require(getuid() == 0, "the cast contract tests need root: scripts/netns-tv makes a network namespace (unshare --net)")
        try #require(
            FileManager.default.isExecutableFile(atPath: probeBinary.path),
            "no \(probeBinary.path): build it with swift build --build-tests")
    }

    let folder: URL
    private let child: ChildProcess
    private let stdoutURL: URL
    private let stderrURL: URL
    /// The renderer's pid file, written by scripts/netns-tv.
    let rendererPidFile: URL

    /// Starts the probe with `arguments` beside a renderer named `name`.
    init(_ arguments: [String], name: String = "Test TV", mimeFilter: String? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cast-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        stdoutURL = folder.appendingPathComponent("probe.out")
        stderrURL = folder.appendingPathComponent("probe.err")
        rendererPidFile = folder.appendingPathComponent("renderer.pid")
        let script = PackagePaths.root.appendingPathComponent("scripts/netns-tv").path
        let log = folder.appendingPathComponent("renderer.log").path
        let filter = mimeFilter.map { ["--mime-filter", $0] } ?? []
        child = try ChildProcess(
            [script, "--name", name, "--pidfile", rendererPidFile.path, "--log", log] + filter + ["--", Self.probeBinary.path] + arguments,
            environment: ProcessInfo.processInfo.environment, stdout: stdoutURL.path, stderr: stderrURL.path)
    }

    deinit {
        child.send(SIGTERM)
        let deadline = ContinuousClock.now + .seconds(10)
        while child.poll() == nil, ContinuousClock.now < deadline { usleep(20_000) }
        // ChildProcess's own deinit kills what is left.
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every JSON line printed so far.
    var lines: [[String: Any]] {
        let text = (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// The first line from `after` on that `matching` accepts, waited for at most `seconds`; throws with what the
    /// probe and the renderer said when it does not come, or when the probe ends first.
    func wait(
        for what: String, seconds: Int = 120, from after: Int = 0, _ matching: ([String: Any]) -> Bool
    ) throws -> (index: Int, line: [String: Any]) {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            let all = lines
            if let index = all.indices.dropFirst(after).first(where: { matching(all[$0]) }) { return (index, all[index]) }
            if child.poll() != nil, lines.count == all.count { throw HarnessError("the probe ended before \(what)\n\(report)") }
            if ContinuousClock.now > deadline { throw HarnessError("no \(what) in \(seconds) s\n\(report)") }
            usleep(50_000)
        }
    }

    /// The probe's exit status, waited for at most `seconds`.
    func exitStatus(seconds: Int = 60) throws -> Int32 {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if let ended = child.poll() { return ended.status }
            usleep(50_000)
        }
        throw HarnessError("the probe did not end in \(seconds) s\n\(report)")
    }

    /// Runs `arguments` in the probe's network namespace (the probe's `pid`, from its first line).
    func inNamespace(_ arguments: [String]) throws -> CommandResult {
        let (_, started) = try wait(for: "the start line") { $0["event"] as? String == "started" }
        guard let pid = started["pid"] as? Int else { throw HarnessError("no pid in \(started)") }
        return try Command.run(["nsenter", "--net=/proc/\(pid)/ns/net", "--"] + arguments)
    }

    /// The renderer's pid, from the pid file scripts/netns-tv keeps.
    func rendererPid() throws -> pid_t {
        let text = try String(contentsOf: rendererPidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(text) else { throw HarnessError("no renderer pid in \(rendererPidFile.path): \(text)") }
        return pid
    }

    /// Starts the renderer again in the namespace, with the command line scripts/netns-tv used, and records its pid
    /// where the script stops it at the end.
    func restartRenderer() throws {
        let command = try String(contentsOf: URL(fileURLWithPath: rendererPidFile.path + ".command"), encoding: .utf8)
        let log = folder.appendingPathComponent("renderer.log").path
        let started = try inNamespace(["sh", "-c", "\(command) </dev/null >>'\(log)' 2>&1 & echo $! >'\(rendererPidFile.path)'"])
        guard started.status == 0 else { throw HarnessError("cannot restart the renderer: \(started.stderr)") }
    }

    /// Sends `signal` to the probe itself (not the script around it).
    func signalProbe(_ signal: Int32) throws {
        let (_, started) = try wait(for: "the start line") { $0["event"] as? String == "started" }
        guard let pid = started["pid"] as? Int else { throw HarnessError("no pid in \(started)") }
        kill(pid_t(pid), signal)
    }

    /// What the probe printed and the tail of the renderer's log, for failure messages.
    var report: String {
        let out = (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
        let log = (try? String(contentsOf: folder.appendingPathComponent("renderer.log"), encoding: .utf8)) ?? ""
        return
            "probe stdout:\n\(out)\nprobe stderr:\n\(err)\nrenderer log (tail):\n\(log.split(separator: "\n").suffix(30).joined(separator: "\n"))"
    }
}
