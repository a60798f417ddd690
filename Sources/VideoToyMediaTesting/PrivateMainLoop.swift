import CGLib

/// A GLib main context of its own, iterated by hand, so tests can drive main-loop code on any thread.
public final class PrivateMainLoop: @unchecked Sendable {
    /// The context (a `GMainContext *`) to attach sources to.
    public let context: OpaquePointer

    /// Creates a context nobody iterates until `run(forMilliseconds:)` is called.
    public init() {
        context = g_main_context_new()
    }

    deinit { g_main_context_unref(context) }

    /// Runs `body` with this context as the calling thread's default, so the sources it adds (a bus watch) land here.
    public func asThreadDefault<T>(_ body: () throws -> T) rethrows -> T {
        g_main_context_push_thread_default(context)
        defer { g_main_context_pop_thread_default(context) }
        return try body()
    }

    /// Dispatches whatever is due on this thread, for `milliseconds`.
    public func run(forMilliseconds milliseconds: Int) {
        let end = Int64(g_get_monotonic_time()) + Int64(milliseconds) * 1000
        while Int64(g_get_monotonic_time()) < end {
            // Never block past the end: a wake-up source stops a blocking iteration in time.
            let remaining = UInt32(max(1, (end - Int64(g_get_monotonic_time())) / 1000))
            let timer = g_timeout_source_new(remaining)!
            g_source_set_callback(timer, { _ in 0 }, nil, nil)
            g_source_attach(timer, context)
            g_main_context_iteration(context, 1)
            g_source_destroy(timer)
            g_source_unref(timer)
        }
    }
}
