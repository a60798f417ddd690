import Testing
import VideoToyCore
import VideoToyText

/// Each notice, track label and scaling mode reads, in English, as the window always showed it.
@Suite struct NoticeTextTests {
    static let notices: [(Notice, String)] = [
        (.playingOn(screen: "LG TV"), "Playing on LG TV"),
        (.playingOn(screen: "HDMI-1"), "Playing on HDMI-1"),
        (.audioChosen(TrackLabel(language: "French", number: 2)), "Audio: French"),
        (.subtitlesChosen(TrackLabel(language: "German", number: 1)), "Subtitles: German"),
        (.subtitlesChosen(nil), "Subtitles off"),
        (.unreadableFiles(count: 1), "1 file could not be read"),
        (.unreadableFiles(count: 2), "2 files could not be read"),
        (.unreadableFiles(count: 0), "0 files could not be read"),
        (.noVideos(in: ["/media/films"]), "No videos in /media/films"),
        (.noVideos(in: ["/a", "/b c"]), "No videos in /a, /b c"),
        (.removedFolder(name: "Films"), "Removed “Films” from the library"),
        (.phoneConnected, "A phone connected"),
    ]

    @Test("a notice reads as its sentence", arguments: notices)
    func notice(_ notice: Notice, _ sentence: String) {
        #expect(notice.text(in: .english) == sentence)
    }

    static let labels: [(TrackLabel, String)] = [
        (TrackLabel(language: "English", number: 1), "English"),
        (TrackLabel(number: 3), "Track 3"),
        (TrackLabel(number: 3, title: "Commentary"), "Track 3 — Commentary"),
        (TrackLabel(language: "French", number: 3, fileName: "film.fr.srt"), "French — film.fr.srt"),
        (TrackLabel(language: "French", number: 1, title: "Signs", isForced: true), "French — Signs, forced"),
        (TrackLabel(language: "English", number: 1, codec: "AC-3"), "English (AC-3)"),
        (TrackLabel(number: 2, title: "Director", codec: "AAC"), "Track 2 — Director (AAC)"),
    ]

    @Test("a track label reads as its language or number, then its details", arguments: labels)
    func label(_ label: TrackLabel, _ text: String) {
        #expect(label.text(in: .english) == text)
        #expect(TrackMenu.Label.track(label).text(in: .english) == text)
    }

    @Test func menuEntriesAndNotes() {
        #expect(TrackMenu.Label.off.text(in: .english) == "Off")
        #expect(TrackMenu.Label.file("film.es.srt").text(in: .english) == "film.es.srt")
        #expect(TrackMenu.Label.format("DVB subtitles").text(in: .english) == "DVB subtitles")
        #expect(TrackMenu.Note.cannotBeShownHere.text(in: .english) == "cannot be shown here")
        #expect(
            TrackMenu.Note.problem(.file(name: "film.es.srt", problem: .notText)).text(in: .english) == "film.es.srt is not a text file")
    }

    @Test func scalingModes() {
        #expect(ScalingMode.allCases.map { $0.text(in: .english) } == ["Fit", "Fill (crop)", "Stretch", "Natural size"])
    }
}
