import VideoToyCore

/// The soundtrack and subtitles the user picked for each file, with a bound on how many are kept.
public struct TrackChoices: Sendable, Equatable {
    /// One remembered pick.
    public struct Entry: Sendable, Equatable {
        /// What was picked.
        public var choice: TrackChoice
        /// When (milliseconds since 1970), so the oldest go first.
        public var updated: Int64

        /// Creates an entry.
        public init(choice: TrackChoice, updated: Int64) {
            self.choice = choice
            self.updated = updated
        }
    }

    /// At most this many files are remembered; the least recently picked go first.
    public let capacity: Int
    /// The entries by file path.
    public private(set) var entries: [String: Entry] = [:]

    /// An empty set keeping at most `capacity` entries.
    public init(capacity: Int = 500) {
        self.capacity = max(1, capacity)
    }

    /// The pick remembered for `path`.
    public func choice(for path: String) -> TrackChoice? { entries[path]?.choice }

    /// Remembers `choice` for `path`; an empty one forgets the file.
    public mutating func record(path: String, choice: TrackChoice, at time: Int64) {
        entries[path] = choice.isEmpty ? nil : Entry(choice: choice, updated: time)
        trim()
    }

    private mutating func trim() {
        guard entries.count > capacity else { return }
        let doomed = entries.sorted { ($0.value.updated, $0.key) < ($1.value.updated, $1.key) }.prefix(entries.count - capacity)
        for (path, _) in doomed { entries[path] = nil }
    }
}
