import Testing
import VideoToyCore

/// Setting and restoring modes through GNOME's DisplayConfig: what is applied, what is put back, when to back off.
@Suite("DisplayConfig changes")
struct DisplayConfigChangesTests {
    static let hd = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 60000)
    static let hd50 = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 50000)
    static let uhd = ScreenMode(width: 3840, height: 2160, refreshMilliHz: 30000)
    static let small = ScreenMode(width: 1280, height: 720, refreshMilliHz: 60000)

    static func mode(_ mode: ScreenMode, current: Bool = false, scales: [Double] = [1, 2]) -> LayoutMode {
        LayoutMode(id: "\(mode)", mode: mode, preferredScale: 1, supportedScales: scales, isCurrent: current)
    }

    /// A laptop panel at the origin and an external monitor beside it (or below it), both at 1280x720.
    static func layout(
        serial: UInt32 = 7, externalBelow: Bool = false, externalScale: Double = 1, transform: UInt32 = 0,
        uhdScales: [Double] = [1, 2]
    ) -> DisplayLayout {
        let panel = LayoutMonitor(connector: "eDP-1", modes: [mode(small, current: true)])
        let external = LayoutMonitor(
            connector: "HDMI-1", vendor: "ACME", product: "TV",
            modes: [mode(small, current: true), mode(hd50), mode(hd), mode(uhd, scales: uhdScales)])
        return DisplayLayout(
            serial: serial, monitors: [panel, external],
            logicalMonitors: [
                LogicalMonitor(x: 0, y: 0, isPrimary: true, connectors: ["eDP-1"]),
                LogicalMonitor(
                    x: externalBelow ? 0 : 1280, y: externalBelow ? 720 : 0, scale: externalScale, transform: transform,
                    connectors: ["HDMI-1"]),
            ])
    }

    static func applied(_ decision: DisplayConfigChanges.Decision) -> MonitorsConfig? {
        if case .apply(let config) = decision { return config }
        return nil
    }

    struct SetCase: Sendable, CustomTestStringConvertible {
        let name: String
        let layout: DisplayLayout
        let connector: String
        let mode: ScreenMode
        /// Expected (connector, mode id, x, y, scale) per logical monitor, or nil when nothing is applied.
        let expected: [String]?
        var testDescription: String { name }
    }

    static let setCases: [SetCase] = [
        SetCase(
            name: "external on the right switches alone", layout: layout(), connector: "HDMI-1", mode: hd,
            expected: ["eDP-1 1280x720@60.000 0,0 1.0 primary", "HDMI-1 1920x1080@60.000 1280,0 1.0"]),
        SetCase(
            name: "the mode in use changes nothing", layout: layout(), connector: "eDP-1", mode: small,
            expected: nil),
        SetCase(
            name: "a monitor below keeps its x", layout: layout(externalBelow: true), connector: "HDMI-1", mode: uhd,
            expected: ["eDP-1 1280x720@60.000 0,0 1.0 primary", "HDMI-1 3840x2160@30.000 0,720 1.0"]),
        SetCase(
            name: "an unsupported scale falls back to the mode's preferred one",
            layout: layout(externalScale: 2, uhdScales: [1, 1.5]), connector: "HDMI-1", mode: uhd,
            expected: ["eDP-1 1280x720@60.000 0,0 1.0 primary", "HDMI-1 3840x2160@30.000 1280,0 1.0"]),
        SetCase(
            name: "the exact refresh rate is chosen", layout: layout(), connector: "HDMI-1", mode: hd50,
            expected: ["eDP-1 1280x720@60.000 0,0 1.0 primary", "HDMI-1 1920x1080@50.000 1280,0 1.0"]),
    ]

    static func describe(_ config: MonitorsConfig) -> [String] {
        config.logicalMonitors.map { logical in
            let names = logical.monitors.map { "\($0.connector) \($0.modeID)" }.joined(separator: "+")
            return "\(names) \(logical.x),\(logical.y) \(logical.scale)" + (logical.isPrimary ? " primary" : "")
        }
    }

    @Test("Setting a mode applies the whole layout, temporarily", arguments: setCases)
    func setMode(_ test: SetCase) throws {
        var changes = DisplayConfigChanges()
        let decision = changes.set(test.mode, on: test.connector, in: test.layout)
        guard let expected = test.expected else {
            #expect(decision == .nothing)
            return
        }
        let config = try #require(Self.applied(decision), "\(decision)")
        #expect(Self.describe(config) == expected)
        #expect(config.method == .temporary)
        #expect(config.serial == test.layout.serial, "built on the state just read")
    }

    @Test("Monitors beyond a monitor that grows move by the difference")
    func neighboursMove() {
        var layout = Self.layout()
        layout.monitors[0].modes = [Self.mode(Self.small, current: true), Self.mode(Self.hd)]
        var changes = DisplayConfigChanges()
        let config = Self.applied(changes.set(Self.hd, on: "eDP-1", in: layout))
        #expect(config.map(Self.describe) == ["eDP-1 1920x1080@60.000 0,0 1.0 primary", "HDMI-1 1280x720@60.000 1920,0 1.0"])
        // At scale 2 the logical width grows from 640 to 1920.
        var scaled = Self.layout(externalScale: 2)
        scaled.logicalMonitors.swapAt(0, 1)
        scaled.logicalMonitors[0].x = 0
        scaled.logicalMonitors[1].x = 640
        let grown = Self.applied(changes.set(Self.uhd, on: "HDMI-1", in: scaled))
        #expect(grown.map(Self.describe) == ["HDMI-1 3840x2160@30.000 0,0 2.0", "eDP-1 1280x720@60.000 1920,0 1.0 primary"])
    }

    @Test("A turned monitor grows along its turned sides")
    func transformed() {
        var changes = DisplayConfigChanges()
        let layout = Self.layout(externalBelow: true, transform: 1)
        var withThird = layout
        withThird.monitors.append(LayoutMonitor(connector: "DP-1", modes: [Self.mode(Self.small, current: true)]))
        // Below the turned monitor (720 wide, 1280 tall) at y 720 + 1280.
        withThird.logicalMonitors.append(LogicalMonitor(x: 0, y: 2000, connectors: ["DP-1"]))
        let config = Self.applied(changes.set(Self.hd, on: "HDMI-1", in: withThird))
        #expect(config.map(Self.describe)?.last == "DP-1 1280x720@60.000 0,2640 1.0")
    }

    struct LeaveCase: Sendable, CustomTestStringConvertible {
        let name: String
        let layout: DisplayLayout
        let connector: String
        let mode: ScreenMode
        let reason: ModeSettingUnavailable
        var testDescription: String { name }
    }

    static var mirrored: DisplayLayout {
        var layout = layout()
        layout.logicalMonitors = [LogicalMonitor(x: 0, y: 0, isPrimary: true, connectors: ["eDP-1", "HDMI-1"])]
        return layout
    }

    static var inactive: DisplayLayout {
        var layout = layout()
        layout.monitors[1].modes = layout.monitors[1].modes.map {
            var mode = $0; mode.isCurrent = false; return mode
        }
        layout.logicalMonitors.removeLast()
        return layout
    }

    static let leaveCases: [LeaveCase] = [
        LeaveCase(name: "unknown connector", layout: layout(), connector: "DP-9", mode: hd, reason: .notActive(connector: "DP-9")),
        LeaveCase(name: "switched off", layout: inactive, connector: "HDMI-1", mode: hd, reason: .notActive(connector: "HDMI-1")),
        LeaveCase(
            name: "mode not offered", layout: layout(), connector: "HDMI-1",
            mode: ScreenMode(width: 800, height: 600, refreshMilliHz: 60000),
            reason: .noSuchMode(ScreenMode(width: 800, height: 600, refreshMilliHz: 60000), connector: "HDMI-1")),
        LeaveCase(
            name: "mirrored", layout: mirrored, connector: "HDMI-1", mode: hd,
            reason: .mirrors(connector: "HDMI-1")),
    ]

    @Test("Requests that cannot be carried out leave the configuration alone", arguments: leaveCases)
    func leaves(_ test: LeaveCase) {
        var changes = DisplayConfigChanges()
        #expect(changes.set(test.mode, on: test.connector, in: test.layout) == .leave(test.reason))
        #expect(changes.changedConnectors.isEmpty)
    }

    /// The layout as the compositor reports it after switching the external monitor to `mode`.
    static func after(_ mode: ScreenMode, serial: UInt32) -> DisplayLayout {
        var layout = layout(serial: serial)
        layout.monitors[1].modes = layout.monitors[1].modes.map {
            var each = $0; each.isCurrent = each.mode == mode; return each
        }
        return layout
    }

    @Test("Restoring puts back the mode from before the first change")
    func restores() {
        var changes = DisplayConfigChanges()
        #expect(Self.applied(changes.set(Self.hd, on: "HDMI-1", in: Self.layout(serial: 7))) != nil)
        changes.finished(Self.after(Self.hd, serial: 8))
        #expect(changes.changedConnectors == ["HDMI-1"])
        // A second change keeps the first record.
        #expect(Self.applied(changes.set(Self.uhd, on: "HDMI-1", in: Self.after(Self.hd, serial: 8))) != nil)
        changes.finished(Self.after(Self.uhd, serial: 9))
        let config = Self.applied(changes.restore("HDMI-1", in: Self.after(Self.uhd, serial: 9)))
        #expect(config.map(Self.describe) == ["eDP-1 1280x720@60.000 0,0 1.0 primary", "HDMI-1 1280x720@60.000 1280,0 1.0"])
        #expect(config?.method == .temporary)
        #expect(config?.serial == 9)
        changes.finished(Self.layout(serial: 10))
        #expect(changes.changedConnectors.isEmpty)
        #expect(changes.restore("HDMI-1", in: Self.layout(serial: 10)) == .nothing, "nothing left to restore")
    }

    struct BackOffCase: Sendable, CustomTestStringConvertible {
        let name: String
        /// What happens between setting and restoring.
        let meanwhile: @Sendable (inout DisplayConfigChanges) -> Void
        /// The layout read when restoring.
        let restoring: DisplayLayout
        var testDescription: String { name }
    }

    static let backOffCases: [BackOffCase] = [
        BackOffCase(name: "a monitor plugged: new serial when restoring", meanwhile: { _ in }, restoring: after(hd, serial: 9)),
        // mutter keeps its serial when only the configuration changes.
        BackOffCase(name: "the user chose another mode, same serial", meanwhile: { _ in }, restoring: after(uhd, serial: 8)),
        BackOffCase(
            name: "the user moved the monitor, same serial", meanwhile: { _ in },
            restoring: {
                var moved = after(hd, serial: 8)
                moved.logicalMonitors[1].y = 100
                return moved
            }()),
        BackOffCase(
            name: "a layout read meanwhile showed the user's change, then it was undone",
            meanwhile: { $0.observe(after(hd50, serial: 8)) }, restoring: after(hd, serial: 8)),
        BackOffCase(
            name: "another set meanwhile saw another serial",
            meanwhile: { _ = $0.set(hd, on: "eDP-1", in: after(hd, serial: 11)) }, restoring: after(hd, serial: 8)),
    ]

    @Test("A configuration changed underneath is never fought over", arguments: backOffCases)
    func backsOff(_ test: BackOffCase) {
        var changes = DisplayConfigChanges()
        _ = changes.set(Self.hd, on: "HDMI-1", in: Self.layout(serial: 7))
        changes.finished(Self.after(Self.hd, serial: 8))
        test.meanwhile(&changes)
        let decision = changes.restore("HDMI-1", in: test.restoring)
        #expect(decision == .leave(.configurationChangedOutside(connector: "HDMI-1")))
        #expect(changes.changedConnectors.isEmpty)
        #expect(changes.restore("HDMI-1", in: test.restoring) == .nothing, "said once")
    }

    @Test("A refused change is not remembered; a request for the mode in use makes no call")
    func refusedAndUnchanged() {
        var changes = DisplayConfigChanges()
        _ = changes.set(Self.hd, on: "HDMI-1", in: Self.layout())
        changes.finished(nil)
        #expect(changes.changedConnectors.isEmpty)
        #expect(changes.restore("HDMI-1", in: Self.layout()) == .nothing, "a refused change has nothing to put back")
        #expect(changes.set(Self.small, on: "HDMI-1", in: Self.layout()) == .nothing)
        _ = changes.set(Self.hd, on: "HDMI-1", in: Self.layout(serial: 7))
        changes.finished(Self.after(Self.hd, serial: 8))
        #expect(changes.set(Self.hd, on: "HDMI-1", in: Self.after(Self.hd, serial: 8)) == .nothing)
        #expect(changes.changedConnectors == ["HDMI-1"], "still ours to restore")
    }
}
