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

    private let display: OpaquePointer
    private let root: Window
    private let queue = DispatchQueue(label: "org.videotoy.randr")

    /// Why mode changes are unavailable, when they are.
    @MainActor static var unavailableReason: String?

    /// Opens a connection to the X server named by `DISPLAY`, requiring RandR 1.2 or later.
    @MainActor
    init?() {
        guard let display = XOpenDisplay(nil) else {
            RandRModes.unavailableReason = "cannot open the X display for RandR"
            return nil
        }
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XRRQueryExtension(display, &event, &error) != 0, XRRQueryVersion(display, &major, &minor) != 0,
            major > 1 || (major == 1 && minor >= 2)
        else {
            RandRModes.unavailableReason = "the X server has no RandR 1.2"
            XCloseDisplay(display)
            return nil
        }
        self.display = display
        self.root = XDefaultRootWindow(display)
    }

    deinit {
        let connection = Connection(display)
        // Work still queued uses the connection; it closes after the last of it.
        queue.async { XCloseDisplay(connection.display) }
    }

    /// Reads every output's modes on the RandR thread and hands them to `done` on the main thread.
    func readModes(then done: @escaping @MainActor @Sendable ([String: OutputModes]) -> Void) {
        queue.async { [self] in
            let modes = allModes()
            DispatchQueue.main.async { MainActor.assumeIsolated { done(modes) } }
        }
    }

    /// Reads every output's modes, waiting for the answer; for start-up and the command line only.
    func readModesNow() -> [String: OutputModes] {
        queue.sync { allModes() }
    }

    /// Switches an active output to `mode` on the RandR thread; `done` learns on the main thread whether it worked.
    func setMode(_ wanted: ScreenMode, connector: String, then done: @escaping @MainActor @Sendable (Bool) -> Void) {
        queue.async { [self] in
            let worked = apply(wanted, connector: connector)
            DispatchQueue.main.async { MainActor.assumeIsolated { done(worked) } }
        }
    }

    /// Switches an output to `mode`, waiting until it is done; for restoring modes on the way out.
    func setModeNow(_ wanted: ScreenMode, connector: String) -> Bool {
        queue.sync { apply(wanted, connector: connector) }
    }

    /// Switches an output to `mode` off the main loop; RandR sets and restores alike.
    func setMode(
        _ mode: ScreenMode, connector: String, restoring: Bool, then done: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        let refusal = "RandR refused mode \(mode) on \(connector)"
        setMode(mode, connector: connector) { worked in done(worked ? nil : refusal) }
    }

    /// Switches an output to `mode` and waits; RandR sets and restores alike.
    func setModeNow(_ mode: ScreenMode, connector: String, restoring: Bool) -> String? {
        setModeNow(mode, connector: connector) ? nil : "RandR refused mode \(mode) on \(connector)"
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
        return result
    }

    private func apply(_ wanted: ScreenMode, connector: String) -> Bool {
        withOutput(connector) { resources, output, outputID in
            guard output.pointee.crtc != 0, let crtc = XRRGetCrtcInfo(display, resources, output.pointee.crtc) else { return false }
            defer { XRRFreeCrtcInfo(crtc) }
            var chosen: RRMode?
            for index in 0..<Int(output.pointee.nmode) {
                let id = output.pointee.modes[index]
                if mode(resources, id) == wanted { chosen = id; break }
            }
            guard let chosen else { return false }
            growScreen(toFit: crtc.pointee.x, crtc.pointee.y, wanted)
            var outputs = [outputID]
            let status = XRRSetCrtcConfig(
                display, resources, output.pointee.crtc, Time(CurrentTime), crtc.pointee.x, crtc.pointee.y,
                chosen, crtc.pointee.rotation, &outputs, 1)
            XSync(display, 0)
            return status == 0
        } ?? false
    }

    private func growScreen(toFit x: Int32, _ y: Int32, _ mode: ScreenMode) {
        // The X screen must contain every CRTC; a bigger mode may need a bigger screen first.
        let screen = XDefaultScreen(display)
        let width = max(Int(XDisplayWidth(display, screen)), Int(x) + mode.width)
        let height = max(Int(XDisplayHeight(display, screen)), Int(y) + mode.height)
        guard width > Int(XDisplayWidth(display, screen)) || height > Int(XDisplayHeight(display, screen)) else { return }
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
