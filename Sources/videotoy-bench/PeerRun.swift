import Foundation
import Glibc
import VideoToyAppTesting

/// One player playing one clip fullscreen, measured from outside: the window and the first frame from the screen,
/// CPU and memory of its process tree from /proc, dropped frames from what the player itself reports.
struct PeerRun {
    /// CPU seconds of the process tree over the 20 s measured.
    var cpu: Double?
    /// PSS of the tree at the end, MB.
    var pss: Double?
    /// Launch to the first frame seen on screen, ms.
    var firstFrameMs: Int?
    /// Launch to the player's window managed on screen, ms.
    var windowMs: Int?
    /// Dropped frames as the player counts them; nil where it does not say.
    var dropped: Int?
    /// How `dropped` came about.
    var droppedHow = ""
    /// Whether the picture came to fill the screen.
    var fullscreen = false
    /// Whether the picture moved at the start and the end of the measured time.
    var moving = false
    /// What went wrong or how fullscreen was reached, for the notes.
    var remarks: [String] = []

    /// Seconds of playback the CPU figure covers.
    static let seconds = 20

    /// Whether the row's figures stand: the player played the file, fullscreen.
    var counts: Bool { fullscreen && moving && cpu != nil }

    /// Plays `clip` with `player` on `display` (its session bus process `bus`), then kills the whole tree.
    static func measure(_ player: PeerPlayer, clip: String, display: VirtualDisplay, bus: pid_t?, work: URL, tag: String) -> PeerRun {
        var run = PeerRun()
        let side = work.appendingPathComponent("\(tag).\(player.isVideoToy ? "jsonl" : "sock")").path
        let sample = work.appendingPathComponent("peer-sample.rgb")
        let screen = display.environment
        var environment = ProcessInfo.processInfo.environment.merging(screen) { $1 }
        environment.merge(["GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1", "LANGUAGE": "en"]) { $1 }
        for (key, value) in player.environment { environment[key] = value.isEmpty ? nil : value }
        let before = ProcessTree.allPids()
        let out = work.appendingPathComponent("\(tag).out").path
        guard let child = try? ChildProcess(player.arguments(clip, side), environment: environment, stdout: out, stderr: out) else {
            run.remarks.append("could not be started")
            return run
        }
        let tree = ProcessTree(root: child.pid, bus: bus, before: before)
        defer {
            tree.kill()
            _ = child.wait()
            waitForNoWindow(screen)
        }
        let elapsed = { child.started.duration(to: .now).wholeMilliseconds }

        // The window and the first frame, polled together: a cheap window-list read, then a small screen sample.
        let deadline = ContinuousClock.now + .seconds(40)
        var last: ScreenSample?
        while run.firstFrameMs == nil, ContinuousClock.now < deadline, child.poll() == nil {
            if run.windowMs == nil, hasWindow(screen) { run.windowMs = elapsed() }
            last = ScreenSample.take(screen, file: sample)
            if let last, last.showsVideo {
                run.firstFrameMs = elapsed()
                if run.windowMs == nil { run.windowMs = run.firstFrameMs }
            }
        }
        guard run.firstFrameMs != nil else {
            run.remarks.append(child.poll() == nil ? "no picture on screen within 40 s" : "exited before showing a picture")
            return run
        }
        // Players that take no fullscreen option get the key at once: waiting for them first would push the 20 s
        // past the clip's end, and the figures would count a player idling on its last frame.
        run.fullscreen = !player.fullscreenByKey && waitForFullscreen(screen, sample: sample, seconds: 8)
        if !run.fullscreen, player.fullscreenByKey {
            for key in ["F11", "f"] where !run.fullscreen {
                _ = try? Command.run(["xdotool", "key", key], extraEnvironment: screen)
                run.fullscreen = waitForFullscreen(screen, sample: sample, seconds: 6)
                if run.fullscreen { run.remarks.append("fullscreen by the \(key) key") }
            }
        }
        if !run.fullscreen { run.remarks.append("the picture never filled the screen") }
        let movingAtStart = isMoving(screen, sample: sample)

        let cpuStart = tree.cpuSeconds()
        usleep(UInt32(seconds) * 1_000_000)
        run.cpu = tree.cpuSeconds() - cpuStart
        run.pss = tree.pssMB()
        if player.speaksMPVIPC { (run.dropped, run.droppedHow) = mpvDrops(socket: side) }
        run.moving = movingAtStart && isMoving(screen, sample: sample)
        if !run.moving { run.remarks.append("the picture was not moving (start \(movingAtStart))") }
        run.remarks.append("tree: \(Set(tree.names()).sorted().joined(separator: " "))")
        if player.isVideoToy { (run.dropped, run.droppedHow) = videoToyDrops(log: side, child: child) }
        return run
    }

