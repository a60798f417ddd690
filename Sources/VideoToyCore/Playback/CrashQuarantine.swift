/// Files that were open in a player when VideoToy last died (a crash, a kill), kept out of anything that opens a file
/// without the user asking: a file that takes the app down must not do it again at every start.
///
/// The journal holds every file open in a player now and every file still marked; it is written before a player is
/// made and again when one closes, so after a crash the next start reads the files that were open. A marked file is
/// never pre-rolled nor started by a playlist; playing it is the user's choice (a click, Enter, `--play`), and once
/// it has been opened that way and closed normally, its mark goes.
public struct CrashQuarantine: Sendable, Equatable {
    /// The files marked: open when the app last died, and not played through a normal close since.
    public private(set) var marked: Set<String>
    // Players open now, by file (a pre-roll and a live player of one file may overlap for a moment).
    private var open: [String: Int] = [:]

    /// The marks a start finds: every path of the journal the last run left (empty after a clean quit).
    public init(journal: [String] = []) {
        marked = Set(journal)
    }

    /// What the journal must hold now: every marked file and every file open in a player, sorted.
    public var journal: [String] { marked.union(open.keys).sorted() }

    /// Whether the file at `path` is marked.
    public func isMarked(_ path: String) -> Bool { marked.contains(path) }

    /// Whether the file may be opened without the user asking for it (a pre-roll, the next video of a playlist).
    public func mayOpenUnasked(_ path: String) -> Bool { !marked.contains(path) }

    /// A player is about to be made for `path`; returns the journal to write first when it changed.
    public mutating func opening(_ path: String) -> [String]? {
        let before = journal
        open[path, default: 0] += 1
        return journal == before ? nil : journal
    }

    /// A player of `path` closed. `played` when it was a player made to play the file (which only the user does for a
    /// marked one) and the app closed it: the app lived, so the file's mark goes. A pre-roll dropped, or a player that
    /// could not be made, leaves the mark. Returns the journal when it changed.
    public mutating func closed(_ path: String, played: Bool) -> [String]? {
        let before = journal
        if let count = open[path] { open[path] = count > 1 ? count - 1 : nil }
        if played { marked.remove(path) }
        return journal == before ? nil : journal
    }
}
