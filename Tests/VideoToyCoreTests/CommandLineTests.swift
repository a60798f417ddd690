import Testing
import VideoToyCore

/// GLib-style option parsing: both value forms, help and version, `--`, and phrased errors.
struct CommandLineTests {
    private func options(_ arguments: [String], environment: [String: String] = [:]) throws -> Options {
        let request = try CommandLineParser.parse(arguments, environment: environment)
        guard case .run(let options) = request else {
            Issue.record("expected options to run with, got \(request)")
            return Options()
        }
        return options
    }

    private func error(_ arguments: [String]) -> CommandLineError? {
        do throws(CommandLineError) {
            _ = try CommandLineParser.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func noArgumentsGiveTheDefaults() throws {
        let parsed = try options([])
        #expect(parsed == Options())
        #expect(parsed.onEnd == .stop)
        #expect(parsed.reconnectGraceMs == 2_000)
        #expect(parsed.paths.isEmpty && parsed.play == nil && parsed.eventsPath == nil && parsed.screen == nil)
        #expect(!parsed.demo && !parsed.fullscreen && !parsed.exitOnEnd && !parsed.keepMode && !parsed.debug && !parsed.check)
    }

    /// An option taking a value, the value given, and what the parsed options must then hold.
    struct ValueCase: Sendable, CustomTestStringConvertible {
        let name: String
        let value: String
        let check: @Sendable (Options) -> Bool
        var testDescription: String { "--\(name) \(value)" }
    }

    static let valueCases: [ValueCase] = [
        ValueCase(name: "play", value: "/v/clip 2.mp4") { $0.play == "/v/clip 2.mp4" },
        ValueCase(name: "show", value: "/talks/day 1.xspf") { $0.show == "/talks/day 1.xspf" },
        ValueCase(name: "on-end", value: "next") { $0.onEnd == .next },
        ValueCase(name: "on-end", value: "loop") { $0.onEnd == .loop },
        ValueCase(name: "on-end", value: "stop") { $0.onEnd == .stop },
        ValueCase(name: "events", value: "/tmp/events.jsonl") { $0.eventsPath == "/tmp/events.jsonl" },
        ValueCase(name: "events", value: "-") { $0.eventsPath == "-" },
        ValueCase(name: "screen", value: "HDMI-1") { $0.screen == "HDMI-1" },
        ValueCase(name: "audio-output", value: "follow") { $0.audioOutput == .follow },
        ValueCase(name: "audio-output", value: "default") { $0.audioOutput == .systemDefault },
        ValueCase(name: "audio-output", value: "alsa_output.hdmi") { $0.audioOutput == .output("alsa_output.hdmi") },
        ValueCase(name: "audio-language", value: "fre,en") { $0.audioLanguages == [Language(tag: "fr")!, Language(tag: "eng")!] },
        ValueCase(name: "subtitles", value: "off") { $0.subtitles == .off },
        ValueCase(name: "subtitles", value: "auto") { $0.subtitles == .auto },
        ValueCase(name: "subtitles", value: "de") { $0.subtitles == .languages([Language(tag: "deu")!]) },
        ValueCase(name: "reconnect-grace", value: "0") { $0.reconnectGraceMs == 0 },
        ValueCase(name: "reconnect-grace", value: "5") { $0.reconnectGraceMs == 5_000 },
        ValueCase(name: "reconnect-grace", value: "1.5") { $0.reconnectGraceMs == 1_500 },
        ValueCase(name: "reconnect-grace", value: "3600") { $0.reconnectGraceMs == 3_600_000 },
    ]

    @Test(arguments: valueCases)
    func valueOptionsInBothForms(_ option: ValueCase) throws {
        let separate = try options(["--\(option.name)", option.value])
        let joined = try options(["--\(option.name)=\(option.value)"])
        #expect(option.check(separate))
        #expect(separate == joined)
        #expect(separate.paths.isEmpty, "the value is not taken for a path")
        #expect(separate != Options() || option.value == "stop", "the option changed something")
    }

    @Test func valueMayContainAnEqualsSignOrStartWithADash() throws {
        #expect(try options(["--play=/v/a=b.mp4"]).play == "/v/a=b.mp4")
        #expect(try options(["--play", "-odd.mp4"]).play == "-odd.mp4")
        #expect(try options(["--play="]).play == "")
    }

    @Test(
        arguments: [
            ("demo", \Options.demo), ("fullscreen", \Options.fullscreen), ("exit-on-end", \Options.exitOnEnd),
            ("keep-mode", \Options.keepMode), ("debug", \Options.debug), ("check", \Options.check),
        ] as [(String, KeyPath<Options, Bool> & Sendable)])
    func flags(name: String, flag: KeyPath<Options, Bool> & Sendable) throws {
        #expect(try options(["--\(name)"])[keyPath: flag])
        #expect(try !options([])[keyPath: flag])
        #expect(error(["--\(name)=yes"]) == .unexpectedValue(option: "--\(name)"))
    }

    @Test func shortForms() throws {
        let parsed = try options(["-p", "/v/a.mp4", "-f"])
        #expect(parsed.play == "/v/a.mp4")
        #expect(parsed.fullscreen)
        #expect(parsed.paths.isEmpty)
    }

    @Test func everythingTogether() throws {
        let parsed = try options([
            "/v", "--play=/v/a.mp4", "--fullscreen", "--on-end", "next", "--exit-on-end", "--events", "-",
            "--screen=DP-1", "--reconnect-grace", "0.25", "--keep-mode", "--debug", "/w/b.mp4", "-",
        ])
        var expected = Options()
        expected.paths = ["/v", "/w/b.mp4", "-"]
        expected.play = "/v/a.mp4"
        expected.fullscreen = true
        expected.onEnd = .next
        expected.exitOnEnd = true
        expected.eventsPath = "-"
        expected.screen = "DP-1"
        expected.reconnectGraceMs = 250
        expected.keepMode = true
        expected.debug = true
        expected.given = ["play", "fullscreen", "on-end", "exit-on-end", "events", "screen", "reconnect-grace", "keep-mode", "debug"]
        #expect(parsed == expected)
    }

    @Test func laterValuesWin() throws {
        #expect(try options(["--on-end=loop", "--on-end", "next"]).onEnd == .next)
    }

    @Test("an argument longer than any path or option is refused, whatever it is; one of 8 KiB is read")
    func hugeArgumentsAreRefused() throws {
        let long = "/" + String(repeating: "a", count: CommandLineParser.longestArgument)
        for arguments in [[long], ["--play", long], ["--", long], ["--help", long]] {
            #expect(error(arguments) == .argumentTooLong(bytes: long.utf8.count, limit: 8192), "\(arguments.map(\.count))")
        }
        let fits = String(long.dropLast())
        #expect(try options([fits]).paths == [fits])
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try options(["--debug", "--", "--play", "-f", "--", "x.mp4"])
        #expect(parsed.debug)
        #expect(parsed.play == nil)
        #expect(!parsed.fullscreen)
        #expect(parsed.paths == ["--play", "-f", "--", "x.mp4"])
    }

    @Test(arguments: [["-h"], ["--help"], ["-?"], ["/v/a.mp4", "--help"], ["--debug", "-h", "--bogus"]])
    func helpPrintsTheOptions(arguments: [String]) throws {
        #expect(try CommandLineParser.parse(arguments, program: "vt") == .help)
        let text = CommandLineParser.help(program: "vt")
        #expect(text.hasPrefix("Usage:\n  vt [OPTION…] [PATH…]\n"))
        for option in [
            "-h, --help", "--demo", "-p, --play=FILE", "--show=FILE", "-f, --fullscreen", "--on-end=stop|next|loop", "--shuffle",
            "--exit-on-end", "--events=PATH", "--screen=NAME", "--reconnect-grace=SECONDS",
            "--keep-mode", "--no-network-screens", "--remote-control", "--audio-output=follow|default|NAME",
            "--audio-language=LANG[,LANG…]",
            "--subtitles=auto|off|LANG[,LANG…]", "--debug", "--check", "--version",
        ] {
            #expect(text.contains("  \(option)  "), "help lists \(option)")
        }
    }

    @Test func helpAlignsTheDescriptions() {
        let lines = CommandLineParser.help(program: "videotoy").split(separator: "\n").filter { $0.hasPrefix("  -") }
        #expect(lines.count == 27, "22 application options, --version, --help and GLib's three help groups")
        let columns = Set(
            lines.map { line -> Int in
                let afterOption =
                    line.dropFirst(2).firstRange(of: "  ").map { line.distance(from: line.startIndex, to: $0.lowerBound) } ?? 0
                let text = line[line.index(line.startIndex, offsetBy: afterOption)...].prefix { $0 == " " }.count
                return afterOption + text
            })
        #expect(columns.count == 1, "descriptions start in one column: \(columns)")
    }

    @Test func versionPrintsTheProgramAndVersion() throws {
        #expect(try CommandLineParser.parse(["--version"], program: "videotoy") == .print("videotoy 0.1.0\n"))
        #expect(try CommandLineParser.parse(["/v", "--version"], program: "vt") == .print("vt \(CommandLineParser.version)\n"))
        #expect(error(["--version=2"]) == .unexpectedValue(option: "--version"))
    }

    static let mistakes: [([String], CommandLineError)] = [
        (["--bogus"], .unknownOption("--bogus")),
        (["--bogus=1"], .unknownOption("--bogus")),
        (["-x"], .unknownOption("-x")),
        (["-pfile.mp4"], .unknownOption("-pfile.mp4")),
        (["--Play", "a"], .unknownOption("--Play")),
        (["--play"], .missingArgument(option: "--play")),
        (["-p"], .missingArgument(option: "--play")),
        (["--debug", "--on-end"], .missingArgument(option: "--on-end")),
        (["--events"], .missingArgument(option: "--events")),
        (["--screen"], .missingArgument(option: "--screen")),
        (["--reconnect-grace"], .missingArgument(option: "--reconnect-grace")),
        (["--on-end", "pause"], .invalidValue(.onEnd, value: "pause")),
        (["--on-end=NEXT"], .invalidValue(.onEnd, value: "NEXT")),
        (["--on-end="], .invalidValue(.onEnd, value: "")),
        (["--audio-output="], .invalidValue(.audioOutput, value: "")),
        (["--audio-language=french"], .invalidValue(.audioLanguage, value: "french")),
        (["--subtitles=yes please"], .invalidValue(.subtitles, value: "yes please")),
        (["--reconnect-grace", "-1"], .invalidValue(.reconnectGrace, value: "-1")),
        (["--reconnect-grace=-0.5"], .invalidValue(.reconnectGrace, value: "-0.5")),
        (["--reconnect-grace", "3601"], .invalidValue(.reconnectGrace, value: "3601")),
        (["--reconnect-grace", "soon"], .invalidValue(.reconnectGrace, value: "soon")),
        (["--reconnect-grace", "nan"], .invalidValue(.reconnectGrace, value: "nan")),
        (["--demo=1"], .unexpectedValue(option: "--demo")),
    ]

    @Test(arguments: mistakes)
    func mistakesAreReported(arguments: [String], mistake: CommandLineError) {
        #expect(error(arguments) == mistake)
    }

    @Test func errorsAreTyped() {
        let thrown = #expect(throws: CommandLineError.self) {
            try CommandLineParser.parse(["a.mp4", "--nope"])
        }
        #expect(thrown == .unknownOption("--nope"))
    }

    @Test(arguments: [("1", true), ("yes", true), ("0", false), ("", false)])
    func debugFromTheEnvironment(value: String, debug: Bool) throws {
        #expect(try options([], environment: ["VIDEOTOY_DEBUG": value]).debug == debug)
        #expect(try options(["--debug"], environment: ["VIDEOTOY_DEBUG": value]).debug, "the flag still turns it on")
    }

    @Test func otherEnvironmentIsIgnored() throws {
        #expect(try options([], environment: ["DEBUG": "1", "VIDEOTOY_DEMO": "1"]) == Options())
    }

    @Test(arguments: [["--help-all"], ["--help-gapplication"], ["--help-gst"], ["/v/a.mp4", "--debug", "--help-all", "--bogus"]])
    func glibHelpGroupsGoToGLib(arguments: [String]) throws {
        #expect(try CommandLineParser.parse(arguments) == .glibHelp)
    }

    @Test func serviceModeIsAnOptionOfItsOwn() throws {
        let parsed = try options(["--gapplication-service", "--debug"])
        #expect(parsed.service && parsed.debug)
        #expect(!(try options([])).service)
        #expect(error(["--gapplication-service=1"]) == .unexpectedValue(option: "--gapplication-service"))
    }

    @Test func gstreamerOptionsAreSteppedOverWithTheirValues() throws {
        let parsed = try options(["--gst-debug-level", "3", "--gst-debug=GST_PADS:5", "--gst-disable-registry-fork", "a.mp4"])
        #expect(parsed.paths == ["a.mp4"])
        #expect(
            parsed
                == {
                    var o = Options(); o.paths = ["a.mp4"]; return o
                }())
        #expect(error(["--gst-debug-level"]) == .missingArgument(option: "--gst-debug-level"))
        #expect(error(["--gst-version=1"]) == .unexpectedValue(option: "--gst-version"))
        #expect(error(["--gst-nonsense"]) == .unknownOption("--gst-nonsense"))
    }

    @Test func everyOptionHasAKindForGLib() {
        let kinds = Dictionary(uniqueKeysWithValues: CommandLineParser.specs.map { ($0.long, $0.kind) })
        #expect(kinds["play"] == .path && kinds["events"] == .path)
        #expect(kinds["reconnect-grace"] == .number)
        #expect(kinds["demo"] == .flag && kinds["version"] == .flag)
        #expect(kinds["screen"] == .text && kinds["on-end"] == .text)
        #expect(CommandLineParser.specs.allSatisfy { ($0.kind == .flag) == ($0.argument == nil) })
    }
}
