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
    /// The TVs on the network that answered a search, or nil when network screens are off.
    public var networkScreens: [NetworkRenderer]?
    /// Where the phone remote would listen (`http://ADDR:PORT/` each), or nil when it is off.
    public var remoteAddresses: [String]?
    /// How a run would draw its windows here (`--renderer` and the GL driver), or nil when not looked at.
    public var drawingPath: DrawingPath?

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
        lhs.session == rhs.session && lhs.compositor == rhs.compositor && lhs.modeSetting == rhs.modeSetting
            && lhs.decoders.map { "\($0)" } == rhs.decoders.map { "\($0)" } && lhs.audioOutput == rhs.audioOutput
            && lhs.soundOutputs == rhs.soundOutputs && lhs.networkScreens == rhs.networkScreens
            && lhs.remoteAddresses == rhs.remoteAddresses
            && lhs.drawingPath == rhs.drawingPath
    }

    /// The report as events-log fields, the reason modes cannot be set worded by `log`.
    @MainActor
    public func fields(in log: EventLog) -> [(EventField, JSONValue)] {
        var modes: JSONValue = .bool(true), api: JSONValue = .null
        switch modeSetting {
        case .success(let name): api = .string(name)
        case .failure(let reason): modes = log.sentence(.modeUnavailable(reason))
        }
        return [
            (.session, .string(session)), (.compositor, compositor.map(JSONValue.string) ?? .null), (.modeSetting, modes),
            (.modeAPI, api),
            (.audioOutput, audioOutput.map(JSONValue.string) ?? .null),
            (.decoders, .object(decoders.map { ($0.codec, $0.element.map(JSONValue.string) ?? .null) })),
        ]
    }
}
