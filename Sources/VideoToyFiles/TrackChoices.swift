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
    ///
    /// A pick is always later than those before it, even in the same millisecond or after the clock was set back:
    /// otherwise the newest pick could be the one the bound drops.
    public mutating func record(path: String, choice: TrackChoice, at time: Int64) {
        let latest = entries.values.lazy.map(\.updated).max() ?? Int64.min
        entries[path] = choice.isEmpty ? nil : Entry(choice: choice, updated: time > latest ? time : latest + 1)
        trim()
    }

    /// Puts an entry back as it was stored (reading the settings file), its time as it was; trims to capacity.
    public mutating func restore(path: String, entry: Entry) {
        entries[path] = entry.choice.isEmpty ? nil : entry
        trim()
    }

    private mutating func trim() {
        guard entries.count > capacity else { return }
        let doomed = entries.sorted { ($0.value.updated, $0.key) < ($1.value.updated, $1.key) }.prefix(entries.count - capacity)
        for (path, _) in doomed { entries[path] = nil }
    }
}