    /// Waits up to `seconds` for the test picture to fill the screen.
    private static func waitForFullscreen(_ screen: [String: String], sample: URL, seconds: Int) -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if ScreenSample.take(screen, file: sample)?.videoFillsScreen == true { return true }
            usleep(100_000)
        }
        return false
    }

    /// Whether two samples half a second apart differ where testsrc2 moves (its lines, dots and clock); up to five
    /// pairs, as a player may redraw slowly for a moment (Totem while it rebuilds its GL surface for fullscreen).
    private static func isMoving(_ screen: [String: String], sample: URL) -> Bool {
        for _ in 0..<5 {
            guard let first = ScreenSample.take(screen, file: sample) else { continue }
            usleep(500_000)
            guard let second = ScreenSample.take(screen, file: sample) else { continue }
            if second.changed(since: first) > 0.002 { return true }
        }
        return false
    }

    /// Whether the window manager manages any window: only one player runs at a time, so it is the player's.
    private static func hasWindow(_ screen: [String: String]) -> Bool {
        let result = try? Command.run(["xprop", "-root", "_NET_CLIENT_LIST"], extraEnvironment: screen)
        return result?.output.contains("0x") == true
    }

    /// Waits up to 5 s for the last window to go, so the next row starts on an empty screen.
    private static func waitForNoWindow(_ screen: [String: String]) {
        let deadline = ContinuousClock.now + .seconds(5)
        while hasWindow(screen), ContinuousClock.now < deadline { usleep(100_000) }
    }

    /// mpv's own counts over its IPC socket: frames the output dropped plus frames the decoder skipped.
    private static func mpvDrops(socket: String) -> (Int?, String) {
        let script = """
            import json, socket, sys
            s = socket.socket(socket.AF_UNIX); s.settimeout(3); s.connect(sys.argv[1])
            out = {}
            for i, name in enumerate(["frame-drop-count", "decoder-frame-drop-count"]):
                s.sendall((json.dumps({"command": ["get_property", name], "request_id": i + 1}) + "\\n").encode())
            buf = b""
            while len(out) < 2:
                buf += s.recv(65536)
                for line in buf.split(b"\\n"):
                    try: m = json.loads(line)
                    except ValueError: continue
                    if m.get("request_id") in (1, 2): out[m["request_id"]] = m.get("data", 0) or 0
            print(out[1], out[2])
            """
        guard let result = try? Command.run(["python3", "-c", script, socket]), result.status == 0 else {
            return (nil, "mpv IPC did not answer")
        }
        let numbers = result.output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard numbers.count == 2 else { return (nil, "mpv IPC: \(result.output)") }
        return (
            numbers[0] + numbers[1], "mpv frame-drop-count \(numbers[0]) + decoder-frame-drop-count \(numbers[1]) at the end of the 20 s"
        )
    }

    /// VideoToy's `finished` event (it plays to the end with --exit-on-end): pictures replaced before being drawn.
    private static func videoToyDrops(log: String, child: ChildProcess) -> (Int?, String) {
        let deadline = ContinuousClock.now + .seconds(20)
        while child.poll() == nil, ContinuousClock.now < deadline { usleep(200_000) }
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.contains("\"frames_dropped\"") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
            let dropped = (object["frames_dropped"] as? NSNumber)?.intValue
            let shown = (object["frames_shown"] as? NSNumber)?.intValue ?? 0
            return (dropped, "VideoToy finished event over the whole clip: \(dropped.map(String.init) ?? "?") dropped, \(shown) drawn")
        }
        return (nil, "no finished event")
    }
}
