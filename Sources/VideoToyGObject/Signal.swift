import CGLib

/// A connected GObject signal handler; disconnects when cancelled.
///
/// It holds the instance weakly (a `GWeakRef`): keeping a connection must not keep a widget or a monitor
/// alive, and cancelling after GTK has finalized the instance must not touch freed memory, nor a new
/// object that happens to reuse its address.
public final class SignalConnection {
    private let weak: UnsafeMutablePointer<GWeakRef>
    private var handlerID: gulong

    init(instance: UnsafeMutableRawPointer, handlerID: gulong) {
        weak = .allocate(capacity: 1)
        weak.initialize(to: GWeakRef())
        g_weak_ref_init(weak, instance)
        self.handlerID = handlerID
    }

    deinit {
        g_weak_ref_clear(weak)
        weak.deallocate()
    }

    /// True while the instance is alive and the handler connected.
    public var isConnected: Bool {
        guard handlerID != 0, let instance = g_weak_ref_get(weak) else { return false }
        defer { g_object_unref(instance) }
        return g_signal_handler_is_connected(instance, handlerID) != 0
    }

    /// Disconnects the handler, if the instance is still alive and connected.
    public func cancel() {
        defer { handlerID = 0 }
        guard handlerID != 0, let instance = g_weak_ref_get(weak) else { return }
        // The strong reference from the weak one keeps the instance alive until the disconnect is done.
        defer { g_object_unref(instance) }
        if g_signal_handler_is_connected(instance, handlerID) != 0 {
            g_signal_handler_disconnect(instance, handlerID)
        }
        g_weak_ref_set(weak, nil)
    }
}

/// Connects Swift closures to GObject signals with the exact C signature each signal needs.
///
/// GLib emits these on the main thread, so handlers are main-actor isolated. The closure box is
/// released by GLib when the handler is disconnected or the instance is finalized.
@MainActor
public enum Signal {
    private final class Box<F>: @unchecked Sendable {
        let handler: F
        init(_ handler: F) { self.handler = handler }
    }

    @discardableResult
    private static func connect<F>(
        _ instance: UnsafeMutableRawPointer, _ name: String, _ handler: F,
        _ callback: GCallback
    ) -> SignalConnection {
        let box = CBox.retain(Box(handler))
        let id = g_signal_connect_data(instance, name, callback, box, CBox.closureNotify, GConnectFlags(0))
        return SignalConnection(instance: instance, handlerID: id)
    }

    // Every signal connected here belongs to a GTK, GDK or GIO object of the main context, and GLib emits those
    // only on the thread that runs that context's loop: the main thread, where the main actor runs. This is the
    // one place that assumption is made for signals.
    private static func onMainThread<T: Sendable>(_ body: @MainActor () -> T) -> T {
        MainActor.assumeIsolated(body)
    }

    private static func unbox<F>(_ data: UnsafeMutableRawPointer?, as _: F.Type) -> F {
        CBox.object(data, as: Box<F>.self).handler
    }

