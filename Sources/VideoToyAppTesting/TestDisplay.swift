/// A display the end-to-end tests run the app on, whose external monitors can be plugged and unplugged: the X11
/// virtual display or headless mutter. Scenarios written against this run on both.
public protocol TestDisplay: AnyObject, Sendable {
    /// The session the app should report: `x11` or `wayland`.
    var session: String { get }
    /// What the app and any client of this display need in their environment (display, session bus, GDK backend).
    var clientEnvironment: [String: String] { get }
    /// Adds an external monitor of `size` (`1920x1080`); returns a handle for `unplugExternal`.
    func plugExternal(_ size: String) throws -> String
    /// Removes a monitor `plugExternal` added.
    func unplugExternal(_ handle: String) throws
    /// A screenshot of the monitor on `connector`.
    func screenshot(ofMonitor connector: String) throws -> Image
    /// The monitors the display server itself reports now, as text for a failure report (never throws: a server
    /// that cannot answer says so in the text).
    func monitorListing() -> String
    /// Stops the display and everything it started; safe to call more than once.
    func stop()
}

extension VirtualDisplay: TestDisplay {
    /// Always `x11`.
    public var session: String { "x11" }

    /// The display, its session bus and GDK's X11 backend.
    public var clientEnvironment: [String: String] { environment.merging(["GDK_BACKEND": "x11"]) { $1 } }

    /// Switches on the first dummy output that is off, with the one mode `size`; the handle is the output's name.
    public func plugExternal(_ size: String) throws -> String {
        let active = Set(try monitors().filter { $0.currentMode != nil }.map(\.connector))
        guard let output = (1...15).map({ "DUMMY\($0)" }).first(where: { !active.contains($0) }) else {
            throw HarnessError("every dummy output is on")
        }
        try plug(output, modes: [size])
        return output
    }

    /// Switches the output off.
    public func unplugExternal(_ handle: String) throws { try unplug(handle) }

    /// The root window cropped to the output.
    public func screenshot(ofMonitor connector: String) throws -> Image { try screenshot(crop: connector) }

    /// `xrandr --listmonitors`, as the X server sees its outputs now.
    public func monitorListing() -> String {
        do { return try xrandr(["--listmonitors"]) } catch { return "xrandr --listmonitors failed: \(error)" }
    }
}
