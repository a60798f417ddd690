import CGLib
import CGStreamer
import Foundation

/// GStreamer discoverers kept between probes, each lent to one caller at a time.
///
/// Building a discoverer costs more than reading most headers; a worker takes one, probes with it and gives it
/// back, so a library is probed with about as many discoverers as there are workers.
final class DiscovererPool: @unchecked Sendable {
    private let timeoutSeconds: Int
    private let lock = NSLock()
    private var idle: [UnsafeMutablePointer<GstDiscoverer>] = []
    /// More idle discoverers than this are freed, not kept.
    private let keep = 4

    /// A pool whose discoverers give up on a file after `timeoutSeconds`.
    init(timeoutSeconds: Int) {
        self.timeoutSeconds = timeoutSeconds
    }

    deinit {
        for discoverer in idle { g_object_unref(discoverer) }
    }

    /// An idle discoverer, or a new one (always, when `fresh`); nil with `error` set when none can be made.
    func take(fresh: Bool = false, _ error: inout UnsafeMutablePointer<GError>?) -> UnsafeMutablePointer<GstDiscoverer>? {
        if !fresh, let discoverer = lock.withLock({ idle.popLast() }) { return discoverer }
        return gst_discoverer_new(GstClockTime(timeoutSeconds) * 1_000_000_000, &error)
    }

    /// Returns `discoverer` for the next probe, or frees it when it is not `reusable` or enough are kept.
    func give(back discoverer: UnsafeMutablePointer<GstDiscoverer>, reusable: Bool) {
        let kept =
            reusable
            && lock.withLock { () -> Bool in
                guard idle.count < keep else { return false }
                idle.append(discoverer)
                return true
            }
        if !kept { g_object_unref(discoverer) }
    }
}
