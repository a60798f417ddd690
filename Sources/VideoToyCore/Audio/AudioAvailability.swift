/// Whether an output's port has something plugged in, as the sound server reports it.
public enum AudioAvailability: String, Hashable, Sendable {
    /// The server knows something is plugged in (an HDMI monitor with its ELD, headphones).
    case available
    /// The server knows nothing is plugged in; such an output is never routed to.
    case unavailable
    /// The server cannot tell (a port without jack detection, a sink without ports).
    case unknown
}
