/// Bounds on the subtitle text a view lays out at once, so no cue, however long, and no pile of simultaneous cues can
/// keep the main loop laying out text: each cue keeps its first 240 characters and 8 lines, a screen its newest 12
/// lines and 320 characters, and "…" marks every place where something was cut.
///
/// Measured in a debug build on two busy cores, in a row's view: showing a new cue of 1,000 characters cost the main
/// loop over 100 ms of CPU, 400 about 45 ms, 320 up to 50 ms; cut to these bounds, a 100 KB cue and 10,000 ASS lines
/// at once cost no stall the watchdog saw as work (none over 50 ms). They are still far more than a screen's worth of
/// real subtitles (two lines of 42 characters are the usual most).
///
/// Characters are grapheme clusters (what a reader sees as one letter), so a cut never splits an accented letter or
/// an emoji; the text is still values, escaped for the label afterwards, so a cut never splits an entity either.
public enum CueCaps {
    /// The characters kept of one cue (line breaks not counted).
    public static let charactersPerCue = 240
    /// The lines kept of one cue.
    public static let linesPerCue = 8
    /// The lines one view shows at once, a "…" line included.
    public static let linesOnScreen = 12
    /// The characters one view shows at once (line breaks not counted); room for a whole cue and a "…" line.
    public static let charactersOnScreen = 320
    /// What stands where text was cut.
    public static let ellipsis: Character = "…"

    /// `text` cut to its first `characters` characters and first `lines` lines, ending in "…" (in the style of the
    /// text before it) where anything was cut; every kind of line break becomes "\n". The work is bounded by the
    /// limits, not by the length of `text`.
    public static func cue(_ text: StyledText, characters: Int = charactersPerCue, lines: Int = linesPerCue) -> StyledText {
        var runs: [StyledRun] = []
        var kept = 0, line = 1
        for run in text.runs {
            var piece = ""
            for char in run.text {
                // Pango breaks lines at "\r", U+2028 and the like too: each counts, and is kept, as a line break.
                let isBreak = char.isNewline
                guard isBreak ? line < lines : kept < characters else {
                    runs.append(StyledRun(piece, run.style))
                    return ended(runs, style: run.style)
                }
                if isBreak { line += 1 } else { kept += 1 }
                piece.append(isBreak ? "\n" : char)
            }
            runs.append(StyledRun(piece, run.style))
        }
        return StyledText(runs)
    }

    /// The cues showing together (oldest first), each cut by `cue`, stacked one under the other with at most
    /// `lines` lines and `characters` characters in all: the newest lines are kept, and a "…" line on top says that
    /// older ones were cut.
    public static func screen(
        _ cues: some BidirectionalCollection<StyledText>, lines: Int = linesOnScreen, characters: Int = charactersOnScreen
    ) -> StyledText {
        var kept: [StyledText] = []
        var lineCount = 0, count = 0
        var cut = false
        for cue in cues.reversed() where !cue.isEmpty {
            let capped = Self.cue(cue)
            let sizes = lineSizes(capped)
            // Its last lines first: the newest words are at the bottom.
            var taken = 0, size = 0
            while taken < sizes.count, lineCount + taken < lines, count + size + sizes[sizes.count - 1 - taken] <= characters {
                size += sizes[sizes.count - 1 - taken]
                taken += 1
            }
            if taken > 0 { kept.append(dropping(lines: sizes.count - taken, of: capped)) }
            lineCount += taken
            count += size
            if taken < sizes.count {
                cut = true
                break
            }
        }
        guard cut else { return StyledText.lines(Array(kept.reversed())) }
        // The "…" line takes the place of the oldest line kept when there is no room left for it.
        while let oldest = kept.last, lineCount + 1 > lines || count + 1 > characters {
            let sizes = lineSizes(oldest)
            if sizes.count == 1 { kept.removeLast() } else { kept[kept.count - 1] = dropping(lines: 1, of: oldest) }
            lineCount -= 1
            count -= sizes[0]
        }
        return StyledText.lines([StyledText(plain: String(ellipsis))] + kept.reversed())
    }

    /// The number of characters (line breaks not counted) of each line of `text`.
    private static func lineSizes(_ text: StyledText) -> [Int] {
        var sizes = [0]
        for run in text.runs {
            for char in run.text {
                if char == "\n" { sizes.append(0) } else { sizes[sizes.count - 1] += 1 }
            }
        }
        return sizes
    }

    /// `text` without its first `count` lines.
    private static func dropping(lines count: Int, of text: StyledText) -> StyledText {
        guard count > 0 else { return text }
        var breaks = 0
        var runs: [StyledRun] = []
        for run in text.runs {
            guard breaks < count else {
                runs.append(run)
                continue
            }
            var rest = run.text[...]
            while breaks < count, let index = rest.firstIndex(of: "\n") {
                breaks += 1
                rest = rest[rest.index(after: index)...]
            }
            if breaks == count, !rest.isEmpty { runs.append(StyledRun(String(rest), run.style)) }
        }
        return StyledText(runs)
    }

    /// `runs` without the white space and line breaks they end in, then "…" in the style of the last word (or
    /// `style` when no word is left).
    private static func ended(_ runs: [StyledRun], style: SubtitleStyle) -> StyledText {
        var runs = runs
        while let last = runs.last {
            var text = last.text
            while let end = text.last, end.isWhitespace { text.removeLast() }
            if text.isEmpty {
                runs.removeLast()
            } else {
                runs[runs.count - 1] = StyledRun(text, last.style)
                break
            }
        }
        runs.append(StyledRun(String(ellipsis), runs.last?.style ?? style))
        return StyledText(runs)
    }
}
