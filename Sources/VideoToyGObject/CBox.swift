import CGLib

/// Hands a Swift object to C as a `gpointer` that keeps it alive until C calls one of the release notifies.
///
/// Signal handlers, main-loop sources, bus watches, appsink callbacks and D-Bus registrations all take a
/// `user_data` and a destroy notify: this is the one place that pairs the retain with its release.
public enum CBox {
    /// A retained pointer to `object`, for a C `user_data`; C must release it with `destroyNotify` or `closureNotify`.
    public static func retain(_ object: AnyObject) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(object).toOpaque()
    }

    /// The object behind a pointer from `retain`, without changing its retain count.
    public static func object<T: AnyObject>(_ data: UnsafeRawPointer?, as _: T.Type = T.self) -> T {
        // A pointer C hands back is always one of ours; anything else is a programming error worth trapping on.
        Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! T
    }

    /// Drops the reference `retain` took, for code that frees the C side itself.
    public static func release(_ data: UnsafeMutableRawPointer?) {
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }

    /// A `GDestroyNotify` that drops the reference `retain` took.
    public static let destroyNotify: GDestroyNotify = { data in CBox.release(data) }

    /// A `GClosureNotify` (signal handlers) that drops the reference `retain` took.
    public static let closureNotify: GClosureNotify = { data, _ in CBox.release(data) }
}
