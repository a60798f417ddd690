import Testing
import VideoToyCore
import VideoToyWayland
import VideoToyWaylandTesting

/// The wlr-output-management adapter against a fake compositor with real mode lists: what it reads, what it
/// sends, and when it backs off.
@Suite("wlr-output-management contract")
struct WlrContractTests {
    static let small = ScreenMode(width: 1280, height: 720, refreshMilliHz: 60000)
    static let hd = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 60000)
    static let hd50 = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 50000)
    static let uhd = ScreenMode(width: 3840, height: 2160, refreshMilliHz: 30000)

    /// A laptop panel at 1.5 scale, a TV beside it in its smallest mode, and a monitor switched off.
    static let heads = [
        OutputHead(name: "eDP-1", description: "Panel", modes: [HeadMode(small, preferred: true)], currentModeIndex: 0, scale: 1.5),
        OutputHead(
            name: "HDMI-A-1", description: "ACME TV",
            modes: [HeadMode(small), HeadMode(hd50), HeadMode(hd, preferred: true), HeadMode(uhd)],
            currentModeIndex: 0, x: 854, transform: 0),
        OutputHead(name: "DP-1", description: "Monitor", modes: [HeadMode(hd)], isEnabled: false),
    ]

    /// The other heads as the adapter must carry them when it switches HDMI-A-1.
    static func carried(tv mode: HeadSetting.ModeChoice) -> [HeadSetting] {
        [
            HeadSetting(head: "eDP-1", isEnabled: true, mode: .listed(0), placement: .init(x: 0, y: 0, transform: 0, scale: 1.5)),
            HeadSetting(head: "HDMI-A-1", isEnabled: true, mode: mode, placement: .init(x: 854, y: 0, transform: 0, scale: 1)),
            HeadSetting(head: "DP-1", isEnabled: false),
        ]
    }

    @Test("the manager is bound at the lower of the offered version and 4", arguments: [1, 2, 3, 4] as [UInt32])
    func version(_ offered: UInt32) throws {
        let fake = try FakeOutputCompositor(heads: Self.heads, version: offered)
        defer { fake.stop() }
        let modes = try WlrOutputModes(socket: fake.socket)
        #expect(modes.boundVersion == Int(min(offered, 4)))
        #expect(modes.readModesNow()["HDMI-A-1"]?.modes.count == 4)
        #expect(fake.protocolErrors.isEmpty)
    }

    @Test("every head is read: names, descriptions, mode lists with preferred flags, current modes, placement")
    func read() throws {
        let fake = try FakeOutputCompositor(heads: Self.heads)
        defer { fake.stop() }
        let modes = try WlrOutputModes(socket: fake.socket)
        #expect(try modes.heads().get() == Self.heads)
        #expect(
            modes.readModesNow() == [
                "eDP-1": OutputModes(modes: [Self.small], current: Self.small),
                "HDMI-A-1": OutputModes(modes: [Self.small, Self.hd50, Self.hd, Self.uhd], current: Self.small),
                "DP-1": OutputModes(modes: [Self.hd], current: nil),
            ])
    }

    @Test("the best mode is set through the head's own mode object, every other head is carried as it is, and restored")
    func best() throws {
        let fake = try FakeOutputCompositor(heads: Self.heads)
        defer { fake.stop() }
        let modes = try WlrOutputModes(socket: fake.socket)
        let tv = try #require(modes.readModesNow()["HDMI-A-1"])
        let best = try #require(tv.modes.max())
        #expect(best == Self.uhd, "most pixels first")
        let serial = fake.serial

        #expect(modes.setModeNow(best, connector: "HDMI-A-1", restoring: false) == nil)
        #expect(
            fake.configurations == [
                FakeConfiguration(heads: Self.carried(tv: .listed(3)), isApply: true, serial: serial, answer: .succeeded)
            ])
        #expect(fake.heads[1].currentMode == Self.uhd)
        #expect(modes.readModesNow()["HDMI-A-1"]?.current == Self.uhd, "the change is read back")

        #expect(modes.setModeNow(Self.small, connector: "HDMI-A-1", restoring: true) == nil)
        #expect(fake.configurations.last?.heads == Self.carried(tv: .listed(0)))
        #expect(fake.heads == Self.heads, "every head is as it was")
        #expect(fake.protocolErrors.isEmpty)
    }

    @Test("the mode in use is not set again")
    func sameMode() throws {
        let fake = try FakeOutputCompositor(heads: Self.heads)
        defer { fake.stop() }
        let modes = try WlrOutputModes(socket: fake.socket)
        #expect(modes.setModeNow(Self.small, connector: "HDMI-A-1", restoring: false) == nil)
        #expect(fake.configurations.isEmpty)
    }

    @Test("a cancelled configuration is read again and tried once more; cancelled twice, it gives up with the reason")
    func cancelled() throws {
        let fake = try FakeOutputCompositor(heads: Self.heads)
        defer { fake.stop() }
        let modes = try WlrOutputModes(socket: fake.socket)
        let serial = fake.serial
        fake.cancelNext(1)
        #expect(modes.setModeNow(Self.hd, connector: "HDMI-A-1", restoring: false) == nil)
        #expect(fake.configurations.map(\.answer) == [.cancelled, .succeeded])
        #expect(fake.configurations.map(\.serial) == [serial, serial + 1], "the retry carries the new serial")
        #expect(fake.heads[1].currentMode == Self.hd)

        fake.cancelNext(2)
        let refusal = modes.setModeNow(Self.uhd, connector: "HDMI-A-1", restoring: false)
        #expect(refusal == .cancelledTwice(Self.uhd, connector: "HDMI-A-1"), "\(String(describing: refusal))")
        #expect(fake.configurations.map(\.answer) == [.cancelled, .succeeded, .cancelled, .cancelled])
        #expect(fake.heads[1].currentMode == Self.hd)
    }

    @Test("a mode changed by someone else is left alone on restore; one changed back is not touched either")
    func changedUnderneath() throws {
        let fake = try FakeOutputCompositor(heads: Self.heads)
        defer { fake.stop() }
        let modes = try WlrOutputModes(socket: fake.socket)
        #expect(modes.setModeNow(Self.hd, connector: "HDMI-A-1", restoring: false) == nil)
        fake.switchMode(of: "HDMI-A-1", toModeAt: 1)
        let refusal = modes.setModeNow(Self.small, connector: "HDMI-A-1", restoring: true)
        #expect(refusal == .changedOutside(connector: "HDMI-A-1", to: Self.hd50), "\(String(describing: refusal))")
        #expect(fake.configurations.count == 1, "nothing is sent")
        #expect(fake.heads[1].currentMode == Self.hd50)

        #expect(modes.setModeNow(Self.uhd, connector: "HDMI-A-1", restoring: false) == nil)
        fake.switchMode(of: "HDMI-A-1", toModeAt: 0)
        #expect(modes.setModeNow(Self.small, connector: "HDMI-A-1", restoring: true) == nil)
        #expect(fake.configurations.count == 2)
    }

    @Test("a refusal is said: a mode the compositor rejects, and a custom mode it cannot show")
    func refused() throws {
        let fake = try FakeOutputCompositor(heads: Self.heads)
        defer { fake.stop() }
        let modes = try WlrOutputModes(socket: fake.socket)
        fake.failNext()
        let refusal = modes.setModeNow(Self.hd, connector: "HDMI-A-1", restoring: false)
        #expect(refusal == .refused(Self.hd, connector: "HDMI-A-1", detail: nil))

        let unlisted = ScreenMode(width: 2560, height: 1440, refreshMilliHz: 59951)
        #expect(
            modes.setModeNow(unlisted, connector: "HDMI-A-1", restoring: false) == .refused(unlisted, connector: "HDMI-A-1", detail: nil))
        #expect(fake.configurations.last?.heads == Self.carried(tv: .custom(unlisted)))
        #expect(fake.heads == Self.heads)
        // Refused changes leave nothing to restore.
        #expect(modes.setModeNow(Self.small, connector: "HDMI-A-1", restoring: true) == nil)
        #expect(fake.configurations.count == 2)
    }

    @Test("a head switched off or unknown is refused with the reason, and nothing is sent")
    func inactive() throws {
        let fake = try FakeOutputCompositor(heads: Self.heads)
        defer { fake.stop() }
        let modes = try WlrOutputModes(socket: fake.socket)
        #expect(modes.setModeNow(Self.hd, connector: "DP-1", restoring: false) == .switchedOff(connector: "DP-1"))
        #expect(modes.setModeNow(Self.hd, connector: "HDMI-A-2", restoring: false) == .noOutput(connector: "HDMI-A-2"))
        #expect(fake.configurations.isEmpty)
    }

    @Test("no output manager, or no compositor, is refused at the start; one that goes away gives reasons")
    func unavailable() throws {
        let bare = try FakeOutputCompositor(heads: Self.heads, version: nil)
        defer { bare.stop() }
        #expect(throws: ModeSettingUnavailable.noOutputManagement) {
            try WlrOutputModes(socket: bare.socket)
        }
        #expect(throws: ModeSettingUnavailable.self) { try WlrOutputModes(socket: bare.socket + "-none") }

        let fake = try FakeOutputCompositor(heads: Self.heads)
        let modes = try WlrOutputModes(socket: fake.socket)
        fake.stop()
        #expect(modes.readModesNow().isEmpty)
        let refusal = try #require(modes.setModeNow(Self.hd, connector: "HDMI-A-1", restoring: false))
        // The connection closed (and connecting again, if tried, found no compositor).
        let closed: Bool
        switch refusal {
        case .outputsUnreadable(.connectionClosed), .outputsUnreadable(.reconnectFailed(.connectionClosed, _)): closed = true
        default: closed = false
        }
        #expect(closed, "\(refusal)")
    }
}
