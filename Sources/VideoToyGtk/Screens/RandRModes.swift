import CXrandr
import Dispatch
import VideoToyCore

/// Reads and sets X11 RandR display modes on a connection and a thread of their own; nil where RandR is not available.
///
/// A mode set blocks until the display has switched, which takes up to a second or more on real hardware,
/// and every query is a round trip to a server that may be busy with exactly that: none of it may run on
/// the main loop. The connection is used only on `queue`, so Xlib needs no locking.
final class RandRModes: DisplayModeSetter, @unchecked Sendable {
    /// The API's name for the capability report.
    let apiName = "RandR"
    /// True: an output switched off or unplugged has no CRTC.
    var reportsDrivenOutputs: Bool { true }

    private let display: OpaquePointer
    private let root: Window
    private let queue = DispatchQueue(label: "org.videotoy.randr")

    /// The queue the connection is used on; once the reader is released, a `sync` on it returns after the connection
    /// closed (an X server stopped before that would make Xlib exit the process).
    var connectionQueue: DispatchQueue { queue }

    /// Why mode changes are unavailable, when they are.
    @MainActor static var unavailableReason: ModeSettingUnavailable?

    /// Opens a connection to the X server `name` (by default the one `DISPLAY` names), requiring RandR 1.2 or later.
    @MainActor
    init?(displayName name: String? = nil) {
        guard let display = name.map({ XOpenDisplay($0) }) ?? XOpenDisplay(nil) else {
            RandRModes.unavailableReason = .noXDisplay
            return nil
        }
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XRRQueryExtension(display, &event, &error) != 0, XRRQueryVersion(display, &major, &minor) != 0,
            major > 1 || (major == 1 && minor >= 2)
        else {
            RandRModes.unavailableReason = .noRandR
            XCloseDisplay(display)
            return nil
        }
        self.display = display
        self.root = XDefaultRootWindow(display)
        XErrorTrap.join(display)
    }

    deinit {
        let connection = Connection(display)
        // Work still queued uses the connection; it closes after the last of it.
        queue.async {
            XErrorTrap.leave(connection.display)
            XCloseDisplay(connection.display)
        }
    }

    /// Reads every output's modes on the RandR thread and hands them to `done` on the main thread.
    func readModes(then done: @escaping @MainActor @Sendable ([String: OutputModes]) -> Void) {
        queue.answerOnMain({ [self] in allModes() }, then: done)
    }

    /// Reads every output's modes, waiting for the answer; for start-up and the command line only.
    func readModesNow() -> [String: OutputModes] {
        queue.sync { allModes() }
    }

    /// Switches an active output to `mode` on the RandR thread; `done` learns on the main thread whether it worked.
    func setMode(_ wanted: ScreenMode, connector: String, then done: @escaping @MainActor @Sendable (Bool) -> Void) {
        queue.answerOnMain({ [self] in apply(wanted, connector: connector) }, then: done)
    }

    /// Switches an output to `mode`, waiting until it is done; for restoring modes on the way out.
    func setModeNow(_ wanted: ScreenMode, connector: String) -> Bool {
        queue.sync { apply(wanted, connector: connector) }
    }

    /// Switches an output to `mode` off the main loop; RandR sets and restores alike.
    func setMode(
        _ mode: ScreenMode, connector: String, restoring: Bool, then done: @escaping @MainActor @Sendable (ModeSettingUnavailable?) -> Void
    ) {
        let refusal = ModeSettingUnavailable.randrRefused(mode, connector: connector)
        setMode(mode, connector: connector) { worked in done(worked ? nil : refusal) }
    }

    /// Switches an output to `mode` and waits; RandR sets and restores alike.
    func setModeNow(_ mode: ScreenMode, connector: String, restoring: Bool) -> ModeSettingUnavailable? {
        setModeNow(mode, connector: connector) ? nil : .randrRefused(mode, connector: connector)
    }

    private func allModes() -> [String: OutputModes] {
        guard let resources = XRRGetScreenResourcesCurrent(display, root) else { return [:] }
        defer { XRRFreeScreenResources(resources) }
        var result: [String: OutputModes] = [:]
        for index in 0..<Int(resources.pointee.noutput) {
            guard let output = XRRGetOutputInfo(display, resources, resources.pointee.outputs[index]) else { continue }
            defer { XRRFreeOutputInfo(output) }
            var modes: [ScreenMode] = []
            for index in 0..<Int(output.pointee.nmode) {
                if let mode = mode(resources, output.pointee.modes[index]) { modes.append(mode) }
            }
            var current: ScreenMode?
            if output.pointee.crtc != 0, let crtc = XRRGetCrtcInfo(display, resources, output.pointee.crtc) {
                current = mode(resources, crtc.pointee.mode)
                XRRFreeCrtcInfo(crtc)
            }
            result[String(cString: output.pointee.name)] = OutputModes(modes: modes, current: current)
        }
        // An output that went away during the read answers with an error; what was read is still right.
        XSync(display, 0)
        _ = XErrorTrap.takeError(on: display)
        return result
    }

    /// Reads what switching `connector` to `wanted` takes, for `commit`; nil when the output is off or lacks the mode.
    func pendingSwitchNow(_ wanted: ScreenMode, connector: String) -> PendingSwitch? {
        queue.sync { pendingSwitch(wanted, connector: connector) }
    }

    /// Sends a switch `pendingSwitchNow` read, waiting for the server's answer.
    func commitNow(_ change: PendingSwitch) -> Bool {
        queue.sync { commit(change) }
    }

    private func apply(_ wanted: ScreenMode, connector: String) -> Bool {
        pendingSwitch(wanted, connector: connector).map(commit) ?? false
    }

