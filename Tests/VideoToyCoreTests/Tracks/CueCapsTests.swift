import Testing
import VideoToyCore
import VideoToyTesting

/// The bounds on the text one view lays out: a cue cut to its first characters and lines, a screen to its newest
/// lines, "…" where anything was cut, the markup still well formed and no letter split.
@Suite("Cue caps")
struct CueCapsTests {
    /// A cue, the limits (characters, lines), and what is kept.
    static let cueCases: [(String, [(String, String)], Int, Int, [(String, String)])] = [
        ("short text stays as it is", [("Hello", "i"), ("\nworld", "")], 100, 8, [("Hello", "i"), ("\nworld", "")]),
        ("too many characters", [("abcdefgh", "")], 5, 8, [("abcde…", "")]),
        ("too many lines", [("a\nb\nc\nd", "")], 100, 3, [("a\nb\nc…", "")]),
        ("the cut drops the space before it", [("abcd efgh", "")], 5, 8, [("abcd…", "")]),
        ("the ellipsis takes the style of the last word", [("ab", "b"), ("cd", "i#ff0000")], 3, 8, [("ab", "b"), ("c…", "i#ff0000")]),
        ("a cut after a line break ends the line before it", [("abc\n", ""), ("\ndef", "u")], 3, 8, [("abc…", "")]),
        ("every kind of line break counts and becomes \\n", [("a\rb\u{2028}c\r\nd", "")], 100, 3, [("a\nb\nc…", "")]),
        ("accented letters count as one and are never split", [("e\u{301}e\u{301}e\u{301}", "")], 2, 8, [("e\u{301}e\u{301}…", "")]),
        ("an emoji sequence is one character", [("👩‍👩‍👧👍🏽x", "")], 2, 8, [("👩‍👩‍👧👍🏽…", "")]),
        ("exactly at the limits nothing is cut", [("ab\ncd", "")], 4, 2, [("ab\ncd", "")]),
    ]

    @Test("A cue keeps its first characters and lines, with … where it was cut", arguments: cueCases.indices)
    func cue(index: Int) {
        let (label, input, characters, lines, expected) = Self.cueCases[index]
        let capped = CueCaps.cue(StyleCode.text(input), characters: characters, lines: lines)
        #expect(capped == StyleCode.text(expected), "\(label): \(capped.runs)")
    }

    /// Cues shown together (oldest first), the limits (lines, characters), and what the screen shows.
    static let screenCases: [(String, [String], Int, Int, String)] = [
        ("cues that fit are stacked in order", ["one", "two"], 12, 2000, "one\ntwo"),
        ("the newest lines are kept under a … line", ["a", "b", "c", "d", "e"], 3, 2000, "…\nd\ne"),
        ("an older cue keeps its last lines", ["a1\na2\na3", "b1\nb2"], 4, 2000, "…\na3\nb1\nb2"),
        ("too many characters keep the newest", ["aaaa", "bbbb", "cccc"], 12, 8, "…\ncccc"),
        ("exactly at the limit nothing is cut", ["aa", "bb"], 2, 4, "aa\nbb"),
        ("empty cues take no room", ["", "a", ""], 1, 2000, "a"),
    ]

    @Test("A screen keeps its newest lines, with a … line on top where older ones were cut", arguments: screenCases.indices)
    func screen(index: Int) {
        let (label, cues, lines, characters, expected) = Self.screenCases[index]
        let shown = CueCaps.screen(cues.map { StyledText(plain: $0) }, lines: lines, characters: characters)
        #expect(shown.plain == expected, "\(label)")
    }

    @Test("A cue cut on screen keeps its styles; the cues before it keep theirs")
    func screenKeepsStyles() {
        let old = StyleCode.text([("o1\n", "i"), ("o2\n", "b"), ("o3", "b")])
        let new = StyleCode.text([("new", "#00ff00")])
        let shown = CueCaps.screen([old, new], lines: 3, characters: 2000)
        #expect(shown == StyleCode.text([("…\n", ""), ("o3", "b"), ("\n", ""), ("new", "#00ff00")]), "\(shown.runs)")
    }

    @Test("The default bounds: 240 characters and 8 lines a cue, 12 lines and 320 characters a screen")
    func defaults() {
        let huge = StyledText(plain: String(repeating: "word ", count: 20_000))
        #expect(CueCaps.cue(huge).plain.count == 240)
        #expect(CueCaps.charactersOnScreen > CueCaps.charactersPerCue + 1, "a whole cue and a … line fit on a screen")
        let tall = StyledText(plain: (1...2000).map { "line \($0)" }.joined(separator: "\n"))
        #expect(CueCaps.cue(tall).plain == (1...8).map { "line \($0)" }.joined(separator: "\n") + "…")
        let crowd = (1...10_000).map { StyledText(plain: "cue \($0)") }
        let shown = CueCaps.screen(crowd).plain.split(separator: "\n")
        #expect(shown == ["…"] + (9990...10_000).map { "cue \($0)" }[...])
        let wide = (1...5).map { _ in huge }
        #expect(CueCaps.screen(wide).plain.count <= CueCaps.charactersOnScreen + 2)
    }

