import CGLib
import Testing
import VideoToyGObject

/// Signal connections hold their instance weakly: they neither keep it alive nor touch it once it is gone.
@Suite("Signal connections")
@MainActor
struct SignalConnectionTests {
    @Test("a handler runs until it is cancelled, and cancelling twice is harmless")
    func cancel() throws {
        let cancellable = try #require(g_cancellable_new())
        defer { g_object_unref(cancellable) }
        var calls = 0
        let connection = Signal.connect(UnsafeMutableRawPointer(cancellable), "cancelled") { calls += 1 }
        #expect(connection.isConnected)
        g_cancellable_cancel(cancellable)
        #expect(calls == 1)
        connection.cancel()
        connection.cancel()
        #expect(!connection.isConnected)
        g_cancellable_reset(cancellable)
        g_cancellable_cancel(cancellable)
        #expect(calls == 1, "a cancelled handler never runs again")
    }

    @Test("a kept connection lets its object be finalized, then reports it gone and cancels as a no-op")
    func outlivesItsObject() throws {
        let cancellable = try #require(g_cancellable_new())
        var alive = GWeakRef()
        g_weak_ref_init(&alive, UnsafeMutableRawPointer(cancellable))
        defer { g_weak_ref_clear(&alive) }
        let connection = Signal.connect(UnsafeMutableRawPointer(cancellable), "cancelled") {}
        g_object_unref(cancellable)
        #expect(g_weak_ref_get(&alive) == nil, "the connection must not keep the object alive")
        #expect(!connection.isConnected)
        // Before, this asked GLib about a handler on freed memory.
        connection.cancel()
        // A new object may now reuse the address; the old connection must not touch its handlers.
        let successor = try #require(g_cancellable_new())
        defer { g_object_unref(successor) }
        var successorCalls = 0
        let other = Signal.connect(UnsafeMutableRawPointer(successor), "cancelled") { successorCalls += 1 }
        connection.cancel()
        g_cancellable_cancel(successor)
        #expect(successorCalls == 1)
        #expect(other.isConnected)
    }
}
