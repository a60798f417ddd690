import Testing
import VideoToyCore

/// Which soundtrack and subtitles a file opens with, from picks, the command line, memory and the file's marks.
struct TrackChooserTests {
    static let en = Language(tag: "en")!, fr = Language(tag: "fre")!, de = Language(tag: "de")!

    static let audio = [
        MediaTrack(id: .audio(0), language: en, codec: "AAC", isDefault: true),
        MediaTrack(id: .audio(1), language: fr, title: "Français", codec: "AAC"),
    ]
    static let subtitles = [
        MediaTrack(id: .subtitles(0), language: en, codec: "SubRip"),
        MediaTrack(id: .subtitles(1), language: fr, codec: "ASS"),
        MediaTrack(id: .subtitles(2), language: en, title: "Signs", codec: "SubRip", isForced: true),
        MediaTrack(id: .sidecar("film.de.srt"), language: de, codec: "SubRip"),
    ]

    /// Preferences, this run's pick, the remembered pick, and the soundtrack expected.
    static let audioCases: [(TrackPreferences, TrackID?, TrackID?, TrackID?)] = [
        (TrackPreferences(), nil, nil, .audio(0)),
        (TrackPreferences(audioLanguages: [fr]), nil, nil, .audio(1)),
        (TrackPreferences(audioLanguages: [de, fr]), nil, nil, .audio(1)),
        (TrackPreferences(audioLanguages: [de]), nil, nil, .audio(0)),
        (TrackPreferences(), nil, .audio(1), .audio(1)),
        // The command line speaks for this run, over what was remembered.
        (TrackPreferences(audioLanguages: [en]), nil, .audio(1), .audio(0)),
        // A pick made this run wins over the command line.
        (TrackPreferences(audioLanguages: [en]), .audio(1), nil, .audio(1)),
        // A remembered track the file no longer has is passed over.
        (TrackPreferences(), nil, .audio(7), .audio(0)),
    ]

    @Test("the soundtrack", arguments: audioCases.indices)
    func soundtrack(index: Int) {
        let (preferences, picked, remembered, expected) = Self.audioCases[index]
        #expect(TrackChooser.audio(Self.audio, preferences: preferences, picked: picked, remembered: remembered) == expected)
    }

    @Test func aFileWithoutMarksPlaysItsFirstSoundtrackAndOneWithoutSoundNone() {
        let unmarked = [MediaTrack(id: .audio(0)), MediaTrack(id: .audio(1), isDefault: false)]
        #expect(TrackChooser.audio(unmarked, preferences: TrackPreferences(), picked: nil, remembered: nil) == .audio(0))
        let secondMarked = [MediaTrack(id: .audio(0)), MediaTrack(id: .audio(1), isDefault: true)]
        #expect(TrackChooser.audio(secondMarked, preferences: TrackPreferences(), picked: nil, remembered: nil) == .audio(1))
        #expect(TrackChooser.audio([], preferences: TrackPreferences(), picked: nil, remembered: nil) == nil)
    }

    /// Tracks, the soundtrack's language, preferences, this run's pick, the remembered pick, and the subtitles expected.
    static let subtitleCases: [(String, [MediaTrack], Language?, TrackPreferences, SubtitleChoice?, SubtitleChoice?, TrackID?)] = [
        ("a forced track shows by default", subtitles, en, TrackPreferences(), nil, nil, .subtitles(2)),
        ("nothing marked: off", Array(subtitles.prefix(2)), en, TrackPreferences(), nil, nil, nil),
        (
            "a default-marked track shows", [subtitles[0], MediaTrack(id: .subtitles(1), language: fr, isDefault: true)], en,
            TrackPreferences(), nil, nil, .subtitles(1)
        ),
        ("off means off, forced included", subtitles, en, TrackPreferences(subtitles: .off), nil, nil, nil),
        ("a language asked for", subtitles, en, TrackPreferences(subtitles: .languages([fr])), nil, nil, .subtitles(1)),
        ("the full track before the signs", subtitles, en, TrackPreferences(subtitles: .languages([en])), nil, nil, .subtitles(0)),
        (
            "the first language that has subtitles", subtitles, en, TrackPreferences(subtitles: .languages([Language(tag: "it")!, de])),
            nil, nil, .sidecar("film.de.srt")
        ),
        (
            "no such language: as auto", subtitles, en, TrackPreferences(subtitles: .languages([Language(tag: "it")!])), nil, nil,
            .subtitles(2)
        ),
        ("remembered off", subtitles, en, TrackPreferences(), nil, .off, nil),
        ("remembered file", subtitles, en, TrackPreferences(), nil, .track(.sidecar("film.de.srt")), .sidecar("film.de.srt")),
        ("remembered file gone", subtitles, en, TrackPreferences(), nil, .track(.sidecar("film.it.srt")), .subtitles(2)),
        ("the command line over memory", subtitles, en, TrackPreferences(subtitles: .off), nil, .track(.subtitles(1)), nil),
        (
            "this run's pick over the command line", subtitles, en, TrackPreferences(subtitles: .off), .track(.subtitles(1)), nil,
            .subtitles(1)
        ),
        ("this run's off over the command line", subtitles, en, TrackPreferences(subtitles: .languages([fr])), .off, nil, nil),
        (
            "a subtitle file with the video's name alone shows", [MediaTrack(id: .sidecar("film.srt"), codec: "SubRip")], nil,
            TrackPreferences(), nil, nil, .sidecar("film.srt")
        ),
        (
            "a file in the user's language shows", [subtitles[3]], nil, TrackPreferences(userLanguage: de), nil, nil,
            .sidecar("film.de.srt")
        ),
        ("a file in another language does not", [subtitles[3]], nil, TrackPreferences(userLanguage: fr), nil, nil, nil),
        (
            "forced in the soundtrack's language first",
            [MediaTrack(id: .subtitles(0), language: fr, isForced: true), MediaTrack(id: .subtitles(1), language: en, isForced: true)],
            en, TrackPreferences(), nil, nil, .subtitles(1)
        ),
    ]

    @Test("the subtitles", arguments: subtitleCases.indices)
    func subtitles(index: Int) {
        let (name, tracks, language, preferences, picked, remembered, expected) = Self.subtitleCases[index]
        let chosen = TrackChooser.subtitles(
            tracks, audioLanguage: language, preferences: preferences, picked: picked, remembered: remembered)
        #expect(chosen == expected, "\(name)")
    }
}
