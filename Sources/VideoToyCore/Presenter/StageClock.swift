/// The presenter panel's clock: elapsed and remaining time of the video on the presentation screen.
public struct StageClock: Hashable, Sendable {
    /// How urgent the remaining time looks.
    public enum Tone: String, Hashable, Sendable {
        /// More than 30 s left, or no end known.
        case normal
        /// 30 s or less.
        case amber
        /// 10 s or less.
        case red
    }

    /// Amber from this many milliseconds before the end.
    public static let amberMs = 30_000
    /// Red from this many milliseconds before the end.
    public static let redMs = 10_000

    /// The time played, in milliseconds.
    public var elapsedMs: Int
    /// The time left, in milliseconds, when the duration is known.
    public var remainingMs: Int?

    /// The clock at `positionMs` of a video lasting `durationMs` (nil or not positive: unknown).
    public init(positionMs: Int, durationMs: Int?) {
        elapsedMs = max(0, positionMs)
        if let durationMs, durationMs > 0 {
            remainingMs = max(0, durationMs - elapsedMs)
        } else {
            remainingMs = nil
        }
    }

    /// The tone of the remaining time.
    public var tone: Tone {
        guard let remainingMs else { return .normal }
        if remainingMs <= Self.redMs { return .red }
        if remainingMs <= Self.amberMs { return .amber }
        return .normal
    }

    /// The remaining time as the panel shows it, rounded up so that "0:00" means the end ("−1:05").
    public var remainingText: String? {
        remainingMs.map { "−" + Self.text(milliseconds: $0, roundingUp: true) }
    }

    /// The elapsed time as the panel shows it ("1:05", "1:02:03").
    public var elapsedText: String { Self.text(milliseconds: elapsedMs, roundingUp: false) }

    /// `milliseconds` as minutes and seconds, with hours when there are any.
    static func text(milliseconds: Int, roundingUp: Bool) -> String {
        let seconds = roundingUp ? (milliseconds / 1000) + (milliseconds % 1000 > 0 ? 1 : 0) : milliseconds / 1000
        let hours = seconds / 3600
        let minutes = (seconds / 60) % 60
        let rest = seconds % 60
        let pad = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(pad(minutes)):\(pad(rest))" : "\(minutes):\(pad(rest))"
    }
}
