/// Converts media times between units with checks: a duration or position read from a file, a cache, the
/// settings or the bus can be any number, and plain arithmetic on it traps the whole app.
///
/// Every conversion clamps instead of overflowing. A duration beyond `longestMs` (100 years) is taken as unknown,
/// and positions are held within it, so the nanoseconds GStreamer takes and the microseconds MPRIS sends always fit.
public enum MediaTime {
    /// The longest duration taken as real, and the furthest position ever sought: 100 years (of 365.25 days) in
    /// milliseconds. In nanoseconds it is about a third of `Int64.max`.
    public static let longestMs = 3_155_760_000_000

    /// `ms` held within 0...`longestMs`: a position safe to seek to or to send.
    public static func positionMs(_ ms: Int) -> Int { min(max(0, ms), longestMs) }

    /// A duration read from outside, or nil (unknown) when it is not positive or is beyond `longestMs`.
    public static func durationMs(_ ms: Int?) -> Int? {
        guard let ms, ms > 0, ms <= longestMs else { return nil }
        return ms
    }

    /// Nanoseconds for a position in milliseconds, held within 0...`longestMs` first.
    public static func nanoseconds(ms: Int) -> Int64 { Int64(positionMs(ms)) * 1_000_000 }

    /// Microseconds for a position in milliseconds, held within 0...`longestMs` first.
    public static func microseconds(ms: Int) -> Int64 { Int64(positionMs(ms)) * 1000 }

    /// Milliseconds for a signed time in nanoseconds (rounded toward zero); never traps.
    public static func milliseconds(nanoseconds: Int64) -> Int { Int(nanoseconds / 1_000_000) }

    /// Milliseconds for an unsigned time in nanoseconds (rounded down), at most `Int.max`; never traps.
    public static func milliseconds(nanoseconds: UInt64) -> Int { Int(nanoseconds / 1_000_000) }

    /// Milliseconds for a signed time in microseconds (rounded toward zero); never traps.
    public static func milliseconds(microseconds: Int64) -> Int { Int(microseconds / 1000) }

    /// A duration in nanoseconds as milliseconds, rounded to the nearest; nil when not positive or beyond `longestMs`.
    public static func durationMs(nanoseconds: UInt64) -> Int? {
        durationMs(Int(nanoseconds / 1_000_000) + (nanoseconds % 1_000_000 >= 500_000 ? 1 : 0))
    }

    /// A duration in microseconds as milliseconds, rounded to the nearest; nil when not positive or beyond `longestMs`.
    public static func durationMs(microseconds: Int64) -> Int? {
        guard microseconds > 0 else { return nil }
        return durationMs(Int(microseconds / 1000) + (microseconds % 1000 >= 500 ? 1 : 0))
    }

    /// `ms` moved by `deltaMs`, saturating at `Int.min` and `Int.max` rather than trapping.
    public static func offset(_ ms: Int, by deltaMs: Int) -> Int {
        let (sum, overflow) = ms.addingReportingOverflow(deltaMs)
        guard overflow else { return sum }
        return deltaMs > 0 ? Int.max : Int.min
    }

    /// Milliseconds for a number of seconds (rounded to the nearest), held within 0...`longestMs`; NaN is 0.
    public static func milliseconds(seconds: Double) -> Int {
        guard !seconds.isNaN else { return 0 }
        let ms = (seconds * 1000).rounded()
        return ms <= 0 ? 0 : ms >= Double(longestMs) ? longestMs : Int(ms)
    }
}