    /// Connects a signal of shape `void (GObject*, gpointer)`, such as `clicked` or `destroy`.
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer, _ name: String,
        _ handler: @escaping @MainActor () -> Void
    ) -> SignalConnection {
        typealias C = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let c: C = { _, data in
            let h = Signal.unbox(data, as: (@MainActor () -> Void).self)
            Signal.onMainThread { h() }
        }
        return connect(instance, name, handler, unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a `notify::property` handler: `void (GObject*, GParamSpec*, gpointer)`.
    @discardableResult
    public static func notify(
        _ instance: UnsafeMutableRawPointer, _ property: String,
        _ handler: @escaping @MainActor () -> Void
    ) -> SignalConnection {
        connectIgnoringArgument(instance, "notify::\(property)", handler)
    }

    /// Connects a signal that passes one object: `void (GObject*, GObject*, gpointer)` (list item factories).
    @discardableResult
    public static func connectObject(
        _ instance: UnsafeMutableRawPointer, _ name: String,
        _ handler: @escaping @MainActor (UnsafeMutableRawPointer) -> Void
    ) -> SignalConnection {
        typealias C =
            @convention(c) (
                UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                UnsafeMutableRawPointer?
            ) -> Void
        let c: C = { _, object, data in
            let h = Signal.unbox(data, as: (@MainActor (UnsafeMutableRawPointer) -> Void).self)
            Signal.onMainThread { h(object!) }
        }
        return connect(instance, name, handler, unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a signal whose one argument is not needed: `void (GObject*, gpointer, gpointer)` (`GSimpleAction::activate`,
    /// whose parameter may be NULL).
    @discardableResult
    public static func connectIgnoringArgument(
        _ instance: UnsafeMutableRawPointer, _ name: String,
        _ handler: @escaping @MainActor () -> Void
    ) -> SignalConnection {
        typealias C = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let c: C = { _, _, data in
            let h = Signal.unbox(data, as: (@MainActor () -> Void).self)
            Signal.onMainThread { h() }
        }
        return connect(instance, name, handler, unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a signal that passes one unsigned integer: `void (GObject*, guint, gpointer)` (`activate`).
    @discardableResult
    public static func connectUInt(
        _ instance: UnsafeMutableRawPointer, _ name: String,
        _ handler: @escaping @MainActor (UInt32) -> Void
    ) -> SignalConnection {
        typealias C = @convention(c) (UnsafeMutableRawPointer?, guint, UnsafeMutableRawPointer?) -> Void
        let c: C = { _, value, data in
            let h = Signal.unbox(data, as: (@MainActor (UInt32) -> Void).self)
            Signal.onMainThread { h(value) }
        }
        return connect(instance, name, handler, unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects `items-changed`: `void (GListModel*, guint position, guint removed, guint added, gpointer)`.
    @discardableResult
    public static func itemsChanged(
        _ instance: UnsafeMutableRawPointer,
        _ handler: @escaping @MainActor (_ position: UInt32, _ removed: UInt32, _ added: UInt32) -> Void
    ) -> SignalConnection {
        typealias C = @convention(c) (UnsafeMutableRawPointer?, guint, guint, guint, UnsafeMutableRawPointer?) -> Void
        let c: C = { _, position, removed, added, data in
            let h = Signal.unbox(data, as: (@MainActor (UInt32, UInt32, UInt32) -> Void).self)
            Signal.onMainThread { h(position, removed, added) }
        }
        return connect(instance, "items-changed", handler, unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects GFileMonitor's `changed`: `void (GFileMonitor*, GFile* file, GFile* other_file, GFileMonitorEvent, gpointer)`.
    @discardableResult
    public static func fileChanged(
        _ instance: UnsafeMutableRawPointer,
        _ handler:
            @escaping @MainActor (
                _ file: UnsafeMutableRawPointer?, _ other: UnsafeMutableRawPointer?,
                _ event: GFileMonitorEvent
            ) -> Void
    ) -> SignalConnection {
        typealias C =
            @convention(c) (
                UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                GFileMonitorEvent, UnsafeMutableRawPointer?
            ) -> Void
        let c: C = { _, file, other, event, data in
            let h = Signal.unbox(
                data, as: (@MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, GFileMonitorEvent) -> Void).self)
            Signal.onMainThread { h(file, other, event) }
        }
        return connect(instance, "changed", handler, unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a signal that passes one object and returns an int: `gint (GObject*, GObject*, gpointer)` (`command-line`).
    @discardableResult
    public static func connectObjectInt(
        _ instance: UnsafeMutableRawPointer, _ name: String,
        _ handler: @escaping @MainActor (UnsafeMutableRawPointer) -> Int32
    ) -> SignalConnection {
        typealias C = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gint
        let c: C = { _, object, data in
            let h = Signal.unbox(data, as: (@MainActor (UnsafeMutableRawPointer) -> Int32).self)
            return Signal.onMainThread { h(object!) }
        }
        return connect(instance, name, handler, unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects GtkDropTarget's `drop`: `gboolean (GtkDropTarget*, const GValue*, double x, double y, gpointer)`.
    @discardableResult
    public static func drop(
        _ instance: UnsafeMutableRawPointer,
        _ handler: @escaping @MainActor (_ value: UnsafeRawPointer) -> Bool
    ) -> SignalConnection {
        typealias C = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> gboolean
        let c: C = { _, value, _, _, data in
            let h = Signal.unbox(data, as: (@MainActor (UnsafeRawPointer) -> Bool).self)
            return Signal.onMainThread { h(value!) } ? 1 : 0
        }
        return connect(instance, "drop", handler, unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a signal that returns a boolean and takes no arguments, such as `close-request`.
    @discardableResult
    public static func connectBool(
        _ instance: UnsafeMutableRawPointer, _ name: String,
        _ handler: @escaping @MainActor () -> Bool
    ) -> SignalConnection {
        typealias C = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean
        let c: C = { _, data in
            let h = Signal.unbox(data, as: (@MainActor () -> Bool).self)
            return Signal.onMainThread { h() } ? 1 : 0
        }
        return connect(instance, name, handler, unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects GtkEventControllerLegacy's `event`: `gboolean (GtkEventControllerLegacy*, GdkEvent*, gpointer)`.
    ///
    /// The handler gets the `GdkEvent*` and returns whether it consumed the event.
    @discardableResult
    public static func event(
        _ instance: UnsafeMutableRawPointer,
        _ handler: @escaping @MainActor (OpaquePointer) -> Bool
    ) -> SignalConnection {
        typealias C = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean
        let c: C = { _, event, data in
            guard let event else { return 0 }
            let h = Signal.unbox(data, as: (@MainActor (OpaquePointer) -> Bool).self)
            return Signal.onMainThread { h(event) } ? 1 : 0
        }
        return connect(instance, "event", handler, unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects `key-pressed`: `gboolean (GtkEventControllerKey*, guint keyval, guint keycode, GdkModifierType, gpointer)`.
    @discardableResult
    public static func keyPressed(
        _ instance: UnsafeMutableRawPointer,
        _ handler: @escaping @MainActor (_ keyval: UInt32, _ modifiers: UInt32) -> Bool
    ) -> SignalConnection {
        typealias C = @convention(c) (UnsafeMutableRawPointer?, guint, guint, guint32, UnsafeMutableRawPointer?) -> gboolean
        let c: C = { _, keyval, _, state, data in
            let h = Signal.unbox(data, as: (@MainActor (UInt32, UInt32) -> Bool).self)
            return Signal.onMainThread { h(keyval, state) } ? 1 : 0
        }
        return connect(instance, "key-pressed", handler, unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a gesture's `pressed`/`released`: `void (GtkGesture*, gint n_press, gdouble x, gdouble y, gpointer)`.
    @discardableResult
    public static func pressed(
        _ instance: UnsafeMutableRawPointer, _ name: String = "pressed",
        _ handler: @escaping @MainActor (_ count: Int32, _ x: Double, _ y: Double) -> Void
    ) -> SignalConnection {
        typealias C = @convention(c) (UnsafeMutableRawPointer?, gint, gdouble, gdouble, UnsafeMutableRawPointer?) -> Void
        let c: C = { _, n, x, y, data in
            let h = Signal.unbox(data, as: (@MainActor (Int32, Double, Double) -> Void).self)
            Signal.onMainThread { h(n, x, y) }
        }
        return connect(instance, name, handler, unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a motion signal: `void (GtkEventController*, gdouble x, gdouble y, gpointer)`.
    @discardableResult
    public static func motion(
        _ instance: UnsafeMutableRawPointer, _ name: String = "motion",
        _ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void
    ) -> SignalConnection {
        typealias C = @convention(c) (UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> Void
        let c: C = { _, x, y, data in
            let h = Signal.unbox(data, as: (@MainActor (Double, Double) -> Void).self)
            Signal.onMainThread { h(x, y) }
        }
        return connect(instance, name, handler, unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects `GtkDrawingArea::resize`: `void (GtkDrawingArea*, gint width, gint height, gpointer)`.
    @discardableResult
    public static func resize(
        _ instance: UnsafeMutableRawPointer, _ handler: @escaping @MainActor (_ width: Int, _ height: Int) -> Void
    ) -> SignalConnection {
        typealias C = @convention(c) (UnsafeMutableRawPointer?, gint, gint, UnsafeMutableRawPointer?) -> Void
        let c: C = { _, width, height, data in
            let h = Signal.unbox(data, as: (@MainActor (Int, Int) -> Void).self)
            Signal.onMainThread { h(Int(width), Int(height)) }
        }
        return connect(instance, "resize", handler, unsafeBitCast(c, to: GCallback.self))
    }
}
