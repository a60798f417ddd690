import VideoToyCore

/// Where to resume long videos, with the rules for what is worth remembering and a bound on how many.
public struct ResumePositions: Sendable, Equatable {
    /// One remembered position.
    public struct Entry: Sendable, Equatable {
        /// Where playback was, in milliseconds.
        public var positionMs: Int
        /// When it was recorded (any monotonic-enough clock; the store uses milliseconds since 1970).
        public var updated: Int64

        /// Creates an entry.
        public init(positionMs: Int, updated: Int64) {
            self.positionMs = positionMs
            self.updated = updated
        }
    }

    /// Only videos longer than this (2 minutes) get a resume position.
    public static let minimumDurationMs = 120_000
    /// A position within this fraction of the end counts as watched, and is forgotten.
    public static let endMargin = 0.05

    /// At most this many entries are kept; the least recently updated go first.
    public let capacity: Int
    /// The entries by file path.
    public private(set) var entries: [String: Entry] = [:]

    /// An empty set keeping at most `capacity` entries.
    public init(capacity: Int = 200) {
        self.capacity = max(1, capacity)
    }

    /// The position to resume the file at `path` from, if one is remembered.
    public func position(for path: String) -> Int? { entries[path]?.positionMs }

    /// Whether a position is worth remembering: a long video, started, and not (nearly) at its end.
    public static func isWorthRemembering(positionMs: Int, durationMs: Int) -> Bool {
        durationMs > minimumDurationMs && positionMs > 0
            && Double(positionMs) < Double(durationMs) * (1 - endMargin)
    }

    /// Records where playback of `path` is; a position not worth remembering forgets the file instead.
    public mutating func record(path: String, positionMs: Int, durationMs: Int, at time: Int64) {
        guard ResumePositions.isWorthRemembering(positionMs: positionMs, durationMs: durationMs) else {
            entries[path] = nil
            return
        }
        entries[path] = Entry(positionMs: positionMs, updated: time)
        trim()
    }

    /// Puts an entry back as it was stored (reading the settings file); trims to capacity. A position no video
    /// has (not positive, or beyond 100 years) is damage and is dropped: it would be sought to.
    public mutating func restore(path: String, entry: Entry) {
        guard entry.positionMs > 0, entry.positionMs <= MediaTime.longestMs else { return }
        entries[path] = entry
        trim()
    }

    /// Forgets the file at `path`.
    public mutating func forget(path: String) {
        entries[path] = nil
    }

    private mutating func trim() {
        guard entries.count > capacity else { return }
        // Oldest first; equal times fall back to the path so every process evicts the same entries.
        let doomed = entries.sorted { ($0.value.updated, $0.key) < ($1.value.updated, $1.key) }
            .prefix(entries.count - capacity)
        for (path, _) in doomed { entries[path] = nil }
    }
}
