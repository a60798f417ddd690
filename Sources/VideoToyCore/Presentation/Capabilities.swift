/// What this session can do, detected once at start-up and cached (the seed's cached OS check).
public struct Capabilities: Sendable, Equatable {
    /// The windowing session: "x11", "wayland" or another backend name.
    public var session: String
    /// The API that sets display modes (`RandR`, `GNOME DisplayConfig`, `wlr-output-management`), or why modes cannot be set.
    public var modeSetting: Result<String, ModeSettingUnavailable>
    /// The Wayland compositor, when it could be told.
    public var compositor: String?
    /// For each codec VideoToy checks, the decoder element that handles it, or nil.
    public var decoders: [(codec: String, element: String?, package: String)]
    /// The audio sink that will be used, or nil when there is no audio output.
    public var audioOutput: String?
    /// The sound server's outputs (the sound can follow the screen to these), or nil without a sound server.
    public var soundOutputs: [AudioOutput]?

    /// Creates a report.
    public init(
        session: String, compositor: String? = nil, modeSetting: Result<String, ModeSettingUnavailable>,
        decoders: [(codec: String, element: String?, package: String)], audioOutput: String?, soundOutputs: [AudioOutput]? = nil
    ) {
        self.session = session
        self.compositor = compositor
        self.modeSetting = modeSetting
        self.decoders = decoders
        self.audioOutput = audioOutput
        self.soundOutputs = soundOutputs
    }

    /// The codecs checked, with the Debian package that provides a decoder.
    public static let checkedCodecs: [(codec: String, caps: String, package: String)] = [
        ("H.264", "video/x-h264", "gstreamer1.0-libav"),
        ("H.265", "video/x-h265", "gstreamer1.0-libav"),
        ("VP8", "video/x-vp8", "gstreamer1.0-plugins-good"),
        ("VP9", "video/x-vp9", "gstreamer1.0-plugins-good"),
        ("AV1", "video/x-av1", "gstreamer1.0-libav"),
    ]

    /// Compares reports field by field.
    public static func == (lhs: Capabilities, rhs: Capabilities) -> Bool {
        lhs.text(screens: []) == rhs.text(screens: [])
    }

    /// The report `videotoy --check` prints, with every monitor and its modes.
    public func text(screens: [Screen]) -> String {
        var lines = ["VideoToy \(CommandLineParser.version) capability check", "", "Session: \(session)"]
        if let compositor { lines.append("Compositor: \(compositor)") }
        switch modeSetting {
        case .success(let api): lines.append("Display modes: can be set (\(api))")
        case .failure(let reason): lines.append("Display modes: cannot be set (\(reason.reason))")
        }
        lines.append("Audio output: " + (audioOutput ?? "none (videos play silently)"))
        lines += soundOutputLines
        lines.append("Decoders:")
        for entry in decoders {
            lines.append("  \(entry.codec): " + (entry.element ?? "missing (install \(entry.package))"))
        }
        lines.append("Monitors:")
        if screens.isEmpty { lines.append("  none reported") }
        for screen in screens {
            let current = screen.currentMode.map { " current \($0)" } ?? ""
            lines.append("  \(screen.id) \(screen.geometry)\(current)")
            for mode in screen.modes.reversed() { lines.append("    \(mode)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The sound server's outputs, each HDMI or DisplayPort one with the monitor it reports (the name the sound
    /// follows a screen by).
    var soundOutputLines: [String] {
        guard let soundOutputs else { return ["Sound server outputs: no sound server (the sound cannot follow the screen)"] }
        var lines = ["Sound server outputs:"]
        if soundOutputs.isEmpty { lines.append("  none") }
        for output in soundOutputs {
            // The sound server's strings, and the monitor's name from its EDID, are one line each whatever they hold.
            var line = "  \(TerminalText.escaped(output.name)): \(TerminalText.escaped(output.description))"
            if let monitor = output.monitorName { line += " — monitor \"\(TerminalText.escaped(monitor))\"" }
            if output.availability == .unavailable { line += " (unplugged)" }
            if let profile = output.profile { line += " (needs card profile \(profile.profile))" }
            lines.append(line)
        }
        return lines
    }

    /// The report as events-log fields.
    public var fields: [(EventField, JSONValue)] {
        var modes: JSONValue = .bool(true), api: JSONValue = .null
        switch modeSetting {
        case .success(let name): api = .string(name)
        case .failure(let reason): modes = .string(reason.reason)
        }
        return [
            (.session, .string(session)), (.compositor, compositor.map(JSONValue.string) ?? .null), (.modeSetting, modes),
            (.modeAPI, api),
            (.audioOutput, audioOutput.map(JSONValue.string) ?? .null),
            (.decoders, .object(decoders.map { ($0.codec, $0.element.map(JSONValue.string) ?? .null) })),
        ]
    }
}

/// Why display modes cannot be set.
public struct ModeSettingUnavailable: Error, Sendable, Equatable {
    /// The reason, for the log and the report.
    public let reason: String

    /// Creates a reason.
    public init(_ reason: String) { self.reason = reason }
}