    private func pendingSwitch(_ wanted: ScreenMode, connector: String) -> PendingSwitch? {
        withOutput(connector) { resources, output, outputID -> PendingSwitch? in
            guard output.pointee.crtc != 0, let crtc = XRRGetCrtcInfo(display, resources, output.pointee.crtc) else { return nil }
            defer { XRRFreeCrtcInfo(crtc) }
            var chosen: RRMode?
            for index in 0..<Int(output.pointee.nmode) {
                let id = output.pointee.modes[index]
                if mode(resources, id) == wanted { chosen = id; break }
            }
            guard let chosen else { return nil }
            return PendingSwitch(
                crtc: output.pointee.crtc, output: outputID, mode: chosen, wanted: wanted, x: crtc.pointee.x, y: crtc.pointee.y,
                rotation: crtc.pointee.rotation, readAt: resources.pointee.timestamp,
                configuredAt: resources.pointee.configTimestamp)
        } ?? nil
    }

    private func commit(_ change: PendingSwitch) -> Bool {
        // With the server grabbed no other client (the one that switches an unplugged output off) runs between the
        // check and the switch; the times alone are not enough, as a server without input may stamp both alike.
        XGrabServer(display)
        let switched = stillShown(change) && send(change)
        XUngrabServer(display)
        XSync(display, 0)
        // An error (the mode or the output gone meanwhile) is a refusal too.
        return XErrorTrap.takeError(on: display) == nil && switched
    }

    /// Whether the output still shows through the CRTC, at the place, that `change` was read with.
    private func stillShown(_ change: PendingSwitch) -> Bool {
        guard let resources = XRRGetScreenResourcesCurrent(display, root) else { return false }
        defer { XRRFreeScreenResources(resources) }
        guard let output = XRRGetOutputInfo(display, resources, change.output) else { return false }
        defer { XRRFreeOutputInfo(output) }
        guard output.pointee.crtc == change.crtc, let crtc = XRRGetCrtcInfo(display, resources, change.crtc) else { return false }
        defer { XRRFreeCrtcInfo(crtc) }
        return crtc.pointee.mode != 0 && crtc.pointee.x == change.x && crtc.pointee.y == change.y
    }

    private func send(_ change: PendingSwitch) -> Bool {
        growScreen(toFit: change.x, change.y, change.wanted)
        // The read's times, not CurrentTime: a server refuses a switch older than the last change it made.
        // Xlib takes only the configuration time from the resources.
        var resources = XRRScreenResources()
        resources.configTimestamp = change.configuredAt
        var outputs = [change.output]
        let status = XRRSetCrtcConfig(
            display, &resources, change.crtc, change.readAt, change.x, change.y, change.mode, change.rotation, &outputs, 1)
        return status == 0
    }

    /// A mode switch as read from the server, to be sent with the time of that read.
    struct PendingSwitch: Sendable {
        let crtc: RRCrtc
        let output: RROutput
        let mode: RRMode
        let wanted: ScreenMode
        let x: Int32
        let y: Int32
        let rotation: Rotation
        let readAt: Time
        let configuredAt: Time
    }

    private func growScreen(toFit x: Int32, _ y: Int32, _ mode: ScreenMode) {
        // The X screen must contain every CRTC; a bigger mode may need a bigger screen first. Its size is asked of the
        // server: this connection reads no events, so Xlib's own idea of the size is the one from when it opened.
        var rootReturn: Window = 0
        var (left, top, current, currentHeight, border, depth): (Int32, Int32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0, 0)
        guard XGetGeometry(display, root, &rootReturn, &left, &top, &current, &currentHeight, &border, &depth) != 0 else { return }
        let width = max(Int(current), Int(x) + mode.width)
        let height = max(Int(currentHeight), Int(y) + mode.height)
        guard width > Int(current) || height > Int(currentHeight) else { return }
        let screen = XDefaultScreen(display)
        let mmPerPixel = Double(XDisplayWidthMM(display, screen)) / Double(max(1, XDisplayWidth(display, screen)))
        XRRSetScreenSize(
            display, root, Int32(width), Int32(height),
            Int32(Double(width) * mmPerPixel), Int32(Double(height) * mmPerPixel))
    }

    private func mode(_ resources: UnsafeMutablePointer<XRRScreenResources>, _ id: RRMode) -> ScreenMode? {
        for index in 0..<Int(resources.pointee.nmode) {
            let info = resources.pointee.modes[index]
            guard info.id == id else { continue }
            let total = Double(info.hTotal) * Double(info.vTotal)
            let refresh = total > 0 ? Int((Double(info.dotClock) / total * 1000).rounded()) : 0
            return ScreenMode(width: Int(info.width), height: Int(info.height), refreshMilliHz: refresh)
        }
        return nil
    }

    private func withOutput<T>(
        _ connector: String,
        _ body: (UnsafeMutablePointer<XRRScreenResources>, UnsafeMutablePointer<XRROutputInfo>, RROutput) -> T
    ) -> T? {
        guard let resources = XRRGetScreenResourcesCurrent(display, root) else { return nil }
        defer { XRRFreeScreenResources(resources) }
        for index in 0..<Int(resources.pointee.noutput) {
            let id = resources.pointee.outputs[index]
            guard let output = XRRGetOutputInfo(display, resources, id) else { continue }
            defer { XRRFreeOutputInfo(output) }
            if String(cString: output.pointee.name) == connector { return body(resources, output, id) }
        }
        return nil
    }
}

/// Carries the X connection to the RandR thread for closing.
private struct Connection: @unchecked Sendable {
    let display: OpaquePointer
    init(_ display: OpaquePointer) { self.display = display }
}
