import Testing
import VideoToyCore
import VideoToyTesting

/// The Preferences window's choices: stored as strings, overridden by the command line, applied while running.
@Suite("Preferences")
struct PreferencesTests {
    @Test("Stored strings round-trip; values that do not parse keep their defaults")
    func stored() {
        var preferences = Preferences()
        preferences.onEnd = .loop
        preferences.reconnectGraceSeconds = 2.5
        preferences.keepMode = true
        preferences.controls = .full
        preferences.shuffle = true
        #expect(Preferences(stored: preferences.stored) == preferences)
        let odd = Preferences(stored: ["on-end": "sometimes", "reconnect-grace": "-4", "controls": "loud", "unknown": "x"])
        #expect(odd == Preferences())
        #expect(Preferences(stored: ["reconnect-grace": "3601"]).reconnectGraceSeconds == Preferences().reconnectGraceSeconds)
    }

    @Test(
        "The command line wins for one run; what it does not say comes from the preferences",
        arguments: [
            ([], OnEnd.loop, 2500, true, ControlStyle.full),
            (["--on-end", "stop"], OnEnd.stop, 2500, true, ControlStyle.full),
            (["--reconnect-grace=0", "--controls", "none"], OnEnd.loop, 0, true, ControlStyle.none),
            (["--keep-mode"], OnEnd.loop, 2500, true, ControlStyle.full),
        ])
    func applied(arguments: [String], onEnd: OnEnd, graceMs: Int, keepMode: Bool, controls: ControlStyle) throws {
        guard case .run(let options) = try CommandLineParser.parse(arguments) else {
            Issue.record("\(arguments) did not run")
            return
        }
        let preferences = Preferences(stored: ["on-end": "loop", "reconnect-grace": "2.5", "keep-mode": "true", "controls": "full"])
        let effective = preferences.applied(to: options)
        #expect(effective.onEnd == onEnd && effective.reconnectGraceMs == graceMs)
        #expect(effective.keepMode == keepMode && effective.controls == controls)
    }

    @Test(
        "Shuffle is remembered, and --shuffle turns it on for one run",
        arguments: [([], false, false), ([], true, true), (["--shuffle"], false, true)])
    func shuffle(arguments: [String], stored: Bool, on: Bool) throws {
        guard case .run(let options) = try CommandLineParser.parse(arguments) else {
            Issue.record("\(arguments) did not run")
            return
        }
        #expect(Preferences(stored: ["shuffle": String(stored)]).applied(to: options).shuffle == on)
    }
}

/// The controller told to use new preferences while it runs.
@MainActor
struct AppControllerPreferencesTests {
    @Test func newPreferencesApplyAtTheNextEndAndTheNextDisconnection() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        var preferences = Preferences()
        preferences.onEnd = .next
        preferences.reconnectGraceSeconds = 0
        preferences.keepMode = true
        rig.controller.use(preferences)
        #expect(rig.controller.policy.onEnd == .next)
        #expect(rig.controller.router.config.gracePeriodMilliseconds == 0 && rig.controller.router.config.keepMode)
        let (a, b) = (rig.ids[0], rig.ids[1])
        rig.controller.activate(a)
        rig.backend.player(for: "/v/a.mp4")?.emit(.endOfStream)
        #expect(rig.controller.policy.playing == b, "the end now moves on")
    }
}

/// Network screens: on by default, off for good in Preferences, off for one run with `--no-network-screens`.
@Suite("Network screens setting")
struct NetworkScreensSettingTests {
    /// (arguments, stored preference) → whether the run looks for renderers.
    @Test(arguments: [
        ([String](), nil as String?, true), ([], "true", true), ([], "false", false), (["--no-network-screens"], nil, false),
        (["--no-network-screens"], "true", false), ([], "junk", true),
    ])
    func effective(arguments: [String], stored: String?, on: Bool) throws {
        guard case .run(let options) = try CommandLineParser.parse(arguments) else {
            Issue.record("\(arguments) did not run")
            return
        }
        let preferences = Preferences(stored: stored.map { ["network-screens": $0] } ?? [:])
        #expect(preferences.applied(to: options).networkScreens == on)
        #expect(Preferences(stored: preferences.stored) == preferences)
    }
}

/// The phone remote: off by default, on for good in Preferences, on for one run with `--remote-control`; its port checked.
@Suite("Remote control setting")
struct RemoteControlSettingTests {
    /// (arguments, stored preference) → whether the run serves the remote.
    @Test(arguments: [
        ([String](), nil as String?, false), ([], "true", true), ([], "false", false), (["--remote-control"], nil, true),
        (["--remote-control"], "false", true), ([], "junk", false),
    ])
    func effective(arguments: [String], stored: String?, on: Bool) throws {
        guard case .run(let options) = try CommandLineParser.parse(arguments) else {
            Issue.record("\(arguments) did not run")
            return
        }
        let preferences = Preferences(stored: stored.map { ["remote-control": $0] } ?? [:])
        #expect(preferences.applied(to: options).remoteControl == on)
        #expect(Preferences(stored: preferences.stored) == preferences)
    }

    /// A stored port outside 1024…65535, or no number, keeps the default 8765.
    @Test(arguments: [(nil as String?, 8765), ("9000", 9000), ("80", 8765), ("70000", 8765), ("x", 8765), ("1024", 1024)])
    func port(stored: String?, port: Int) {
        let preferences = Preferences(stored: stored.map { ["remote-port": $0] } ?? [:])
        #expect(preferences.remotePort == port)
        #expect(Preferences(stored: preferences.stored) == preferences)
    }
}
