/// Parses VideoToy's command line, following GLib's option conventions (`--name value`, `--name=value`, `--`).
public enum CommandLineParser {
    /// The program's version.
    public static let version = AppIdentity.version

    /// One documented option.
    public struct Spec: Sendable {
        /// The long name, without its dashes.
        public let long: String
        /// The one-letter name, if any.
        public let short: Character?
        /// What its value looks like in the help; nil for a flag.
        public let argument: String?
        /// The help line.
        public let help: String

        /// The kind of value, as GLib's option parser types it.
        public var kind: Kind {
            switch long {
            case "play", "events", "show": .path
            case "reconnect-grace": .number
            default: argument == nil ? .flag : .text
            }
        }

        /// The kind of value an option takes.
        public enum Kind: Sendable {
            /// No value.
            case flag
            /// Text.
            case text
            /// A number of seconds.
            case number
            /// A file name, whose bytes need not be UTF-8.
            case path
        }
    }

    /// Every option of VideoToy's own, in the order the help lists them.
    public static let specs: [Spec] = [
        Spec(long: "demo", short: nil, argument: nil, help: "Generate the demo library once and open it"),
        Spec(long: "play", short: "p", argument: "FILE", help: "Start with FILE selected and playing"),
        Spec(long: "fullscreen", short: "f", argument: nil, help: "Play the --play file fullscreen"),
        Spec(long: "show", short: nil, argument: "FILE", help: "Open the show FILE (an XSPF playlist) for the presenter"),
        Spec(long: "controls", short: nil, argument: "none|embedded|full", help: "How much playback control to show (default: embedded)"),
        Spec(long: "scaling", short: nil, argument: "fit|fill|stretch|none", help: "How videos fill their views (default: fit)"),
        Spec(long: "on-end", short: nil, argument: "stop|next|loop", help: "What happens when a video ends (default: stop)"),
        Spec(long: "shuffle", short: nil, argument: nil, help: "Play the next video in a shuffled order of the rows shown"),
        Spec(
            long: "exit-on-end", short: nil, argument: nil, help: "Quit after the last video: status 0 when it finished, 1 when it failed"),
        Spec(long: "events", short: nil, argument: "PATH", help: "Write a JSON-lines events log to PATH (- for stdout)"),
        Spec(long: "screen", short: nil, argument: "NAME", help: "Use this external screen: a connector such as HDMI-1, or a TV's name"),
        Spec(
            long: "reconnect-grace", short: nil, argument: "SECONDS",
            help: "Keep a screen's route this long after it vanishes (default: 2, 0 = off)"),
        Spec(long: "keep-mode", short: nil, argument: nil, help: "Never change the external screen's display mode"),
        Spec(
            long: "no-network-screens", short: nil, argument: nil,
            help: "Do not look for TVs on the network for this run, and listen on nothing"),
        Spec(long: "remote-control", short: nil, argument: nil, help: "Serve the phone remote on the network for this run"),
        Spec(
            long: "audio-output", short: nil, argument: "follow|default|NAME",
            help: "Sound on the video's screen (default), the system default, or this output, for this run"),
        Spec(
            long: "audio-language", short: nil, argument: "LANG[,LANG…]",
            help: "Play the first soundtrack in these languages (ISO 639 codes such as fr or fre)"),
        Spec(
            long: "subtitles", short: nil, argument: "auto|off|LANG[,LANG…]",
            help: "Show subtitles in these languages, none, or as each file marks them (default: auto)"),
        Spec(long: "new-window", short: nil, argument: nil, help: "Open a separate window instead of using the running one"),
        Spec(long: "debug", short: nil, argument: nil, help: "Always show playback controls"),
        Spec(
            long: "renderer", short: nil, argument: "auto|gl|cairo",
            help: "How windows are drawn: GL, cairo, or cairo where GL has no GPU (default: auto)"),
        Spec(long: "check", short: nil, argument: nil, help: "Print what this session can do, then exit"),
        Spec(long: "version", short: nil, argument: nil, help: "Show the version and exit"),
    ]

