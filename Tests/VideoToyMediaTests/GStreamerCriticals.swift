import CGStreamer
import Synchronization

/// Counts GStreamer's CRITICAL messages (its failed `g_return_if_fail` checks) that name a function, for the whole
/// test process; each is still printed as GLib would.
enum GStreamerCriticals {
    private static let counts = Mutex<[String: Int]>([:])

    private static let installed: Bool = {
        let levels = GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue)
        _ = g_log_set_handler(
            "GStreamer", levels,
            { domain, level, message, data in
                if let message {
                    let text = String(cString: message)
                    // "gst_sample_set_caps: assertion '…' failed": the function comes before the colon.
                    let function = String(text.prefix { $0 != ":" })
                    GStreamerCriticals.counts.withLock { $0[function, default: 0] += 1 }
                }
                g_log_default_handler(domain, level, message, data)
            }, nil)
        return true
    }()

    /// Starts counting (once per process); returns how many CRITICALs named `function` so far.
    static func count(_ function: String) -> Int {
        _ = installed
        return counts.withLock { $0[function] ?? 0 }
    }
}
