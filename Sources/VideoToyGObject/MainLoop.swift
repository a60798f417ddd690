import CGLib

/// Timers and idle callbacks on the GLib main loop, with Swift closures.
@MainActor
public enum MainLoop {
    private final class Box: @unchecked Sendable {
        let body: @MainActor () -> Bool
        init(_ body: @escaping @MainActor () -> Bool) { self.body = body }
    }

    private static let release: GDestroyNotify = CBox.destroyNotify

    private static let fire: GSourceFunc = { data in
        let box = CBox.object(data, as: Box.self)
        // These sources are attached to the default main context, whose loop runs on the main thread only.
        return MainActor.assumeIsolated { box.body() } ? 1 : 0
    }

    /// Runs `body` every `milliseconds` while it returns true; returns a token that stops it.
    @discardableResult
    public static func every(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> SourceToken {
        let box = CBox.retain(Box(body))
        return SourceToken(id: g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, fire, box, release))
    }

    /// Runs whatever the main context has ready now, without waiting; for code that runs no GLib loop of its own
    /// (tests on the main actor), so bus callbacks and timers still come. Returns whether anything ran.
    @discardableResult
    public static func dispatchPending() -> Bool {
        var ran = false
        // Bounded: an idle source that stays ready would keep a plain loop here forever.
        for _ in 0..<100 {
            guard g_main_context_iteration(nil, 0) != 0 else { break }
            ran = true
        }
        return ran
    }

    /// Runs `body` once on `context` (a `GMainContext *` iterated on the main thread), when its loop has nothing more
    /// urgent ready (GTK's layout and drawing come first), or after `milliseconds` at the latest; returns a token that
    /// cancels it.
    @discardableResult
    public static func whenIdle(
        on context: OpaquePointer?, atMostAfter milliseconds: UInt32, _ body: @escaping @MainActor () -> Void
    ) -> SourceToken {
        var ran = false
        let once: @MainActor () -> Bool = {
            if !ran { body() }
            ran = true
            return false
        }
        let idle = g_idle_source_new(), timeout = g_timeout_source_new(milliseconds)
        g_source_set_priority(idle, G_PRIORITY_LOW)
        var ids: [guint] = []
        for source in [idle, timeout] {
            g_source_set_callback(source, fire, CBox.retain(Box(once)), release)
            ids.append(g_source_attach(source, context))
            g_source_unref(source)
        }
        return SourceToken(ids: ids, context: context)
    }

    /// Runs `body` once after `milliseconds`; returns a token that cancels it.
    @discardableResult
    public static func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> SourceToken {
        every(milliseconds: milliseconds) {
            body(); return false
        }
    }
}

/// Identifies GLib main-loop sources so they can be removed.
@MainActor
public final class SourceToken {
    private var ids: [guint]
    private let context: OpaquePointer?

    init(id: guint) {
        ids = [id]
        context = nil
    }

    /// Identifies the sources `ids` attached to `context` (nil: the default one).
    init(ids: [guint], context: OpaquePointer?) {
        self.ids = ids
        self.context = context
    }

    /// Removes the sources unless they already finished.
    public func cancel() {
        // A one-shot source that has fired is gone; asking the context first avoids a GLib warning.
        for id in ids where id != 0 {
            if let source = g_main_context_find_source_by_id(context, id) { g_source_destroy(source) }
        }
        ids = []
    }
}