    /// What the arguments that are not options are, for the help's usage line.
    public static let parameters = "[PATH…]"

    /// The one-line summary under the help's usage line.
    public static let summary = "Browse videos; the playing one follows external screens."

    /// The help text, laid out like GLib's; `wording` gives each of `helpWords` in the reader's language.
    public static func help(program: String, wording: (String) -> String = { $0 }) -> String {
        let rows = specs.map { spec -> (String, String) in
            var left = spec.short.map { "-\($0), " } ?? ""
            left += "--\(spec.long)"
            if let arg = spec.argument { left += "=\(arg)" }
            return (left, wording(spec.help))
        }
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        func pad(_ s: String) -> String { s + String(repeating: " ", count: max(2, width - s.count)) }
        var text = "\(wording(usageHeading))\n  \(program) [OPTION…] \(parameters)\n\n\(wording(summary))\n\n"
        text += "\(wording(helpHeading))\n  \(pad("-h, --help"))\(wording(helpOptionHelp))\n"
        for (name, help) in glibHelp { text += "  \(pad(name))\(wording(help))\n" }
        text += "\n\(wording(applicationHeading))\n"
        for (left, help) in rows { text += "  \(pad(left))\(help)\n" }
        return text
    }

    /// The help's headings and `--help`'s own line, as GLib words them.
    static let usageHeading = "Usage:"
    static let helpHeading = "Help Options:"
    static let applicationHeading = "Application Options:"
    static let helpOptionHelp = "Show help options"

    /// Every English text `help(program:wording:)` passes through its `wording`, in the order it does.
    public static var helpWords: [String] {
        [usageHeading, summary, helpHeading, helpOptionHelp] + glibHelp.map(\.1) + [applicationHeading] + specs.map(\.help)
    }

    /// GLib's help groups, which GApplication prints: the options of GApplication and GStreamer, and all of them.
    static let glibHelp = [
        ("--help-all", "Show all help options"), ("--help-gapplication", "Show GApplication options"),
        ("--help-gst", "Show GStreamer Options"),
    ]

    /// GApplication's option that starts the app as a D-Bus service, waiting for activation.
    public static let serviceOption = "--gapplication-service"

    /// GStreamer's own options (`gst_init_get_option_group`), which GLib reads; true for those that take a value.
    static let gstreamerOptions: [String: Bool] = [
        "--gst-version": false, "--gst-fatal-warnings": false, "--gst-debug-help": false, "--gst-debug-level": true,
        "--gst-debug": true, "--gst-debug-no-color": false, "--gst-debug-color-mode": true, "--gst-debug-disable": false,
        "--gst-plugin-spew": false, "--gst-plugin-path": true, "--gst-plugin-load": true, "--gst-disable-segtrap": false,
        "--gst-disable-registry-update": false, "--gst-disable-registry-fork": false,
    ]

    /// The longest argument read, in bytes: twice PATH_MAX.
    public static let longestArgument = 8192

