/// The command line of `scripts/bench`, parsed by hand (the build fetches no packages).
struct BenchOptions {
    /// A command line that cannot be run, with the reason.
    struct UsageError: Error, CustomStringConvertible {
        /// What is wrong, for the terminal.
        let description: String
    }

    /// Library size for the open, probe, search and scroll figures.
    var n = 10_000
    /// Plays per clip for time to first frame.
    var plays = 10
    /// Play/stop cycles for the memory figure.
    var cycles = 100
    /// Launches for the start-up figure.
    var starts = 5
    /// Plug/unplug cycles.
    var handoffs = 4
    /// CI size: small library and few repetitions.
    var quick = false
    /// Groups to run; empty means all.
    var only: Set<String> = []
    /// The videotoy binary to measure; the wrapper always passes the one it built.
    var app: String?
    /// JSON output; the TSV goes beside it.
    var out = "artifacts/bench.json"
    /// Where clips and libraries are kept across runs; nil means the cache folder.
    var media: String?
    /// `--renderer`: passed to every launch of VideoToy, which then chooses its drawing path without the harness's
    /// `GSK_RENDERER=cairo`; nil keeps the harness's cairo.
    var renderer: String?
    /// `--shape`: the library layouts the scale group runs, in order.
    var shapes: [LibraryShape] = [.flat]
    /// Keep the scratch folder and print its path.
    var keep = false
    /// Print the usage and stop.
    var help = false

    /// Every group, in the order they run.
    static let groups = ["open", "probe", "search", "scale", "ttff", "cpu", "handoff", "memory", "startup", "idle", "peers"]

    /// Whether `group` was asked for.
    func wants(_ group: String) -> Bool { only.isEmpty || only.contains(group) }

    /// Reads `arguments` (without the program name) the way the bash version did, `--n=N` included.
    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw UsageError(description: "\(flag) wants a value") }
            return next
        }
        func number(_ flag: String) throws -> Int {
            let text = try value(flag)
            guard let n = Int(text), n >= 0 else { throw UsageError(description: "\(flag) wants a number, not \"\(text)\"") }
            return n
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--n": options.n = try number(argument)
            case _ where argument.hasPrefix("--n="):
                rest.insert(String(argument.dropFirst(4)), at: rest.startIndex)
                options.n = try number("--n")
            case "--quick":
                (options.quick, options.n, options.plays, options.cycles, options.starts, options.handoffs) = (true, 500, 3, 20, 3, 2)
            case "--plays": options.plays = try number(argument)
            case "--cycles": options.cycles = try number(argument)
            case "--starts": options.starts = try number(argument)
            case "--handoffs": options.handoffs = try number(argument)
            case "--only":
                options.only = Set(try value(argument).split(separator: ",").map(String.init))
                let unknown = options.only.subtracting(groups)
                guard unknown.isEmpty else {
                    throw UsageError(description: "unknown group \(unknown.sorted().joined(separator: ", ")) in --only")
                }
            case "--shape":
                let names = try value(argument).split(separator: ",").map(String.init)
                let shapes = names.compactMap(LibraryShape.init(rawValue:))
                guard shapes.count == names.count, !shapes.isEmpty else {
                    throw UsageError(description: "--shape wants flat, folders, nested or links (comma-separated)")
                }
                options.shapes = shapes
            case "--app": options.app = try value(argument)
            case "--out": options.out = try value(argument)
            case "--media": options.media = try value(argument)
            case "--renderer":
                let request = try value(argument)
                guard ["auto", "gl", "cairo"].contains(request) else {
                    throw UsageError(description: "--renderer wants auto, gl or cairo, not \"\(request)\"")
                }
                options.renderer = request
            case "--keep": options.keep = true
            // Building is the wrapper's job; these are accepted so one command line serves both.
            case "--debug", "--no-setup": break
            case "--scratch-path": _ = try value(argument)
            case "-h", "--help": options.help = true
            default: throw UsageError(description: "unknown option \(argument)")
            }
        }
        guard options.n >= 20 else { throw UsageError(description: "--n wants a number of at least 20") }
        guard options.cycles >= 11 else { throw UsageError(description: "--cycles wants at least 11 (growth is measured from cycle 10)") }
        return options
    }

    /// The help text, shown by `scripts/bench --help`.
    static let usage = """
        Usage: scripts/bench [OPTION...]

        Generates its own media, runs the real app (a release build) on a private virtual X display, reads its
        --events log and prints: metric, VideoToy, anchor, ratio, target, pass/fail. The same figures go to a
        JSON file (default artifacts/bench.json) and a TSV file beside it, to compare across commits.

          --n N              library size for the open/probe/scroll figures (default 10000)
          --quick            CI mode: N=500, 3 plays per clip, 20 play cycles, 3 start-ups, 2 handoffs
          --plays K          plays per clip for time to first frame (default 10)
          --cycles K         play/stop cycles for the memory figure (default 100)
          --starts K         launches for the start-up figure (default 5)
          --handoffs K       plug/unplug cycles (default 4)
          --only LIST        comma-separated groups: open,probe,search,scale,ttff,cpu,handoff,memory,startup,idle,
                             peers (VideoToy beside mpv, Celluloid, Totem and Clapper; scripts/setup bench installs them)
                             (default: all); scale is the large-library group: run it at --n 10000, 30000
                             and 100000 for the curve
          --shape LIST       comma-separated library layouts for the scale group (default flat): flat (one
                             folder), folders (10 of N/10), nested (10x10x10 folders, files at every level), links
                             (100 folders of the same names, all hard links to one clip); rows scale.SHAPE.*
          --app PATH         benchmark this videotoy binary instead of building one
          --debug            build and benchmark the debug configuration (default: release)
          --scratch-path P   passed to `swift build`
          --out FILE         JSON output (default artifacts/bench.json; the TSV is FILE with .tsv)
          --media DIR        where generated clips and libraries are kept (default
                             ${XDG_CACHE_HOME:-~/.cache}/videotoy-bench); reused across runs
          --renderer R       auto, gl or cairo: VideoToy chooses its drawing path as started from a menu, with
                             --renderer=R (default: GSK_RENDERER=cairo and GL disabled, as the tests run it)
          --no-setup         do not run scripts/setup (install missing packages)
          --keep             keep the run's scratch folder (events logs, screenshots) and print its path
          -h, --help         this text

        scripts/bench runs scripts/setup, builds the app and this benchmark (Sources/videotoy-bench), then runs it
        with the same options; `swift run videotoy-bench --app PATH ...` runs it directly.

        Environment: the app runs with a private XDG_CACHE_HOME and XDG_CONFIG_HOME, so its caches start cold and
        nothing of yours is read or written; GStreamer's plugin registry is still shared (GST_REGISTRY).
        VIDEOTOY_BENCH_PEERS=totem,clapper limits the peers group to those players (ids as in its rows).
        """
}
