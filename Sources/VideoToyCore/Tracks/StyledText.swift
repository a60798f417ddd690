/// Subtitle text as the file styles it: runs of words, each in one style, lines separated by "\n" within them.
///
/// Held as values rather than markup, so no text a file or stream carries can be read as markup where it is drawn.
public struct StyledText: Hashable, Sendable {
    /// The runs in reading order; none empty, and no two neighbours in the same style.
    public let runs: [StyledRun]

    /// Text from runs; empty ones are dropped and neighbours in the same style merged.
    public init(_ runs: [StyledRun]) {
        // The text of a style is gathered in one string and made a run when the style changes: merging run by run
        // would copy the text so far at each step, quadratic in a cue of thousands of lines.
        var merged: [StyledRun] = []
        var pending: (text: String, style: SubtitleStyle)?
        for run in runs where !run.text.isEmpty {
            if pending?.style == run.style {
                pending?.text += run.text
            } else {
                if let pending { merged.append(StyledRun(pending.text, pending.style)) }
                pending = (run.text, run.style)
            }
        }
        if let pending { merged.append(StyledRun(pending.text, pending.style)) }
        self.runs = merged
    }

    /// `text` in the view's plain style.
    public init(plain text: String) { self.init([StyledRun(text)]) }

    /// The words without their styles.
    public var plain: String { runs.map(\.text).joined() }

    /// Whether there are no words.
    public var isEmpty: Bool { runs.isEmpty }

    /// `texts` one after the other, each on its own lines.
    public static func lines(_ texts: [StyledText]) -> StyledText {
        StyledText(texts.filter { !$0.isEmpty }.enumerated().flatMap { index, text in (index > 0 ? [StyledRun("\n")] : []) + text.runs })
    }
}
