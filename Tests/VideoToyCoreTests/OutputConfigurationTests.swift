import Testing
import VideoToyCore

/// The whole configuration sent to a wlroots compositor to switch one head: every head carried as it is, the
/// target's mode set through its own mode object where one matches.
@Suite("Output configuration")
struct OutputConfigurationTests {
    static let small = ScreenMode(width: 1280, height: 720, refreshMilliHz: 60000)
    static let hd = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 60000)
    static let hd50 = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 50000)
    static let uhd = ScreenMode(width: 3840, height: 2160, refreshMilliHz: 30000)
    static let empty = ScreenMode(width: 0, height: 0, refreshMilliHz: 0)

    static let panel = OutputHead(name: "eDP-1", modes: [HeadMode(small, preferred: true)], currentModeIndex: 0, scale: 1.5)
    static let tv = OutputHead(
        name: "HDMI-A-1", modes: [HeadMode(small), HeadMode(hd50), HeadMode(hd, preferred: true), HeadMode(uhd)], currentModeIndex: 0,
        x: 854, y: 0, transform: 1)
    static let off = OutputHead(name: "DP-1", modes: [HeadMode(hd)], isEnabled: false)
    /// sway 1.7's headless outputs: reported disabled, with one mode of no size.
    static let headless = OutputHead(name: "HEADLESS-1", modes: [HeadMode(empty)], isEnabled: false)
    static let headless2 = OutputHead(name: "HEADLESS-2", modes: [HeadMode(empty)], isEnabled: false)

    /// A setting in short: `name on|off mode x,y transform scale`, with `-` for what is not sent.
    static func short(_ setting: HeadSetting) -> String {
        guard setting.isEnabled else { return "\(setting.head) off" }
        let mode: String
        switch setting.mode {
        case .listed(let index): mode = "#\(index)"
        case .custom(let custom): mode = "custom \(custom)"
        case nil: mode = "-"
        }
        let place = setting.placement.map { "\($0.x),\($0.y) \($0.transform) \($0.scale)" } ?? "-"
        return "\(setting.head) on \(mode) \(place)"
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let heads: [OutputHead]
        let connector: String
        let mode: ScreenMode
        /// Each head's setting in short, or the words the refusal must contain.
        let expected: Result<[String], ModeSettingUnavailable>
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a listed mode is set through its object; the others keep mode and place", heads: [panel, tv, off],
            connector: "HDMI-A-1", mode: hd,
            expected: .success(["eDP-1 on #0 0,0 0 1.5", "HDMI-A-1 on #2 854,0 1 1.0", "DP-1 off"])),
        Case(
            name: "the refresh decides between modes of one size", heads: [panel, tv], connector: "HDMI-A-1", mode: hd50,
            expected: .success(["eDP-1 on #0 0,0 0 1.5", "HDMI-A-1 on #1 854,0 1 1.0"])),
        Case(
            name: "a mode the head does not list is a custom mode", heads: [panel, tv], connector: "HDMI-A-1",
            mode: ScreenMode(width: 2560, height: 1440, refreshMilliHz: 59951),
            expected: .success(["eDP-1 on #0 0,0 0 1.5", "HDMI-A-1 on custom 2560x1440@59.951 854,0 1 1.0"])),
        Case(
            name: "sway's undescribed headless outputs: the target gets a custom mode, the other is left to the compositor",
            heads: [headless, headless2], connector: "HEADLESS-1", mode: hd,
            expected: .success(["HEADLESS-1 on custom 1920x1080@60.000 -", "HEADLESS-2 on - -"])),
        Case(
            name: "an enabled head without a current mode keeps whatever it has", heads: [tv, OutputHead(name: "X-1", x: 5, y: 6)],
            connector: "HDMI-A-1", mode: uhd, expected: .success(["HDMI-A-1 on #3 854,0 1 1.0", "X-1 on - 5,6 0 1.0"])),
        Case(
            name: "a head switched off is not switched on", heads: [panel, off], connector: "DP-1", mode: hd,
            expected: .failure(.switchedOff(connector: "DP-1"))),
        Case(
            name: "a head the compositor does not report", heads: [panel], connector: "HDMI-A-1", mode: hd,
            expected: .failure(.noOutput(connector: "HDMI-A-1"))),
        Case(
            name: "a mode of no size", heads: [headless], connector: "HEADLESS-1", mode: empty,
            expected: .failure(.noSize(empty))),
    ]

    @Test("switching one head", arguments: cases)
    func switching(_ test: Case) {
        let built = OutputConfiguration.switching(test.connector, to: test.mode, in: test.heads).map { $0.heads.map(Self.short) }
        #expect(built == test.expected)
    }

    struct StateCase: Sendable, CustomTestStringConvertible {
        let name: String
        let head: OutputHead
        let state: HeadState
        let modes: OutputModes
        var testDescription: String { name }
    }

    static let stateCases: [StateCase] = [
        StateCase(
            name: "enabled in a listed mode", head: tv, state: .running(small),
            modes: OutputModes(modes: [small, hd50, hd, uhd], current: small)),
        StateCase(name: "switched off", head: off, state: .off, modes: OutputModes(modes: [hd], current: nil)),
        StateCase(name: "sway's headless output", head: headless, state: .unreported, modes: OutputModes(modes: [], current: nil)),
        StateCase(
            name: "enabled without a current mode", head: OutputHead(name: "X-1", modes: [HeadMode(hd), HeadMode(hd)]), state: .unreported,
            modes: OutputModes(modes: [hd], current: nil)),
        StateCase(
            name: "a current mode while disabled does not count",
            head: OutputHead(name: "X-1", modes: [HeadMode(hd)], currentModeIndex: 0, isEnabled: false), state: .off,
            modes: OutputModes(modes: [hd], current: nil)),
    ]

    @Test("what a head reports: its state and its modes for the mode API", arguments: stateCases)
    func state(_ test: StateCase) {
        #expect(test.head.state == test.state)
        #expect(test.head.outputModes == test.modes)
    }
}
