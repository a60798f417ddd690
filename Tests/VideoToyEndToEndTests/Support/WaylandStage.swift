import Foundation
import Testing
import VideoToyAppTesting

/// A Wayland compositor with a second output for the presentation screen, whichever kind: GNOME's mutter headless
/// (a ScreenCast virtual monitor, screenshots through ScreenCast) or sway headless (two outputs from the start, its
/// own session bus, screenshots through wlr-screencopy). The presenter's Wayland tests are written once against it.
final class WaylandStage: @unchecked Sendable {
    /// The compositors the presenter's Wayland tests run on.
    enum Compositor: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// GNOME's compositor, headless.
        case mutter
        /// A wlroots compositor, headless.
        case sway

        var testDescription: String { rawValue }
    }

    /// Which compositor this is.
    let compositor: Compositor
    /// What the app and its clients (gdbus, gapplication, AT-SPI) need: the Wayland socket and the session bus.
    let environment: [String: String]
    /// The display a failure report lists the monitors of (mutter only).
    let reportDisplay: (any TestDisplay)?
    private let mutter: MutterDisplay?
    private let sway: SwayDisplay?
    private let bus: PrivateSessionBus?

    /// Starts `compositor` with a 1280x720 output beside the one the main window opens on.
    init(_ compositor: Compositor) throws {
        self.compositor = compositor
        switch compositor {
        case .mutter:
            let display = try MutterDisplay()
            _ = try display.plugExternal("1280x720")
            mutter = display
            sway = nil
            bus = nil
            environment = display.clientEnvironment
            reportDisplay = display
        case .sway:
            let display = try SwayDisplay(outputs: 2)
            let bus = try PrivateSessionBus()
            mutter = nil
            sway = display
            self.bus = bus
            environment = display.clientEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 }
            reportDisplay = nil
        }
    }

    deinit { stop() }

    /// Stops the compositor (and sway's bus with this object).
    func stop() {
        mutter?.stop()
        sway?.stop()
    }

    /// Launches the app on this compositor; `accessibility` turns GTK's AT-SPI on, for tests that read the panel.
    func launch(_ arguments: [String], accessibility: Bool = false) throws -> AppProcess {
        try AppProcess(
            arguments: arguments, display: nil, environment: environment, accessibility: accessibility, reportingOn: reportDisplay)
    }

    /// One frame of the output `connector` as the compositor composes it.
    func screenshot(_ connector: String) throws -> Image {
        if let mutter { return try mutter.screenshot(ofMonitor: connector) }
        return try sway!.screenshot(ofOutput: connector)
    }

    /// Screenshots of `connector` until one satisfies `condition`, within `within`: the last one taken, and whether
    /// it did.
    func shot(
        _ connector: String, within: Duration, until condition: (Image) -> Bool
    ) async throws -> (image: Image, met: Bool) {
        let deadline = ContinuousClock.now + within
        var shot = try screenshot(connector)
        while !condition(shot), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            shot = try screenshot(connector)
        }
        return (shot, condition(shot))
    }

    /// Runs `app.presenter(name)` through the bus, as a script does with `gdbus` (GTK's own actions interface).
    func presenter(_ name: String) throws {
        _ = try Command.check(
            [
                "gdbus", "call", "--session", "--dest", "org.videotoy.VideoToy", "--object-path", "/org/videotoy/VideoToy",
                "--method", "org.gtk.Actions.Activate", "presenter", "[<\(MPRISClient.quoted(name))>]", "{}",
            ], extraEnvironment: environment)
    }

    /// Runs `app.presenter(name)` the way the README shows (`gapplication action`, freedesktop's interface).
    func presenterThroughGApplication(_ name: String) throws {
        _ = try Command.check(
            ["gapplication", "action", "org.videotoy.VideoToy", "presenter", MPRISClient.quoted(name)], extraEnvironment: environment)
    }

    /// An MPRIS client on this compositor's session bus.
    var mpris: MPRISClient { MPRISClient(environment: environment) }
}
