import Foundation
import Testing
import VideoToyAppTesting
import VideoToyMedia

/// Every end-to-end suite nests here, so they run one at a time: each starts an X server and plays video
/// on a 2-core machine, and overlapping runs would make timings and screenshots meaningless.
@Suite("End to end", .serialized)
enum EndToEnd {}

/// Shared set-up for the end-to-end suites: generated clips and small helpers over the harness.
enum Fixture {
    /// A folder of generated clips, made once per test process.
    static let clips: Clips = {
        do { return try Clips() } catch { fatalError("cannot generate test clips: \(error)") }
    }()

    /// The generated clips.
    struct Clips: Sendable {
        let folder: String
        /// Random noise: every frame differs from the last, so "frames advance" is easy to see.
        let snow: String
        /// A white ball bouncing on black: mostly dark.
        let ball: String
        /// A short clip for end-of-playback tests.
        let short: String
        /// Two minutes, small and cheap to make: for tests that must find it still playing after a long sequence on
        /// busy cores, where the 30 s clips may already have ended.
        let long: String

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-clips-\(getpid())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            snow = folder + "/a snow.mp4"
            ball = folder + "/b ball.mp4"
            short = folder + "/c short.webm"
            // Outside the folder, so the library the tests open keeps its three rows.
            let longFolder = folder + "-long"
            try FileManager.default.createDirectory(atPath: longFolder, withIntermediateDirectories: true)
            long = longFolder + "/d long.mp4"
            try ClipFactory.make(ClipSpec(width: 640, height: 360, durationMs: 30_000, pattern: "snow"), at: snow)
            try ClipFactory.make(ClipSpec(width: 640, height: 360, durationMs: 30_000, pattern: "ball"), at: ball)
            try ClipFactory.make(
                ClipSpec(
                    width: 320, height: 240, durationMs: 1500, container: .webm, videoCodec: .vp8,
                    pattern: "smpte"), at: short)
            try ClipFactory.make(ClipSpec(width: 320, height: 180, durationMs: 120_000, pattern: "ball"), at: long)
        }
    }

    /// The rows' video slots, below the header: each row shows its video first, in a 16:9 slot about 334 px wide.
    static func slotColumn(_ window: Rect) -> Rect {
        Rect(x: window.x + 8, y: window.y + 60, width: 350, height: window.height - 80)
    }

    /// The rows' labels, beside the slots.
    static func labelColumn(_ window: Rect) -> Rect {
        Rect(x: window.x + 372, y: window.y + 100, width: window.width / 3, height: window.height - 140)
    }

    /// The main window's geometry on the root window, from xdotool.
    static func mainWindow(_ display: VirtualDisplay) throws -> Rect {
        let ids = try display.run(["xdotool", "search", "--onlyvisible", "--name", "^VideoToy$"]).output
            .split(separator: "\n")
        guard let id = ids.first else { throw HarnessError("no VideoToy window on \(display.display)") }
        let shell = try display.run(["xdotool", "getwindowgeometry", "--shell", String(id)]).output
        var values: [String: Int] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        return Rect(x: values["X"] ?? 0, y: values["Y"] ?? 0, width: values["WIDTH"] ?? 0, height: values["HEIGHT"] ?? 0)
    }

    /// The fraction of pixels in `rect` that change between a first screenshot and a later one.
    ///
    /// Waits for motion instead of for time: on a loaded machine the player may skip a beat, so later
    /// screenshots are taken until one differs from the first by more than `needed`, or `within` has passed.
    /// Returns the first fraction above `needed`, or else the largest one seen.
    static func motion(
        _ display: VirtualDisplay, crop: String? = nil, in rect: Rect? = nil, needed: Double,
        within: Duration = .seconds(10)
    ) async throws -> Double {
        try await motionPair(display, crop: crop, in: rect, needed: needed, within: within).fraction
    }

    /// Whether the screen in `rect` keeps changing: `pairs` screenshot pairs in a row, 300 ms apart, each differing by
    /// more than `needed`, seen within `within`. Playing video passes; a poster drawn once does not.
    static func keepsMoving(
        _ display: VirtualDisplay, in rect: Rect, needed: Double = 0.02, pairs: Int = 4,
        within: Duration = .seconds(20)
    ) async throws -> (moving: Bool, fractions: [Double]) {
        let deadline = ContinuousClock.now + within
        var previous = try display.screenshot()
        var run = 0
        var fractions: [Double] = []
        repeat {
            try await Task.sleep(for: .milliseconds(300))
            let next = try display.screenshot()
            let fraction = next.fractionDiffering(from: previous, in: rect, tolerance: 24)
            fractions.append(fraction)
            run = fraction > needed ? run + 1 : 0
            if run >= pairs { return (true, fractions) }
            previous = next
        } while ContinuousClock.now < deadline
        return (false, fractions)
    }

    /// Waits until a visible window whose title matches `name` (a regular expression) is on the display.
    static func waitForWindow(_ display: VirtualDisplay, named name: String, within: Duration = .seconds(15)) async throws {
        let deadline = ContinuousClock.now + within
        while ContinuousClock.now < deadline {
            let found = (try? display.run(["xdotool", "search", "--onlyvisible", "--name", name]).output) ?? ""
            if !found.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw HarnessError("no window named \"\(name)\" within \(within)")
    }

    /// Waits until the window manager has given the keyboard to the one visible window whose title matches `name`
    /// (by default the main window; the fullscreen window shares its title, so it must be gone). Focus moves through
    /// the window manager when a window opens or closes, and keys sent before it arrives land nowhere.
    static func waitForKeyboard(_ display: VirtualDisplay, in name: String = "^VideoToy$", within: Duration = .seconds(45)) async throws {
        try await eventually("the window \"\(name)\" has the keyboard", within: within) {
            let visible = ((try? display.run(["xdotool", "search", "--onlyvisible", "--name", name]).output) ?? "")
                .split(whereSeparator: \.isNewline)
            let active = ((try? display.run(["xdotool", "getactivewindow"]).output) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return visible.count == 1 && String(visible[0]) == active
        }
    }

    /// Polls `condition` until it holds; throws, naming `what`, when it still does not after `within`.
    static func eventually(_ what: String, within: Duration = .seconds(45), _ condition: () throws -> Bool) async throws {
        let deadline = ContinuousClock.now + within
        while ContinuousClock.now < deadline {
            if try condition() { return }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw HarnessError("\(what): not so within \(within)")
    }

    /// Waits until the screen in `rect` differs from `reference` by more than `needed` (a redraw after input), and
    /// returns the largest fraction seen within `within`.
    static func waitForScreen(
        _ display: VirtualDisplay, in rect: Rect, differingFrom reference: Image, needed: Double = 0.001,
        within: Duration = .seconds(10)
    ) async throws -> Double {
        let deadline = ContinuousClock.now + within
        var best = 0.0
        repeat {
            let fraction = try display.screenshot().fractionDiffering(from: reference, in: rect, tolerance: 24)
            if fraction > needed { return fraction }
            best = max(best, fraction)
            try await Task.sleep(for: .milliseconds(200))
        } while ContinuousClock.now < deadline
        return best
    }

    /// Like `motion`, and also returns the two screenshots compared, to check what must not move.
    static func motionPair(
        _ display: VirtualDisplay, crop: String? = nil, in rect: Rect? = nil, needed: Double,
        within: Duration = .seconds(10)
    ) async throws -> (fraction: Double, first: Image, second: Image) {
        let first = try display.screenshot(crop: crop)
        let deadline = ContinuousClock.now + within
        var best: (fraction: Double, first: Image, second: Image)?
        repeat {
            try await Task.sleep(for: .milliseconds(300))
            let second = try display.screenshot(crop: crop)
            let fraction = second.fractionDiffering(from: first, in: rect, tolerance: 24)
            if fraction > needed { return (fraction, first, second) }
            if fraction >= best?.fraction ?? -1 { best = (fraction, first, second) }
        } while ContinuousClock.now < deadline
        return best!
    }
}
