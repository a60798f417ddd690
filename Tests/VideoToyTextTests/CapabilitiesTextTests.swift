import Testing
import VideoToyCore
import VideoToyText

/// The report `videotoy --check` prints, in English: the words the tests of the whole app read.
@Suite("Capability report")
struct CapabilitiesTextTests {
    @Test("the capability report names missing decoders with their package and lists monitors with modes")
    func capabilityReport() {
        let capabilities = Capabilities(
            session: "x11", modeSetting: .failure(.noRandR),
            decoders: [("H.264", "avdec_h264", "gstreamer1.0-libav"), ("AV1", nil, "gstreamer1.0-libav")],
            audioOutput: nil)
        let screen = Screen(
            id: ScreenID(connector: "HDMI-1", model: "TV"), geometry: ScreenRect(x: 0, y: 0, width: 1280, height: 720),
            modes: [
                ScreenMode(width: 1280, height: 720, refreshMilliHz: 60_000),
                ScreenMode(width: 1920, height: 1080, refreshMilliHz: 60_000),
            ])
        let text = capabilities.text(screens: [screen], in: .english)
        #expect(text.hasPrefix("VideoToy \(CommandLineParser.version) capability check\n\nSession: x11\n"))
        #expect(text.contains("Display modes: cannot be set (the X server has no RandR 1.2)"))
        #expect(text.contains("  AV1: missing (install gstreamer1.0-libav)"))
        #expect(text.contains("  H.264: avdec_h264"))
        #expect(text.contains("Audio output: none (videos play silently)"))
        let best = text.range(of: "1920x1080@60.000")!, worse = text.range(of: "1280x720@60.000")!
        #expect(best.lowerBound < worse.lowerBound, "best mode first")
        #expect(!text.contains("Compositor:"), "X11 has none")
        let wayland = Capabilities(
            session: "wayland", compositor: "GNOME (mutter)", modeSetting: .success("GNOME DisplayConfig"), decoders: [],
            audioOutput: "pulsesink")
        let report = wayland.text(screens: [], in: .english)
        #expect(report.contains("Compositor: GNOME (mutter)\nDisplay modes: can be set (GNOME DisplayConfig)\nAudio output: pulsesink\n"))
        #expect(report.contains("Monitors:\n  none reported\n"))
        #expect(text.contains("Sound server outputs: no sound server (the sound cannot follow the screen)"))
    }

    @Test(
        "the capability report says how windows are drawn, and why",
        arguments: [
            (
                DrawingPath(renderer: "cairo", reason: .softwareGL, glRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)"),
                "Drawing: cairo (GL is drawn in software by llvmpipe (LLVM 15.0.6, 256 bits), which costs more)"
            ),
            (
                DrawingPath(renderer: "cairo", reason: .noGL, glProblem: "GL support disabled via GDK_DEBUG"),
                "Drawing: cairo (no GL: GL support disabled via GDK_DEBUG)"
            ),
            (
                DrawingPath(renderer: "gl", reason: .hardwareGL, glRenderer: "Mesa Intel(R) UHD Graphics 620"),
                "Drawing: gl (Mesa Intel(R) UHD Graphics 620)"
            ),
            (DrawingPath(renderer: "gl", reason: .option), "Drawing: gl (set by --renderer)"),
            (DrawingPath(renderer: "ngl", reason: .user), "Drawing: ngl (set by GSK_RENDERER)"),
        ])
    func drawingLine(path: DrawingPath, line: String) {
        var capabilities = Capabilities(session: "x11", modeSetting: .success("RandR"), decoders: [], audioOutput: "pulsesink")
        #expect(!capabilities.text(screens: [], in: .english).contains("Drawing:"), "not looked at, not said")
        capabilities.drawingPath = path
        #expect(capabilities.text(screens: [], in: .english).contains("\n\(line)\n"))
    }

    @Test("the capability report lists the sound server's outputs and the monitor each HDMI output reports")
    func soundOutputsInReport() {
        let outputs = [
            AudioOutput(name: "laptop", description: "Speakers", availability: .available),
            AudioOutput(name: "hdmi", description: "HDMI / DisplayPort", availability: .available, monitorName: "DELL U2412M"),
            AudioOutput(name: "hdmi2", description: "HDMI 2", availability: .unavailable, monitorName: "LG TV"),
        ]
        let capabilities = Capabilities(
            session: "x11", modeSetting: .success("RandR"), decoders: [], audioOutput: "pulsesink", soundOutputs: outputs)
        let lines = capabilities.text(screens: [], in: .english).split(separator: "\n").map(String.init)
        let start = lines.firstIndex(of: "Sound server outputs:")
        #expect(start != nil)
        #expect(
            Array(lines.dropFirst((start ?? 0) + 1).prefix(3)) == [
                "  laptop: Speakers", "  hdmi: HDMI / DisplayPort — monitor \"DELL U2412M\"",
                "  hdmi2: HDMI 2 — monitor \"LG TV\" (unplugged)",
            ])
        let none = Capabilities(session: "x11", modeSetting: .success("RandR"), decoders: [], audioOutput: nil, soundOutputs: [])
        #expect(none.text(screens: [], in: .english).contains("Sound server outputs:\n  none\n"))
    }
}

/// The `--check` report's phone remote: off, or the URLs a phone would open.
@Suite("Capability report, phone remote")
struct RemoteReportTests {
    func report(_ addresses: [String]?) -> String {
        var capabilities = Capabilities(session: "x11", modeSetting: .success("RandR"), decoders: [], audioOutput: nil)
        capabilities.remoteAddresses = addresses
        return capabilities.text(screens: [], in: .english)
    }

    @Test func offSaysNothingListens() {
        #expect(report(nil).contains("Phone remote: off (nothing listens)\nMonitors:"))
    }

    @Test func onListsEachAddress() {
        let text = report(["http://192.168.1.5:8765/", "http://[2001:db8::5]:8765/"])
        #expect(
            text.contains(
                "Phone remote: listens while the app runs, paired by its code, at\n  http://192.168.1.5:8765/\n  http://[2001:db8::5]:8765/\n"
            ))
        #expect(report([]).contains("  no network address\n"))
    }
}

/// The `--check` report's network screens: off, none found, or each TV with its id, its words escaped.
@Suite("Capability report, network screens")
struct NetworkScreensReportTests {
    func report(_ screens: [NetworkRenderer]?) -> String {
        var capabilities = Capabilities(session: "x11", modeSetting: .success("RandR"), decoders: [], audioOutput: nil)
        capabilities.networkScreens = screens
        return capabilities.text(screens: [], in: .english)
    }

    @Test func offSaysNothingListens() {
        #expect(report(nil).contains("Network screens: off (nothing is looked for, nothing listens)\nPhone remote: off"))
    }

    @Test func noneFound() {
        #expect(
            report([]).contains("Network screens: nothing listens until a video plays on one, then one port for it alone\n  none found\n"))
    }

    @Test func eachTVWithItsIdAndMaker() {
        let tv = NetworkRenderer(udn: "uuid:1", friendlyName: "Living room\u{1B}[31m TV", manufacturer: "Sony", model: "Bravia")
        let text = report([tv])
        #expect(text.contains("  Living room\\x1b[31m TV (upnp:uuid:1) — Sony Bravia\n") || text.contains("(upnp:uuid:1) — Sony Bravia"))
        #expect(!text.contains("\u{1B}"), "a device's name cannot reach the terminal's escape sequences")
    }
}
