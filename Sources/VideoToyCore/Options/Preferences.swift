/// What the user set in the Preferences window, kept in the settings file; the command line overrides it for one run.
public struct Preferences: Sendable, Equatable {
    /// What happens when a video ends.
    public var onEnd: OnEnd = .stop
    /// Whether the next video comes from a shuffled order of the rows shown.
    public var shuffle = false
    /// How long a vanished screen keeps its video, in seconds (0: no grace).
    public var reconnectGraceSeconds: Double = Double(RouterConfig.defaultGracePeriodMilliseconds) / 1000
    /// Never change an external screen's display mode.
    public var keepMode = false
    /// How much control the video views show.
    public var controls: ControlStyle = .embedded
    /// Keep the screen on while a video plays, or is shown on an external screen.
    public var keepAwake = true
    /// Look for TVs on the network and offer them as screens.
    public var networkScreens = true
    /// Fades, the end of a video and the sound under a cover on the presentation screen.
    public var presenter = PresenterSettings()
    /// Serve the phone remote (the page and its API) on the network; off until the user turns it on.
    public var remoteControl = false
    /// The port the phone remote listens on: fixed, so a bookmark keeps working.
    public var remotePort = Preferences.defaultRemotePort

    /// The phone remote's port when none was chosen.
    public static let defaultRemotePort = 8765
    /// The ports a user may choose: no privileged ones.
    public static let remotePorts = 1024...65535

    /// The defaults.
    public init() {}

    /// Reads the stored strings (see `stored`); a value that does not parse keeps its default.
    public init(stored: [String: String]) {
        if let value = stored["on-end"].flatMap(OnEnd.init(rawValue:)) { onEnd = value }
        if let value = stored["reconnect-grace"].flatMap(Double.init), (0...3600).contains(value) { reconnectGraceSeconds = value }
        if let value = stored["keep-mode"] { keepMode = value == "true" }
        if let value = stored["shuffle"] { shuffle = value == "true" }
        if let value = stored["controls"].flatMap(ControlStyle.init(rawValue:)) { controls = value }
        if let value = stored["keep-awake"] { keepAwake = value != "false" }
        if let value = stored["network-screens"] { networkScreens = value != "false" }
        if let value = stored["fade"].flatMap(Double.init), value.isFinite, (0...10).contains(value) {
            presenter.fadeMs = MediaTime.milliseconds(seconds: value)
        }
        if let value = stored["end-look"].flatMap(EndLook.init(rawValue:)) { presenter.endLook = value }
        if let value = stored["cover-sound"].flatMap(CoverSound.init(rawValue:)) { presenter.coverSound = value }
        if let value = stored["remote-control"] { remoteControl = value == "true" }
        if let value = stored["remote-port"].flatMap(Int.init), Self.remotePorts.contains(value) { remotePort = value }
    }

    /// The strings the settings file keeps, named as the command-line options are.
    public var stored: [String: String] {
        [
            "on-end": onEnd.rawValue, "reconnect-grace": String(reconnectGraceSeconds), "keep-mode": String(keepMode),
            "controls": controls.rawValue, "shuffle": String(shuffle), "keep-awake": String(keepAwake),
            "network-screens": String(networkScreens), "fade": String(Double(presenter.fadeMs) / 1000),
            "end-look": presenter.endLook.rawValue, "cover-sound": presenter.coverSound.rawValue,
            "remote-control": String(remoteControl), "remote-port": String(remotePort),
        ]
    }

    /// The options for this run: each one given on the command line wins, the others come from these preferences.
    public func applied(to options: Options) -> Options {
        var options = options
        if !options.given.contains("on-end") { options.onEnd = onEnd }
        if !options.given.contains("reconnect-grace") { options.reconnectGraceMs = MediaTime.milliseconds(seconds: reconnectGraceSeconds) }
        if !options.given.contains("keep-mode") { options.keepMode = keepMode }
        if !options.given.contains("shuffle") { options.shuffle = shuffle }
        if !options.given.contains("controls") { options.controls = controls }
        // The command line can only turn network screens off for a run; the preference off keeps them off.
        options.networkScreens = options.networkScreens && networkScreens
        // The command line can only turn the remote on for a run; the preference on keeps it on.
        options.remoteControl = options.remoteControl || remoteControl
        options.remotePort = remotePort
        return options
    }
}