    /// Parses `arguments` (without the program name); an argument longer than `longestArgument` is refused.
    public static func parse(
        _ arguments: [String], program: String = "videotoy",
        environment: [String: String] = [:]
    ) throws(CommandLineError) -> CommandLineRequest {
        // Refused before any other work: a path is at most PATH_MAX (4,096) bytes, and every option far shorter.
        if let long = arguments.first(where: { $0.utf8.count > longestArgument }) {
            throw .argumentTooLong(bytes: long.utf8.count, limit: longestArgument)
        }
        var options = Options()
        if let flag = environment["VIDEOTOY_DEBUG"], flag != "", flag != "0" { options.debug = true }
        var index = 0
        var onlyPaths = false
        while index < arguments.count {
            let arg = arguments[index]
            index += 1
            if onlyPaths || !arg.hasPrefix("-") || arg == "-" {
                options.paths.append(PathArgument.path(fromArgument: arg))
                continue
            }
            if arg == "--" { onlyPaths = true; continue }
            if arg == "-h" || arg == "--help" || arg == "-?" { return .help }
            if glibHelp.contains(where: { $0.0 == arg }) { return .glibHelp }
            if arg == ManPage.option {
                return .print(ManPage.roff(program: program, date: environment["SOURCE_DATE_EPOCH"].flatMap(ManPage.date(epoch:))))
            }
            let (name, inlineValue) = split(arg)
            if name == serviceOption || gstreamerOptions[name] != nil {
                // GLib reads these once the app runs; here they are only stepped over, with their values.
                if inlineValue != nil && gstreamerOptions[name] != true {
                    throw .unexpectedValue(option: name)
                }
                if gstreamerOptions[name] == true && inlineValue == nil {
                    guard index < arguments.count else { throw .missingArgument(option: name) }
                    index += 1
                }
                if name == serviceOption { options.service = true }
                continue
            }
            guard let spec = specs.first(where: { "--\($0.long)" == name || $0.short.map { "-\($0)" } == name }) else {
                throw .unknownOption(name)
            }
            var value: String?
            if spec.argument != nil {
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw .missingArgument(option: "--\(spec.long)")
                }
            } else if inlineValue != nil {
                throw .unexpectedValue(option: "--\(spec.long)")
            }
            if spec.long == "version" { return .print("\(program) \(version)\n") }
            try apply(spec.long, value, to: &options)
            options.given.insert(spec.long)
        }
        return .run(options)
    }

    private static func split(_ arg: String) -> (String, String?) {
        guard arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") else { return (arg, nil) }
        return (String(arg[..<eq]), String(arg[arg.index(after: eq)...]))
    }

    private static func apply(_ name: String, _ value: String?, to options: inout Options) throws(CommandLineError) {
        switch name {
        case "demo": options.demo = true
        case "play": options.play = value.map(PathArgument.path(fromArgument:))
        case "show": options.show = value.map(PathArgument.path(fromArgument:))
        case "fullscreen": options.fullscreen = true
        case "exit-on-end": options.exitOnEnd = true
        case "shuffle": options.shuffle = true
        case "events": options.eventsPath = value
        case "screen": options.screen = value
        case "keep-mode": options.keepMode = true
        case "no-network-screens": options.networkScreens = false
        case "remote-control": options.remoteControl = true
        case "audio-output":
            guard let choice = AudioChoice(argument: value ?? "") else {
                throw .invalidValue(.audioOutput, value: value ?? "")
            }
            options.audioOutput = choice
        case "audio-language":
            guard let languages = Language.list(value ?? "") else {
                throw .invalidValue(.audioLanguage, value: value ?? "")
            }
            options.audioLanguages = languages
        case "subtitles":
            guard let preference = SubtitlePreference(argument: value ?? "") else {
                throw .invalidValue(.subtitles, value: value ?? "")
            }
            options.subtitles = preference
        case "debug": options.debug = true
        case "new-window": options.newWindow = true
        case "check": options.check = true
        case "on-end":
            guard let mode = OnEnd(rawValue: value ?? "") else {
                throw .invalidValue(.onEnd, value: value ?? "")
            }
            options.onEnd = mode
        case "controls":
            guard let style = ControlStyle(rawValue: value ?? "") else {
                throw .invalidValue(.controls, value: value ?? "")
            }
            options.controls = style
        case "scaling":
            guard let mode = ScalingMode(rawValue: value ?? "") else {
                throw .invalidValue(.scaling, value: value ?? "")
            }
            options.scaling = mode
        case "renderer":
            guard let request = DrawingPath.Request(rawValue: value ?? "") else {
                throw .invalidValue(.renderer, value: value ?? "")
            }
            options.renderer = request
        case "reconnect-grace":
            guard let seconds = Double(value ?? ""), seconds >= 0, seconds <= 3600 else {
                throw .invalidValue(.reconnectGrace, value: value ?? "")
            }
            options.reconnectGraceMs = Int(seconds * 1000 + 0.5)
        default:
            break
        }
    }
}
