import Testing
import VideoToyCore
import VideoToyTesting

/// GDK's monitor list checked against the display server's view, and what a check reports as corrected.
@Suite("Screen reconciliation")
struct ScreenReconciliationTests {
    static let on = OutputModes(modes: [Fixture.hd], current: Fixture.hd)
    static let off = OutputModes(modes: [Fixture.hd], current: nil)
    static let unnamed = FakeMonitorSource.monitor("", x: 3840)

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let screens: [Screen]
        let outputs: [String: OutputModes]
        let kept: [String]
        let dropped: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "every output driven", screens: [Fixture.laptop, Fixture.tv], outputs: ["eDP-1": on, "HDMI-1": on],
            kept: ["eDP-1", "HDMI-1"], dropped: []),
        Case(
            name: "an output switched off", screens: [Fixture.laptop, Fixture.tv], outputs: ["eDP-1": on, "HDMI-1": off],
            kept: ["eDP-1"], dropped: ["HDMI-1"]),
        Case(
            name: "an output the server no longer lists", screens: [Fixture.laptop, Fixture.tv], outputs: ["eDP-1": on],
            kept: ["eDP-1"], dropped: ["HDMI-1"]),
        Case(
            name: "two gone at once", screens: [Fixture.laptop, Fixture.tv, Fixture.projector], outputs: ["eDP-1": on],
            kept: ["eDP-1"], dropped: ["HDMI-1", "DP-1"]),
        Case(
            name: "no answer from the server", screens: [Fixture.laptop, Fixture.tv], outputs: [:], kept: ["eDP-1", "HDMI-1"],
            dropped: []),
        Case(
            name: "an answer that would drop every screen", screens: [Fixture.laptop, Fixture.tv],
            outputs: ["eDP-1": off, "HDMI-1": off], kept: ["eDP-1", "HDMI-1"], dropped: []),
        Case(
            name: "a monitor whose connector is not known yet", screens: [Fixture.laptop, unnamed], outputs: ["eDP-1": on],
            kept: ["eDP-1", ""], dropped: []),
        Case(name: "no screens", screens: [], outputs: ["eDP-1": on], kept: [], dropped: []),
    ]

    @Test(arguments: cases)
    func keepsWhatTheServerDrives(_ row: Case) {
        let result = ScreenReconciliation(screens: row.screens, outputs: row.outputs)
        #expect(result.screens.map(\.id.connector) == row.kept)
        #expect(result.dropped.map(\.connector) == row.dropped)
    }

    @Test func seededRandomListsKeepAScreenAndDropOnlyUndrivenOnes() {
        var random = SeededGenerator(seed: 2812)
        let pool = [Fixture.laptop, Fixture.tv, Fixture.projector]
        for _ in 0..<500 {
            let screens = pool.filter { _ in Bool.random(using: &random) }
            var outputs: [String: OutputModes] = [:]
            for screen in pool where Bool.random(using: &random) {
                outputs[screen.id.connector] = Bool.random(using: &random) ? Self.on : Self.off
            }
            let result = ScreenReconciliation(screens: screens, outputs: outputs)
            #expect(screens.isEmpty || !result.screens.isEmpty, "a screen always remains: \(screens) \(outputs)")
            #expect(Set(result.screens.map(\.id)).union(result.dropped) == Set(screens.map(\.id)), "nothing lost or invented")
            #expect(result.dropped.allSatisfy { outputs[$0.connector]?.current == nil })
        }
    }

    @Test func aCorrectionSaysWhatWentAndCame() throws {
        let correction = try #require(ScreenCorrection(reported: [Fixture.laptop, Fixture.tv], now: [Fixture.laptop, Fixture.projector]))
        #expect(correction.gone.map(\.connector) == ["HDMI-1"] && correction.added.map(\.connector) == ["DP-1"])
        #expect(ScreenCorrection(reported: [Fixture.laptop, Fixture.tv], now: [Fixture.tv, Fixture.laptop]) == nil)
    }
}
