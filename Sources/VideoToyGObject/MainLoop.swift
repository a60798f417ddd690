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

    /// Runs `body` once after `milliseconds`; returns a token that cancels it.
    @discardableResult
    public static func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> SourceToken {
        every(milliseconds: milliseconds) {
            body(); return false
        }
    }
}

/// Identifies a GLib main-loop source so it can be removed.
@MainActor
public final class SourceToken {
    private var id: guint

    init(id: guint) { self.id = id }

    /// Removes the source unless it already finished.
    public func cancel() {
        guard id != 0 else { return }
        // A one-shot source that has fired is gone; asking the context first avoids a GLib warning.
        if g_main_context_find_source_by_id(nil, id) != nil { g_source_remove(id) }
        id = 0
    }
}
