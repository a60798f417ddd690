/// Answers which cues show at a time, and when that next changes, in logarithmic time however the cues overlap
/// (a long cue spanning many short ones, karaoke layers).
///
/// The cues sit in a centred interval tree: each node holds the cues that span its centre time, sorted by start and
/// by end, and leaves those wholly before or after it to its two children, so a lookup walks one path from the root.
public struct CueTimeline: Sendable {
    private struct Node: Sendable {
        let center: Int
        /// Indexes into `cues` of the cues spanning `center`, by start ascending.
        let byStart: [Int]
        /// The same, by end descending.
        let byEnd: [Int]
        var before = -1
        var after = -1
    }

    private let cues: [SubtitleCue]
    private var nodes: [Node] = []
    private let changes: [Int]

    /// Indexes the cues; those that end before they start, or the moment they do, never show.
    public init(_ cues: [SubtitleCue]) {
        let showing = cues.enumerated().filter { $0.element.endMs > $0.element.startMs }
        self.cues = showing.sorted { ($0.element.startMs, $0.offset) < ($1.element.startMs, $1.offset) }.map(\.element)
        changes = Array(Set(self.cues.flatMap { [$0.startMs, $0.endMs] })).sorted()
        if !self.cues.isEmpty { _ = build(Array(self.cues.indices)) }
    }

    /// Every cue that shows, by start time (what a TV is given as a subtitle file).
    public var all: [SubtitleCue] { cues }

    /// The cues showing at `ms` (start ≤ ms < end), ordered by start time, then as given.
    public func cues(atMs ms: Int) -> [SubtitleCue] {
        var found: [Int] = []
        var node = nodes.isEmpty ? -1 : 0
        while node >= 0 {
            let here = nodes[node]
            if ms < here.center {
                for index in here.byStart {
                    guard cues[index].startMs <= ms else { break }
                    found.append(index)
                }
                node = here.before
            } else {
                for index in here.byEnd {
                    guard cues[index].endMs > ms else { break }
                    found.append(index)
                }
                node = here.after
            }
        }
        return found.sorted().map { cues[$0] }
    }

    /// The text of the bottom-placed cues showing at `ms`, joined by "\n" in order of start; nil when none shows.
    public func text(atMs ms: Int) -> String? { text(atMs: ms, placement: .bottom) }

    /// The text of the cues placed at `placement` showing at `ms`, joined by "\n"; nil when none shows.
    public func text(atMs ms: Int, placement: SubtitlePlacement) -> String? {
        let texts = cues(atMs: ms).filter { $0.placement == placement }.map(\.text)
        return texts.isEmpty ? nil : texts.joined(separator: "\n")
    }

    /// The first time after `ms` (strictly) at which a cue starts or ends, for the timer that updates the picture;
    /// nil when nothing changes any more.
    public func nextChange(afterMs ms: Int) -> Int? {
        var low = 0, high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle] <= ms { low = middle + 1 } else { high = middle }
        }
        return low < changes.count ? changes[low] : nil
    }

    /// Builds the subtree for `members` (indexes into `cues`, none empty) and returns its node's index.
    private mutating func build(_ members: [Int]) -> Int {
        // The median start: at least the cue starting there spans it, so every node keeps a cue and each side
        // gets at most about half.
        let starts = members.map { cues[$0].startMs }.sorted()
        let center = starts[starts.count / 2]
        var spanning: [Int] = [], before: [Int] = [], after: [Int] = []
        for index in members {
            let cue = cues[index]
            if cue.endMs <= center {
                before.append(index)
            } else if cue.startMs > center {
                after.append(index)
            } else {
                spanning.append(index)
            }
        }
        let node = nodes.count
        nodes.append(
            Node(
                center: center, byStart: spanning.sorted { (cues[$0].startMs, $0) < (cues[$1].startMs, $1) },
                byEnd: spanning.sorted { (cues[$0].endMs, $1) > (cues[$1].endMs, $0) }))
        if !before.isEmpty { nodes[node].before = build(before) }
        if !after.isEmpty { nodes[node].after = build(after) }
        return node
    }
}
