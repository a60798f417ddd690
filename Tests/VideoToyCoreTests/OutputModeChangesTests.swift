import Testing
import VideoToyCore

/// Setting and restoring modes through wlroots' output management: when to apply, and when a restore leaves an
/// output alone because its mode was changed elsewhere.
@Suite("Output mode changes")
struct OutputModeChangesTests {
    static let small = ScreenMode(width: 1280, height: 720, refreshMilliHz: 60000)
    static let hd = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 60000)
    static let hd50 = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 50000)
    static let uhd = ScreenMode(width: 3840, height: 2160, refreshMilliHz: 30000)

    /// What a decision should be; `leave` holds its reason.
    enum Expected: Sendable, Equatable {
        case apply, nothing
        case leave(ModeSettingUnavailable)

        func matches(_ decision: OutputModeChanges.Decision) -> Bool {
            switch (self, decision) {
            case (.apply, .apply), (.nothing, .nothing): true
            case (.leave(let expected), .leave(let reason)): reason == expected
            default: false
            }
        }
    }

    struct SetCase: Sendable, CustomTestStringConvertible {
        let name: String
        let state: HeadState
        let expected: Expected
        var testDescription: String { name }
    }

    static let setCases: [SetCase] = [
        SetCase(name: "a head in another mode switches", state: .running(small), expected: .apply),
        SetCase(name: "the same size at another refresh switches", state: .running(hd50), expected: .apply),
        SetCase(name: "the mode in use changes nothing", state: .running(hd), expected: .nothing),
        SetCase(name: "a head whose state is not reported is switched", state: .unreported, expected: .apply),
        SetCase(name: "a head switched off is left off", state: .off, expected: .leave(.switchedOff(connector: "HDMI-A-1"))),
        SetCase(name: "a head that is gone is not touched", state: .gone, expected: .leave(.noOutput(connector: "HDMI-A-1"))),
    ]

    @Test("setting a mode", arguments: setCases)
    func set(_ test: SetCase) {
        let changes = OutputModeChanges()
        let decision = changes.set(Self.hd, on: "HDMI-A-1", state: test.state)
        #expect(test.expected.matches(decision), "\(decision)")
    }

    struct RestoreCase: Sendable, CustomTestStringConvertible {
        let name: String
        /// The mode VideoToy set before, if it did (accepted by the compositor).
        let set: ScreenMode?
        let state: HeadState
        let expected: Expected
        var testDescription: String { name }
    }

    /// Every case restores `small`, the mode the head had before.
    static let restoreCases: [RestoreCase] = [
        RestoreCase(name: "still in the mode VideoToy set: put back", set: hd, state: .running(hd), expected: .apply),
        RestoreCase(
            name: "changed elsewhere to a third mode: left alone", set: hd, state: .running(uhd),
            expected: .leave(.changedOutside(connector: "HDMI-A-1", to: uhd))),
        RestoreCase(
            name: "changed elsewhere only in refresh: left alone", set: hd, state: .running(hd50),
            expected: .leave(.changedOutside(connector: "HDMI-A-1", to: hd50))),
        RestoreCase(name: "already back in the original: nothing", set: hd, state: .running(small), expected: .nothing),
        RestoreCase(name: "state not reported: put back", set: hd, state: .unreported, expected: .apply),
        RestoreCase(
            name: "switched off meanwhile: left off", set: hd, state: .off, expected: .leave(.switchedOffOutside(connector: "HDMI-A-1"))),
        RestoreCase(name: "gone: nothing to restore", set: hd, state: .gone, expected: .leave(.goneBeforeRestore(connector: "HDMI-A-1"))),
        RestoreCase(name: "never set by VideoToy: nothing", set: nil, state: .running(hd), expected: .nothing),
    ]

    @Test("restoring a mode", arguments: restoreCases)
    func restore(_ test: RestoreCase) {
        var changes = OutputModeChanges()
        if let set = test.set { changes.finished(set, on: "HDMI-A-1", restoring: false, applied: true) }
        let decision = changes.restore(Self.small, on: "HDMI-A-1", state: test.state)
        #expect(test.expected.matches(decision), "\(decision)")
    }

    @Test("only a mode the compositor accepted is remembered, per connector, and a restore ends the record whatever happened")
    func records() {
        var changes = OutputModeChanges()
        changes.finished(Self.hd, on: "HDMI-A-1", restoring: false, applied: false)
        #expect(changes.modeSet(on: "HDMI-A-1") == nil, "a refused mode is not remembered")
        #expect(changes.restore(Self.small, on: "HDMI-A-1", state: .running(Self.hd)) == .nothing)

        changes.finished(Self.hd, on: "HDMI-A-1", restoring: false, applied: true)
        changes.finished(Self.uhd, on: "DP-1", restoring: false, applied: true)
        #expect(changes.changedConnectors == ["DP-1", "HDMI-A-1"])
        changes.finished(Self.uhd, on: "HDMI-A-1", restoring: false, applied: false)
        #expect(changes.modeSet(on: "HDMI-A-1") == Self.hd, "a refused second change keeps the first")

        changes.finished(Self.small, on: "HDMI-A-1", restoring: true, applied: false)
        #expect(changes.modeSet(on: "HDMI-A-1") == nil, "a restore that failed is not tried again")
        #expect(changes.restore(Self.small, on: "HDMI-A-1", state: .running(Self.hd)) == .nothing)
        #expect(changes.modeSet(on: "DP-1") == Self.uhd, "other connectors keep theirs")
    }
}
