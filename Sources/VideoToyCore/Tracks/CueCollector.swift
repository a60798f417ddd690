/// Gathers the cues a parser reads with the line each came from, and the first line where the file is damaged, and
/// turns them into a document whose problem says what the user lost.
struct CueCollector {
    let format: SubtitleFormat
    private var entries: [(cue: SubtitleCue, line: Int)] = []
    private var damageLine: Int?

    init(format: SubtitleFormat) { self.format = format }

    /// Whether damage has been seen.
    var isDamaged: Bool { damageLine != nil }

    /// Keeps a cue read at `line` (1-based); a cue that ends before it starts is damage, one without text or time
    /// is dropped.
    mutating func add(startMs: Int, endMs: Int, text: StyledText, placement: SubtitlePlacement, line: Int) {
        guard endMs >= startMs else { return damage(atLine: line) }
        guard endMs > startMs, !text.isEmpty else { return }
        entries.append((SubtitleCue(startMs: startMs, endMs: endMs, styled: text, placement: placement), line))
    }

    /// Notes damage at `line` (1-based); only the first place is reported.
    mutating func damage(atLine line: Int) {
        if damageLine == nil { damageLine = line }
    }

    /// The cues sorted by start (file order among equal starts), with the problem if any.
    func document() -> SubtitleDocument {
        let cues = entries.enumerated().sorted { a, b in
            (a.element.cue.startMs, a.offset) < (b.element.cue.startMs, b.offset)
        }.map(\.element.cue)
        guard !cues.isEmpty else { return SubtitleDocument(cues: [], problem: isDamaged ? .notA(format) : .noSubtitles) }
        guard let damageLine else { return SubtitleDocument(cues: cues, problem: nil) }
        let before = entries.count(where: { $0.line < damageLine })
        return SubtitleDocument(cues: cues, problem: .damaged(atLine: damageLine, before: before, after: entries.count - before))
    }
}