    @Test("Shown subtitles are cut: 10,000 cues at once show the newest 11 under a … line")
    func subtitleShowIsCut() {
        var show = SubtitleShow()
        show.show(CueTimeline((0..<10_000).map { SubtitleCue(startMs: $0 % 7, endMs: 60_000, text: "line \($0)") }))
        let shown = show.shown(atMs: 1000)
        #expect(shown?.text.split(separator: "\n").count == CueCaps.linesOnScreen)
        #expect(shown?.text.hasPrefix("…\n") == true)
    }

    /// Letters, marks that combine with the letter before them, emoji sequences, line breaks and markup characters.
    static let pieces = [
        "a", "Z", " ", "\n", "\r", "\r\n", "\u{2028}", "&", "<", ">", "\"", "'", "&amp;", "\u{301}", "e\u{301}", "👩‍👩‍👧", "👍🏽",
        "\u{1}", "\t", "日本", "…", "word ",
    ]

    @Test("Random cues stay within the bounds, keep a prefix of their text cut between letters, and make valid markup")
    func randomCues() throws {
        var random = SeededGenerator(seed: 2727)
        for _ in 0..<400 {
            let runs = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                let length = Int.random(in: 0...(Bool.random(using: &random) ? 20 : 900), using: &random)
                let text = (0..<length).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
                return StyledRun(text, [.plain, StyleCode.style("i"), StyleCode.style("b#ff0000")].randomElement(using: &random)!)
            }
            let input = StyledText(runs)
            let (characters, lines) = (Int.random(in: 1...500, using: &random), Int.random(in: 1...10, using: &random))
            let capped = CueCaps.cue(input, characters: characters, lines: lines)
            let plain = capped.plain
            #expect(plain.split(separator: "\n", omittingEmptySubsequences: false).count <= lines)
            #expect(capped.runs.reduce(0) { $0 + $1.text.filter { $0 != "\n" }.count } <= characters + 1)
            // The input as the caps read it: run by run, every line break a "\n".
            let readRuns = input.runs.map { String($0.text.map { $0.isNewline ? "\n" : $0 }) }
            let read = readRuns.joined()
            let kept = capped.runs.map(\.text).joined()
            if kept.unicodeScalars.elementsEqual(read.unicodeScalars) { continue }
            #expect(kept.last == CueCaps.ellipsis, "cut text ends in …: \(kept.debugDescription)")
            let prefix = Array(kept.unicodeScalars.dropLast())
            #expect(read.unicodeScalars.starts(with: prefix), "a prefix of \(read.debugDescription): \(kept.debugDescription)")
            var boundaries: Set<Int> = [0]
            var offset = 0
            for text in readRuns {
                for char in text {
                    offset += char.unicodeScalars.count
                    boundaries.insert(offset)
                }
            }
            #expect(boundaries.contains(prefix.count), "cut between two letters, not inside one: \(kept.debugDescription)")
            let markup = PangoMarkup.markup(capped)
            let parsed = try #require(PangoMarkupTests.parse(markup), "not well formed: \(markup)")
            #expect(parsed.elements.allSatisfy { $0 == "span" })
        }
    }

    @Test("Random screens stay within the bounds and end with the newest cue's last line")
    func randomScreens() throws {
        var random = SeededGenerator(seed: 4141)
        for _ in 0..<200 {
            let cues = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                let count = Int.random(in: 0...(Bool.random(using: &random) ? 3 : 30), using: &random)
                let text = (0..<count).map { _ in String(repeating: "x", count: Int.random(in: 1...300, using: &random)) }
                return StyledText(plain: text.joined(separator: "\n"))
            }
            let shown = CueCaps.screen(cues)
            let lines = shown.plain.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(shown.isEmpty || lines.count <= CueCaps.linesOnScreen)
            #expect(shown.plain.filter { $0 != "\n" }.count <= CueCaps.charactersOnScreen)
            let newest = cues.last { !$0.isEmpty }.map { CueCaps.cue($0).plain.split(separator: "\n").last ?? "" }
            if let newest {
                #expect(lines.last.map(String.init) == String(newest), "the newest words show")
            } else {
                #expect(shown.isEmpty, "no words, nothing shown")
            }
            let markup = PangoMarkup.markup(shown)
            #expect(PangoMarkupTests.parse(markup) != nil, "not well formed: \(markup)")
        }
    }
}
