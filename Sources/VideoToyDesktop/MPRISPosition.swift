import VideoToyCore

/// Where a client's `Seek` or `SetPosition` takes the video, worked out with checks: the offsets and positions come
/// from the bus and may be any 64-bit number.
public enum MPRISPosition {
    /// What a client's request comes to.
    public enum Move: Equatable, Sendable {
        /// Seek to this position in milliseconds.
        case seek(toMs: Int)
        /// Go to the next video (a seek past the end, as the spec says).
        case next
        /// Nothing: the request is ignored.
        case ignore
    }

    /// `Seek(offsetUs)` from `positionMs` in a video of `durationMs`: before the start is the start; past the end
    /// is the next video where there is one, and nothing otherwise.
    public static func seek(fromMs positionMs: Int, byMicroseconds offsetUs: Int64, durationMs: Int?, canGoNext: Bool) -> Move {
        let target = MediaTime.offset(MediaTime.positionMs(positionMs), by: MediaTime.milliseconds(microseconds: offsetUs))
        let end = MediaTime.durationMs(durationMs) ?? MediaTime.longestMs
        guard target <= end else { return canGoNext ? .next : .ignore }
        return .seek(toMs: max(0, target))
    }

    /// `SetPosition(positionUs)` in a video of `durationMs`: a position before the start or past the end is ignored.
    public static func setPosition(microseconds positionUs: Int64, durationMs: Int?) -> Move {
        guard positionUs >= 0 else { return .ignore }
        let ms = MediaTime.milliseconds(microseconds: positionUs)
        guard ms <= (MediaTime.durationMs(durationMs) ?? MediaTime.longestMs) else { return .ignore }
        return .seek(toMs: ms)
    }

    /// The microseconds MPRIS carries for a position in milliseconds, held within 0 and 100 years.
    public static func microseconds(ms: Int) -> Int64 { MediaTime.microseconds(ms: ms) }
}
