import Testing
import VideoToyText

@Suite struct TextFormatTests {
    @Test(arguments: [
        ("Playing on %s", ["HDMI-1"], "Playing on HDMI-1"),
        ("%s of %s", ["1", "2"], "1 of 2"),
        ("%2$s, then %1$s", ["a", "b"], "b, then a"),
        ("100 %%", [], "100 %"),
        ("%d videos", ["12"], "12 videos"),
        ("missing %s and %s", ["one"], "missing one and "),
        ("%9$s", ["x"], ""),
        ("no directives", ["unused"], "no directives"),
        ("trailing %", [], "trailing %"),
        ("%x stays", ["a"], "%x stays"),
        ("%1$s %1$s", ["echo"], "echo echo"),
        ("%99999999999999999999$s", ["a"], ""),
    ])
    func fills(format: String, arguments: [String], expected: String) {
        #expect(TextFormat.fill(format, arguments) == expected)
    }

    @Test func integersPrintAsDigits() {
        #expect(TextFormat.fill("%d of %d", [3, -4]) == "3 of -4")
    }
}

@Suite struct CatalogueTests {
    @Test func englishKeepsTheSourceTextAndPicksTheEnglishPluralForm() {
        #expect(Catalogue.english.tr("Playing on %s", "HDMI-1") == "Playing on HDMI-1")
        #expect(Catalogue.english.trn("%d video", "%d videos", 1, 1) == "1 video")
        #expect(Catalogue.english.trn("%d video", "%d videos", 3, 3) == "3 videos")
        #expect(Catalogue.english.trp("media", "Play") == "Play")
    }

    @Test func withoutACatalogueTheUserTextIsTheSourceText() {
        // No domain is bound in the test process, so gettext answers with the message id itself.
        #expect(tr("Playing on %s", "HDMI-1") == "Playing on HDMI-1")
        #expect(trn("%d video", "%d videos", 0, 0) == "0 videos")
    }
}
