import Testing
import VideoToyCore

/// What reaches the terminal: control characters from outside escaped, and repeated per-file lines summed up.
@Suite("Terminal output")
struct TerminalOutputTests {
    @Test(
        "control characters, line breaks and reordering characters are shown escaped; ordinary text is kept",
        arguments: [
            ("plain café.mp4", "plain café.mp4"),
            ("red\u{1B}[31m.mp4", #"red\x1b[31m.mp4"#),
            ("title\u{1B}]0;owned\u{07}.mkv", #"title\x1b]0;owned\x07.mkv"#),
            ("two\nlines.mp4", #"two\nlines.mp4"#),
            ("cr\rtab\t.mp4", #"cr\rtab\t.mp4"#),
            ("del\u{7F}.mp4", #"del\x7f.mp4"#),
            ("c1\u{9B}2J.mp4", #"c1\u{9b}2J.mp4"#),
            ("evil\u{202E}4pm.exe", #"evil\u{202e}4pm.exe"#),
            ("nul\u{0}byte", #"nul\x00byte"#),
        ])
    func escapes(_ raw: String, _ shown: String) {
        #expect(TerminalText.escaped(raw) == shown)
        #expect(!TerminalText.escaped(raw).unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
    }

    @Test("a report of several lines keeps its line breaks and escapes the rest")
    func reportKeepsLines() {
        #expect(TerminalText.escaped("Outputs:\n  hdmi: TV\u{1B}[2J\n", keepingLineBreaks: true) == "Outputs:\n  hdmi: TV\\x1b[2J\n")
    }

    @Test("the line limit counts each kind on its own, and starts again after a summary")
    func lineLimit() {
        var limit = FileLineLimit(perKind: 2)
        let first = [limit.admit("empty"), limit.admit("empty"), limit.admit("empty"), limit.admit("not-media")]
        #expect(first == [true, true, false, true])
        let more = [limit.admit("empty"), limit.admit("not-media"), limit.admit("not-media")]
        #expect(more == [false, true, false])
        let summary = limit.summary()
        #expect(summary == ["and 2 more files that are empty", "and 1 more file that is not a video"])
        let again = limit.summary()
        #expect(again == [])
        let later = limit.admit("empty")
        #expect(later, "files added later get their first lines again")
    }

    @Test(
        "counts are grouped by thousands",
        arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (19_997, "19,997"), (1_234_567, "1,234,567")])
    func grouping(_ count: Int, _ text: String) {
        #expect(FileLineLimit.grouped(count) == text)
    }
}
