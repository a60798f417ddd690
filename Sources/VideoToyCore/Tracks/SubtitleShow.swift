/// Which cues one video shows at a position: from a subtitle file's timeline, from the cues the player sends for
/// an embedded track, or none.
///
/// The player's cues are kept even while they are not shown: a cue lasting minutes was sent when it began, and
/// turning subtitles on during it must show it.
public struct SubtitleShow: Sendable {
    private enum Source: Sendable {
        case none
        case file(CueTimeline)
        case stream
    }

    private var source = Source.none
    private var sent: [SubtitleCue] = []

    /// Shows nothing.
    public init() {}

    /// Shows nothing from now on.
    public mutating func turnOff() { source = .none }

    /// Shows the cues of a subtitle file.
    public mutating func show(_ timeline: CueTimeline) { source = .file(timeline) }

    /// Shows the cues the player sends from now on.
    public mutating func showStream() { source = .stream }

    /// Whether cues from the player are wanted.
    public var takesStream: Bool {
        if case .stream = source { return true }
        return false
    }

    /// Takes a cue the player sent; cues that ended before `positionMs` are dropped.
    public mutating func received(_ cue: SubtitleCue, atMs positionMs: Int) {
        sent.removeAll { $0.endMs <= positionMs }
        sent.append(cue)
        // A track that sends thousands of cues at once shows only its newest lines anyway (`CueCaps`): older cues
        // past what a screen holds would only make each cue's arrival cost more.
        if sent.count > SubtitleShow.keptCues { sent.removeFirst(sent.count - SubtitleShow.keptCues) }
    }

    /// The player's cues kept at most, newest first: more than a screen shows (`CueCaps.linesOnScreen`).
    public static let keptCues = 4 * CueCaps.linesOnScreen

    /// The player jumped (a seek) or decodes another track now: the cues it sent belong to the old position or track.
    public mutating func jumped() {
        sent.removeAll()
    }

    /// What to show at `positionMs`, nil for nothing; cut to `CueCaps`' bounds.
    public func shown(atMs positionMs: Int) -> ShownSubtitle? {
        let cues: [SubtitleCue]
        switch source {
        case .none: return nil
        case .file(let timeline): cues = timeline.cues(atMs: positionMs)
        case .stream: cues = sent.filter { $0.startMs <= positionMs && positionMs < $0.endMs }
        }
        guard !cues.isEmpty else { return nil }
        // Cues placed apart (a sign at the top, dialogue at the bottom) would need two labels; the dialogue wins, and
        // the first cue of the row says where in it the lines go.
        let bottom = cues.filter { $0.placement.row == .bottom }
        let chosen = bottom.isEmpty ? cues : bottom
        // Cut to what one label lays out in well under a frame's time, however long the cues or many at once.
        return ShownSubtitle(styled: CueCaps.screen(chosen.lazy.map(\.styled)), placement: chosen[0].placement)
    }

    /// The next time after `positionMs` at which what is shown changes, for a timer; nil when nothing will.
    public func nextChange(afterMs positionMs: Int) -> Int? {
        switch source {
        case .none: return nil
        case .file(let timeline): return timeline.nextChange(afterMs: positionMs)
        case .stream:
            return sent.flatMap { [$0.startMs, $0.endMs] }.filter { $0 > positionMs }.min()
        }
    }
}
