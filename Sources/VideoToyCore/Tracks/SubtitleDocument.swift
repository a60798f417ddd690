/// A subtitle file read: its cues in order of start, and what went wrong reading it, if anything.
public struct SubtitleDocument: Hashable, Sendable {
    /// The cues that could be read, sorted by start time.
    public let cues: [SubtitleCue]
    /// Why cues are missing (damage, not the format, no cues at all); nil when the file read cleanly.
    public let problem: SubtitleProblem?
    /// The encoding the bytes were read in, and why; nil for text that came as text or was read with no decoder.
    public var encoding: EncodingDecision?

    /// Describes a document.
    public init(cues: [SubtitleCue], problem: SubtitleProblem? = nil) {
        self.cues = cues
        self.problem = problem
    }

    /// Reads subtitle text in `format`. A damaged file keeps every cue before the damage, and those after it when the
    /// parser finds its way back; a SubRip file that is really WebVTT or ASS inside is read as what it is.
    public static func parse(_ text: String, format: SubtitleFormat) -> SubtitleDocument {
        let lines = SubtitleText.normalized(text).split(separator: "\n", omittingEmptySubsequences: false)
        switch format {
        case .subRip:
            let first = lines.first(where: { !$0.trimmingWhitespace().isEmpty })?.trimmingWhitespace() ?? ""
            if WebVTTParser.isHeader(first) { return WebVTTParser.parse(lines) }
            if first.lowercased() == "[script info]" { return ASSParser.parse(lines, format: .ass) }
            return SubRipParser.parse(lines)
        case .webVTT: return WebVTTParser.parse(lines)
        case .ass, .ssa: return ASSParser.parse(lines, format: format)
        }
    }

    /// Decodes a file's bytes and reads them; a file that is not text, or empty, gives no cues and says so. A legacy
    /// encoding is detected and converted by `decoder` (none: such bytes read as Windows-1252).
    public static func read(
        _ bytes: [UInt8], format: SubtitleFormat, reading: SubtitleReading = SubtitleReading(), decoder: TextDecoding? = nil
    ) -> SubtitleDocument {
        let decision = EncodingDecision.decide(bytes, forced: reading.forced, language: reading.language) { head in
            decoder?.detect(head) ?? []
        }
        var document: SubtitleDocument
        switch SubtitleText.decode(bytes, as: decision, decoder: decoder) {
        case .success(let text): document = parse(text, format: format)
        case .failure(let problem): document = SubtitleDocument(cues: [], problem: problem)
        }
        // Only a read that could detect says how: the plain read stays the value it always was.
        if decoder != nil { document.encoding = decision }
        return document
    }
}
