import CXrandr
import Synchronization

/// Keeps X protocol errors on VideoToy's own RandR connections from ending the process, and keeps them for the request
/// that caused them; errors on every other connection (GDK's) go to the handler installed before.
///
/// Xlib's default handler exits. A monitor unplugged between reading the outputs and switching a mode makes the
/// server answer with an error (the mode or output is gone), which must be a refused switch, not the end of the app.
/// The handler is process-wide in Xlib, so one trap serves every connection that joins it.
enum XErrorTrap {
    private struct State {
        var joined: Set<UInt> = []
        var errors: [UInt: UInt8] = [:]
        var previous: XErrorHandler?
        var installed = false
    }

    private static let state = Mutex(State())

    /// Routes errors on `display` to the trap from now on.
    static func join(_ display: OpaquePointer) {
        let install = state.withLock { state in
            state.joined.insert(key(display))
            defer { state.installed = true }
            return !state.installed
        }
        guard install else { return }
        let previous = XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            let handled = XErrorTrap.state.withLock { state in
                guard state.joined.contains(XErrorTrap.key(display)) else { return false }
                state.errors[XErrorTrap.key(display)] = event.pointee.error_code
                return true
            }
            if handled { return 0 }
            return XErrorTrap.state.withLock { $0.previous }?(display, event) ?? 0
        }
        state.withLock { $0.previous = previous }
    }

    /// Stops trapping errors on `display`, before it closes.
    static func leave(_ display: OpaquePointer) {
        state.withLock { state in
            state.joined.remove(key(display))
            state.errors[key(display)] = nil
        }
    }

    /// The code of the last error on `display` since the previous call, clearing it; call after `XSync`.
    static func takeError(on display: OpaquePointer) -> UInt8? {
        state.withLock { $0.errors.removeValue(forKey: key(display)) }
    }

    private static func key(_ display: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(display))) }
}
