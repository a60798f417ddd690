import Testing
import VideoToyTesting

@testable import VideoToyCore

/// A port that records what it was asked.
@MainActor
final class RecordingWakePort: ScreenWaking {
    enum Call: Equatable {
        case hold(WakeReason)
        case release
    }

    var calls: [Call] = []

    func hold(reason: WakeReason) { calls.append(.hold(reason)) }
    func release() { calls.append(.release) }
}

/// The wake driver following a real controller, with a fake port: what the user sees decides what is held.
@MainActor
struct WakeDriverTests {
    static func driven(_ rig: Rig, enabled: Bool = true) -> (WakeDriver, RecordingWakePort) {
        let port = RecordingWakePort()
        let driver = WakeDriver(port: port, log: rig.log, enabled: enabled)
        driver.follow(rig.controller)
        return (driver, port)
    }

    @Test func playingHoldsPausingInTheRowReleasesAndEachChangeIsLogged() async throws {
        let rig = try await Rig.ready(["/v/Film.mkv", "/v/b.mp4"])
        let (driver, port) = Self.driven(rig)
        defer { withExtendedLifetime(driver) {} }
        #expect(port.calls.isEmpty, "nothing while idle")
        rig.controller.activate(rig.ids[0])
        #expect(port.calls == [.hold(.playing(title: "Film.mkv"))])
        rig.backend.player(for: "/v/Film.mkv")?.emit(.playing(positionMs: 0))
        rig.controller.intent(rig.ids[0], .togglePlay)
        rig.backend.player(for: "/v/Film.mkv")?.emit(.paused(positionMs: 1_000))
        #expect(port.calls == [.hold(.playing(title: "Film.mkv")), .release])
        rig.controller.activate(rig.ids[1])
        #expect(port.calls.last == .hold(.playing(title: "b.mp4")))
        let logged = rig.records("wake")
        #expect(logged.map { $0.fields.first { $0.0 == "held" }?.1 } == [.bool(true), .bool(false), .bool(true)])
        #expect(logged.map(\.path) == ["/v/Film.mkv", "/v/Film.mkv", "/v/b.mp4"])
        #expect(logged.first?.fields.first { $0.0 == "reason" }?.1 == .string("\(LogMessage.wake(.playing(title: "Film.mkv")))"))
    }

    @Test func aVideoPausedOnAnExternalScreenStaysHeldUntilTheScreenGoes() async throws {
        let rig = try await Rig.ready(["/v/Film.mkv"])
        let (driver, port) = Self.driven(rig)
        defer { withExtendedLifetime(driver) {} }
        rig.controller.screensChanged([Fixture.laptop, Fixture.tv])
        rig.controller.mainScreenChanged(connector: Fixture.laptop.id.connector)
        rig.controller.activate(rig.ids[0])
        #expect(rig.controller.snapshot.current?.screen == "HDMI-1")
        rig.backend.player(for: "/v/Film.mkv")?.emit(.playing(positionMs: 0))
        rig.controller.intent(rig.ids[0], .togglePlay)
        rig.backend.player(for: "/v/Film.mkv")?.emit(.paused(positionMs: 1_000))
        guard case .paused? = rig.controller.snapshot.current?.playback else {
            Issue.record("paused: \(String(describing: rig.controller.snapshot.current?.playback))")
            return
        }
        #expect(port.calls == [.hold(.playing(title: "Film.mkv"))], "a paused slide on the projector must not blank")
        rig.controller.screensChanged([Fixture.laptop])
        // Past the reconnect grace.
        rig.timers.advance(by: 10_000)
        #expect(rig.controller.snapshot.current?.screen == nil)
        #expect(port.calls == [.hold(.playing(title: "Film.mkv")), .release], "unplugged: back home, paused")
    }

    @Test func withThePreferenceOffNothingIsAskedUntilItIsOn() async throws {
        let rig = try await Rig.ready(["/v/Film.mkv"])
        let (driver, port) = Self.driven(rig, enabled: false)
        rig.controller.activate(rig.ids[0])
        #expect(port.calls.isEmpty)
        driver.setEnabled(true)
        #expect(port.calls == [.hold(.playing(title: "Film.mkv"))])
        driver.stop()
        #expect(port.calls == [.hold(.playing(title: "Film.mkv")), .release], "quitting releases")
    }
}
