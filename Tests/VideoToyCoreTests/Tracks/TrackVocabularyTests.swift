import Testing
import VideoToyCore

/// Languages, track names and remembered choices: how they read and how they are written down.
struct TrackVocabularyTests {
    /// A tag, the language's short code (nil: no language).
    static let languageCases: [(String, String?)] = [
        ("en", "en"), ("eng", "en"), ("EN", "en"), ("fre", "fr"), ("fra", "fr"), ("fr-CA", "fr"), ("pt_BR", "pt"),
        ("ger", "de"), ("deu", "de"), ("chi", "zh"), ("zh-Hant", "zh"), ("tlh", "tlh"), ("und", nil), ("mul", nil), ("", nil),
        ("e", nil), ("english", nil), ("12", nil),
    ]

    @Test("languages from tags", arguments: languageCases.indices)
    func languages(index: Int) {
        let (tag, expected) = Self.languageCases[index]
        #expect(Language(tag: tag)?.shortCode == expected, "\(tag)")
    }

    @Test func languagesCompareByWhatTheyName() {
        #expect(Language(tag: "fre") == Language(tag: "fr"))
        #expect(Language(tag: "fra") == Language(tag: "fr-FR"))
        #expect(Language(tag: "en") != Language(tag: "fr"))
        #expect(Language(tag: "fre")?.name == "French")
        #expect(Language(tag: "tlh")?.name == "tlh")
        #expect(Language.list("fr, eng,fre") == [Language(tag: "fr")!, Language(tag: "en")!])
        #expect(Language.list("fr,xx1") == nil)
        #expect(Language.list(" , ") == nil)
    }

    /// A track's spelling, and whether it reads back.
    static let idCases: [(String, TrackID?)] = [
        ("audio/0", .audio(0)), ("audio/12", .audio(12)), ("subtitles/3", .subtitles(3)), ("file/film.fr.srt", .sidecar("film.fr.srt")),
        ("file/My film; part 2.srt", .sidecar("My film; part 2.srt")), ("audio/-1", nil), ("audio/x", nil), ("video/0", nil),
        ("file/", nil), ("file/a/b.srt", nil), ("audio", nil),
    ]

    @Test("track ids", arguments: idCases.indices)
    func trackIDs(index: Int) {
        let (text, expected) = Self.idCases[index]
        #expect(TrackID(text) == expected, "\(text)")
        if let expected { #expect("\(expected)" == text) }
    }

    @Test func aChoiceIsWrittenDownAndReadBack() {
        let choices = [
            TrackChoice(audio: .audio(1), subtitles: .off),
            TrackChoice(audio: nil, subtitles: .track(.sidecar("My film; the director's cut = 2.fr.srt"))),
            TrackChoice(audio: .audio(0), subtitles: .track(.subtitles(2))),
            TrackChoice(),
        ]
        for choice in choices {
            #expect(TrackChoice(encoded: choice.encoded) == choice, "\(choice.encoded)")
        }
        // Parts a later version may add, and mistakes, are skipped without losing the rest.
        #expect(TrackChoice(encoded: "audio=audio/2\nzoom=4\nsubtitles=audio/1") == TrackChoice(audio: .audio(2)))
        #expect(TrackChoice(encoded: "garbage").isEmpty)
    }

    @Test func pickingRecordsOneKindAndASoundtrackIsNeverOff() {
        var choice = TrackChoice()
        choice.pick(.subtitles, nil)
        #expect(choice == TrackChoice(subtitles: .off))
        choice.pick(.audio, nil)
        #expect(choice.audio == nil)
        choice.pick(.audio, .audio(1))
        choice.pick(.subtitles, .sidecar("a.srt"))
        #expect(choice == TrackChoice(audio: .audio(1), subtitles: .track(.sidecar("a.srt"))))
    }

    @Test(
        "subtitle preferences from the command line",
        arguments: [
            ("auto", SubtitlePreference.auto), ("off", .off), ("OFF", .off), ("fr", .languages([Language(tag: "fr")!])),
            ("fr,en", .languages([Language(tag: "fr")!, Language(tag: "en")!])),
        ])
    func subtitlePreferences(text: String, expected: SubtitlePreference) {
        #expect(SubtitlePreference(argument: text) == expected)
    }

    @Test func aWrongSubtitlePreferenceIsRefused() {
        #expect(SubtitlePreference(argument: "") == nil)
        #expect(SubtitlePreference(argument: "french please") == nil)
    }

    /// Pango markup in, plain text out.
    static let markupCases: [(String, String)] = [
        ("<i>Hello</i> world", "Hello world"), ("Tom &amp; Jerry &lt;3", "Tom & Jerry <3"),
        ("<i>Tom & Jerry</i> a < b", "Tom & Jerry a < b"), ("{\\an8}Top", "Top"), ("&#233;t&#xE9;", "été"), ("caf&eacute;", "caf&eacute;"),
        ("<span foreground=\"red\">red</span>", "red"), ("line one\nline two", "line one\nline two"), ("&", "&"),
    ]

    @Test("subtitle markup made plain", arguments: markupCases.indices)
    func markup(index: Int) {
        let (markup, plain) = Self.markupCases[index]
        #expect(SubtitleMarkup.plainText(pango: markup).text == plain)
    }

    @Test func anOverrideBlockKeptInMarkupPutsTheCueAtTheTop() {
        #expect(SubtitleMarkup.plainText(pango: "{\\an8}Top").placement == .top)
        #expect(SubtitleMarkup.plainText(pango: "{\\an2}<i>Bottom</i>").placement == .bottom)
        #expect(SubtitleMarkup.plainText(pango: "Plain").placement == .bottom)
    }
}
