import Foundation
import Glibc
import VideoToyAppTesting

/// What every group shares in one run: the options, the app, the media, the display and the scratch folder.
final class BenchSession {
    /// The command line.
    let options: BenchOptions
    /// The videotoy binary under measurement.
    let app: URL
    /// The generated clips and library.
    let media: BenchMedia
    /// The private X display the app and the anchors draw on.
    let display: VirtualDisplay
    /// The run's scratch folder: events logs, the app's private cache and config.
    let work: URL
    /// GStreamer's tools over the same files.
    let anchors: GStreamerAnchors
    /// The figures so far, in report order.
    var rows: [BenchRow] = []

    /// Sets up a run; the caller has already pointed XDG_CACHE_HOME into `work` for every child.
    init(options: BenchOptions, app: URL, media: BenchMedia, display: VirtualDisplay, work: URL) {
        (self.options, self.app, self.media, self.display, self.work) = (options, app, media, display, work)
        anchors = GStreamerAnchors(work: work)
    }

    /// The app's private cache folder, shared by every launch of the run so the second open finds the first's cache.
    var cacheHome: URL { work.appendingPathComponent("cache") }

    /// Starts the app with its events log in the scratch folder as `name.jsonl`.
    func launch(_ name: String, _ arguments: [String]) throws -> BenchApp {
        let environment = [
            "XDG_CACHE_HOME": cacheHome.path,
            "XDG_CONFIG_HOME": work.appendingPathComponent("config").path,
            "NO_AT_BRIDGE": "1",
        ]
        // --renderer: the app chooses its drawing path as from a menu, told this; else the tests' cairo with no GL.
        let drawing = options.renderer.map { ["--renderer=\($0)"] } ?? []
        return try BenchApp(
            binary: app, arguments: drawing + arguments, display: display, environment: environment, folder: work, name: name,
            choosingRenderer: options.renderer != nil)
    }

    /// Adds a figure to the report.
    func add(_ row: BenchRow) {
        rows.append(row)
    }

    /// Runs an xdotool command on the display; a failure is noted, not fatal, as a missed key only spoils a figure.
    func xdotool(_ arguments: String...) {
        let result = try? Command.run(["xdotool"] + arguments, extraEnvironment: display.environment)
        if result?.status != 0 { note("xdotool \(arguments.joined(separator: " ")) failed: \(result?.stderr ?? "not run")") }
    }

    /// Gives the main window the keyboard.
    func activateMainWindow() {
        xdotool("search", "--sync", "--onlyvisible", "--name", "^VideoToy$", "windowactivate", "--sync")
    }

    /// How many PNG files the app's thumbnail cache holds.
    func thumbnailCount() -> Int {
        let folder = cacheHome.appendingPathComponent("thumbnails")
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return 0 }
        return walker.allObjects.count(where: { ($0 as? String)?.hasSuffix(".png") ?? false })
    }

    /// Sleeps on the benchmark's thread; the app keeps running.
    func pause(_ seconds: Double) {
        usleep(UInt32(seconds * 1_000_000))
    }
}
