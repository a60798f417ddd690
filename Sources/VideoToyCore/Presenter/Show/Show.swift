/// A show: the videos of a talk in their order, the one playing and the one cued next.
///
/// A value, edited by the user (add, move, remove) and driven by the clicker (start, next, previous, end); what
/// plays is decided here and carried out by the presenter driver, so the order and the cue are tested without a
/// player.
public struct Show: Hashable, Sendable {
    /// The videos, in the order they are shown.
    public private(set) var entries: [ShowEntry] = []
    /// Whether the next video starts by itself when one ends.
    public var autoAdvance = false
    /// Whether the show is running: the clicker's keys then step through it.
    public private(set) var running = false
    /// The entry playing or played last while running; nil before the first.
    public private(set) var position: Int?
    /// The show file it was opened from or saved to.
    public var file: String?
    /// Whether it changed since it was opened or saved.
    public private(set) var edited = false

    /// At most this many entries: a show is a talk, not a library.
    public static let capacity = 1000

    /// An empty show.
    public init() {}

    /// A show of `entries` (the first `capacity`), as opened from `file`.
    public init(entries: [ShowEntry], autoAdvance: Bool = false, file: String? = nil) {
        self.entries = Array(entries.prefix(Show.capacity))
        self.autoAdvance = autoAdvance
        self.file = file
    }

    /// The entry cued: the one the clicker's next starts.
    public var upNext: Int? {
        let next = position.map { $0 + 1 } ?? 0
        return next < entries.count ? next : nil
    }

    /// Adds `entry` at the end; false when the show is full.
    @discardableResult
    public mutating func append(_ entry: ShowEntry) -> Bool {
        guard entries.count < Show.capacity else { return false }
        entries.append(entry)
        edited = true
        return true
    }

    /// Removes the entry at `index`; the position keeps pointing at the same video, or before the removed one.
    public mutating func remove(at index: Int) {
        guard entries.indices.contains(index) else { return }
        entries.remove(at: index)
        edited = true
        if let current = position {
            if index < current {
                position = current - 1
            } else if index == current {
                position = current > 0 ? current - 1 : nil
            }
        }
    }

    /// Moves the entry at `source` to `destination` (an index in the show after the move).
    public mutating func move(from source: Int, to destination: Int) {
        guard entries.indices.contains(source), entries.indices.contains(destination), source != destination else { return }
        let entry = entries.remove(at: source)
        entries.insert(entry, at: destination)
        edited = true
        guard let current = position else { return }
        if current == source {
            position = destination
        } else if source < current && destination >= current {
            position = current - 1
        } else if source > current && destination <= current {
            position = current + 1
        }
    }

    /// Starts the show with `index` cued (the first entry when nil or out of range); false when it is empty.
    @discardableResult
    public mutating func start(cueing index: Int? = nil) -> Bool {
        guard !entries.isEmpty else { return false }
        running = true
        let cue = index.flatMap { entries.indices.contains($0) ? $0 : nil } ?? 0
        position = cue > 0 ? cue - 1 : nil
        return true
    }

    /// Ends the show; the entries stay.
    public mutating func end() {
        running = false
        position = nil
    }

    /// Steps to the cued entry and returns it, or nil at the end of the show.
    public mutating func next() -> Int? {
        guard running, let cue = upNext else { return nil }
        position = cue
        return cue
    }

    /// Steps back to the entry before the current one (the first stays the first) and returns it.
    public mutating func previous() -> Int? {
        guard running, let current = position else { return nil }
        position = max(0, current - 1)
        return position
    }

    /// A video started playing: when it is in the show, the show follows (a row clicked during the show).
    public mutating func started(path: String) {
        guard running else { return }
        if let current = position, entries[current].path == path { return }
        // The nearest one after the current position first: a video twice in a show is cued in order.
        let start = (position ?? -1) + 1
        let after = entries.indices.filter { $0 >= start }
        let before = entries.indices.filter { $0 < start }
        if let found = (after + before).first(where: { entries[$0].path == path }) { position = found }
    }

    /// The show was saved to `file`, or opened from it.
    public mutating func saved(to file: String) {
        self.file = file
        edited = false
    }

    /// The tracks chosen for the entry at `index` changed.
    public mutating func setTracks(_ tracks: TrackChoice?, at index: Int) {
        guard entries.indices.contains(index), entries[index].tracks != tracks else { return }
        entries[index].tracks = tracks
        edited = true
    }
}
