import Foundation
import Glibc
import Testing
import VideoToyAppTesting
import VideoToyCore
import VideoToyDesktop

/// A private session bus holding scripts/fake-display-config, whose stdout lists every ApplyMonitorsConfig call.
final class FakeDisplayConfigBus {
    let address: String
    private let bus: PrivateSessionBus
    private let fake: ChildProcess
    private let output: String
    private let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-fake-dc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        bus = try PrivateSessionBus()
        address = bus.address
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        output = directory.appendingPathComponent("fake.out").path
        fake = try ChildProcess(
            [PackagePaths.root.appendingPathComponent("scripts/fake-display-config").path], environment: environment,
            stdout: output, stderr: directory.appendingPathComponent("fake.err").path)
        _ = try Self.waitForLine(in: output) { $0 == "ready" }
    }

    deinit {
        fake.send(SIGTERM)
        // The bus stops with its object, after the fake that used it.
        _ = fake.wait()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The fake's lines about ApplyMonitorsConfig calls, in order.
    var applyCalls: [String] {
        lines(output).filter { $0.hasPrefix("apply ") }
    }

    /// Plays the user changing HDMI-1's mode in Settings, and waits until the fake has done it.
    func userChangesMode() throws {
        fake.send(SIGUSR1)
        _ = try Self.waitForLine(in: output) { $0.hasPrefix("changed ") }
    }

    private func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits (polling the file, 10 s at most) for a line that satisfies `wanted`.
    static func waitForLine(in path: String, _ wanted: (String) -> Bool) throws -> String {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").map(String.init).first(where: wanted) { return line }
            usleep(20_000)
        }
        throw HarnessError("no expected line in \(path) within 10 s")
    }
}

/// The DisplayConfig adapter against a fake GNOME compositor on a private bus: what it reads, what it applies, and
/// that it never uses the persistent method or fights a change made underneath.
@Suite("DisplayConfig contract", .serialized)
struct DisplayConfigContractTests {
    static let small = ScreenMode(width: 1280, height: 720, refreshMilliHz: 60000)
    static let hd = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 60000)
    static let uhd = ScreenMode(width: 3840, height: 2160, refreshMilliHz: 30000)

    @Test("Every monitor's modes are read, worst first, with the one in use")
    func readsModes() throws {
        let bus = try FakeDisplayConfigBus()
        let modes = try DisplayConfigModes(address: bus.address).readModesNow()
        #expect(modes["eDP-1"] == OutputModes(modes: [Self.small], current: Self.small))
        #expect(modes["HDMI-1"] == OutputModes(modes: [Self.small, Self.hd, Self.uhd], current: Self.small))
        #expect(modes.count == 2)
    }

    @Test("The best mode is applied temporarily and the previous configuration restored")
    func appliesAndRestores() throws {
        let bus = try FakeDisplayConfigBus()
        let adapter = try DisplayConfigModes(address: bus.address)
        let before = try adapter.currentLayout()
        #expect(adapter.setModeNow(Self.uhd, connector: "HDMI-1", restoring: false) == nil)
        let during = try adapter.currentLayout()
        #expect(during.monitor("HDMI-1")?.currentMode?.mode == Self.uhd)
        #expect(during.monitor("eDP-1")?.currentMode?.mode == Self.small)
        #expect(adapter.setModeNow(Self.small, connector: "HDMI-1", restoring: true) == nil)
        let after = try adapter.currentLayout()
        #expect(after.monitors == before.monitors)
        #expect(after.logicalMonitors == before.logicalMonitors)
        #expect(bus.applyCalls == ["apply method=1 serial=1 ok", "apply method=1 serial=1 ok"], "temporary, never persistent")
    }

    @Test("The layout built around a grown monitor passes the compositor's overlap check")
    func movesNeighbours() throws {
        let bus = try FakeDisplayConfigBus()
        let adapter = try DisplayConfigModes(address: bus.address)
        #expect(adapter.setModeNow(Self.hd, connector: "HDMI-1", restoring: false) == nil)
        #expect(try adapter.currentLayout().logicalMonitors.map(\.x) == [0, 1280])
        #expect(bus.applyCalls.allSatisfy { $0.hasSuffix(" ok") })
    }

    @Test("A configuration changed underneath is left as the user made it")
    func neverFights() throws {
        let bus = try FakeDisplayConfigBus()
        let adapter = try DisplayConfigModes(address: bus.address)
        #expect(adapter.setModeNow(Self.uhd, connector: "HDMI-1", restoring: false) == nil)
        try bus.userChangesMode()
        let refusal = adapter.setModeNow(Self.small, connector: "HDMI-1", restoring: true)
        #expect(refusal == .configurationChangedOutside(connector: "HDMI-1"))
        #expect(try adapter.currentLayout().monitor("HDMI-1")?.currentMode?.mode == Self.hd)
        #expect(bus.applyCalls == ["apply method=1 serial=1 ok"], "no second call")
    }

    @Test("Asynchronous calls answer on the main actor; a mode the monitor lacks is refused without a call")
    @MainActor
    func asynchronous() async throws {
        let bus = try FakeDisplayConfigBus()
        let adapter = try DisplayConfigModes(address: bus.address)
        let refusal: ModeSettingUnavailable? = await withCheckedContinuation { done in
            adapter.setMode(ScreenMode(width: 800, height: 600, refreshMilliHz: 60000), connector: "HDMI-1", restoring: false) {
                done.resume(returning: $0)
            }
        }
        #expect(refusal == .noSuchMode(ScreenMode(width: 800, height: 600, refreshMilliHz: 60000), connector: "HDMI-1"))
        let modes = await withCheckedContinuation { done in adapter.readModes { done.resume(returning: $0) } }
        #expect(modes["HDMI-1"]?.current == Self.small)
        #expect(bus.applyCalls.isEmpty)
    }

    @Test("Without the service, the reason says so")
    func missingService() throws {
        let bus = try FakeDisplayConfigBus()
        // A bus address nobody listens on.
        let nowhere = bus.address.replacingOccurrences(of: "path=", with: "path=/nonexistent")
        #expect(throws: ModeSettingUnavailable.self) { try DisplayConfigModes(address: nowhere) }
    }
}
