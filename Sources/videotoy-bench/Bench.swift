import Foundation
import Glibc
import VideoToyAppTesting

/// One whole benchmark run: set-up, a warm-up launch, the groups asked for, the report.
struct Bench {
    /// The command line.
    let options: BenchOptions

    /// Runs everything; throws only when the benchmark cannot run, never for a slow figure.
    func run() throws {
        let started = ContinuousClock.now
        for tool in ["gst-launch-1.0", "gst-discoverer-1.0", "xdotool", "Xorg"] where !Self.onPath(tool) {
            throw BenchFailure("\(tool) is missing (scripts/setup test installs it)")
        }
        guard let appPath = options.app else { throw BenchFailure("no --app given (scripts/bench builds one and passes it)") }
        let app = URL(fileURLWithPath: appPath).resolvingSymlinksInPath()
        guard FileManager.default.isExecutableFile(atPath: app.path) else { throw BenchFailure("no app at \(app.path)") }

        let environment = ProcessInfo.processInfo.environment
        let userCache = environment["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache")
        let mediaRoot = options.media ?? environment["VIDEOTOY_BENCH_CACHE"] ?? userCache + "/videotoy-bench"
        let work = URL(fileURLWithPath: try Self.makeScratchFolder())
        defer {
            if options.keep { note("scratch folder kept: \(work.path)") } else { try? FileManager.default.removeItem(at: work) }
        }
        // The anchors and this process's own clip making see what the app sees: private XDG folders, but the
        // user's GStreamer registry, so no tool spends the run rebuilding it.
        setenv("GST_REGISTRY", environment["GST_REGISTRY"] ?? "\(userCache)/gstreamer-1.0/registry.\(Self.machine()).bin", 1)
        setenv("XDG_CACHE_HOME", work.appendingPathComponent("cache").path, 1)
        setenv("XDG_CONFIG_HOME", work.appendingPathComponent("config").path, 1)

        let media = BenchMedia(root: URL(fileURLWithPath: mediaRoot), n: options.n)
        try media.prepare(shapes: options.wants("scale") ? options.shapes : [])
        let display = try VirtualDisplay()
        defer { display.stop() }
        // gst-launch's ximagesink draws on the same display as the app.
        for (key, value) in display.environment { setenv(key, value, 1) }
        note("display \(display.display), app \(app.path), scratch \(work.path)")

        let session = BenchSession(options: options, app: app, media: media, display: display, work: work)
        // A warm-up launch, so the first measured one does not pay for cold page and font caches.
        let warmup = try session.launch("warmup", [media.cycles.path])
        warmup.waitEvents(.probe, count: 12, seconds: 30)
        warmup.stop()

        let groups: [(String, (BenchSession) throws -> Void)] = [
            ("open", OpenGroup.run), ("probe", ProbeGroup.run), ("search", SearchGroup.run), ("scale", ScaleGroup.run),
            ("ttff", FirstFrameGroup.run),
            ("cpu", PlaybackCostGroup.run),
            ("handoff", HandoffGroup.run), ("memory", MemoryGroup.run), ("startup", StartupGroup.run),
            ("idle", IdleGroup.run), ("peers", PeersGroup.run),
        ]
        for (name, run) in groups where options.wants(name) { try run(session) }

        let seconds = Int((ContinuousClock.now - started).components.seconds)
        let info = RunInfo.gather(app: app, options: options, seconds: seconds)
        print(ReportWriter.table(session.rows, info: info), terminator: "")
        // Before the scratch folder's note on stderr, as a terminal would show them.
        fflush(nil)
        let tsv = try ReportWriter.write(session.rows, info: info, to: options.out)
        if options.keep {
            for file in [options.out, tsv] {
                try? FileManager.default.copyItem(
                    atPath: file, toPath: work.appendingPathComponent((file as NSString).lastPathComponent).path)
            }
        }
        print("\nWrote \(options.out) and \(tsv).")
        fflush(nil)
    }

    private static func makeScratchFolder() throws -> String {
        var template = Array("/tmp/videotoy-bench.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchFailure("cannot make a scratch folder in /tmp") }
        return String(cString: made)
    }

    private static func onPath(_ tool: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    /// The machine name `uname -m` prints, which GStreamer puts in its registry's file name.
    private static func machine() -> String {
        var names = utsname()
        uname(&names)
        return withUnsafeBytes(of: &names.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
