import Testing
import VideoToyCore

/// What a view shows at a position, from a subtitle file or the cues the player sends.
struct SubtitleShowTests {
    static let hello = SubtitleCue(startMs: 1000, endMs: 4000, text: "Hello", placement: .bottom)
    static let sign = SubtitleCue(startMs: 2000, endMs: 3000, text: "EXIT", placement: .top)
    static let bye = SubtitleCue(startMs: 5000, endMs: 6000, text: "Bye", placement: .bottom)

    @Test func aFileShowsItsCuesByPositionAndSaysWhenTheyChange() {
        var show = SubtitleShow()
        show.show(CueTimeline([Self.hello, Self.sign, Self.bye]))
        #expect(show.shown(atMs: 500) == nil)
        #expect(show.shown(atMs: 1000) == ShownSubtitle(text: "Hello", placement: .bottom))
        #expect(show.shown(atMs: 2500) == ShownSubtitle(text: "Hello", placement: .bottom), "the dialogue wins over a sign")
        #expect(show.shown(atMs: 4000) == nil)
        #expect(show.nextChange(afterMs: 500) == 1000)
        #expect(show.nextChange(afterMs: 1000) == 2000)
        #expect(show.nextChange(afterMs: 4500) == 5000)
        #expect(show.nextChange(afterMs: 6000) == nil)
        show.turnOff()
        #expect(show.shown(atMs: 1500) == nil && show.nextChange(afterMs: 0) == nil)
    }

    @Test func aSignAloneShowsAtTheTop() {
        var show = SubtitleShow()
        show.show(CueTimeline([Self.sign]))
        #expect(show.shown(atMs: 2500) == ShownSubtitle(text: "EXIT", placement: .top))
    }

    @Test func thePlayersCuesAreKeptWhileOffSoTurningOnDuringALongCueShowsIt() {
        var show = SubtitleShow()
        show.received(Self.hello, atMs: 1000)
        #expect(show.shown(atMs: 1500) == nil, "off: nothing shows")
        show.showStream()
        #expect(show.shown(atMs: 1500)?.text == "Hello")
        show.received(Self.bye, atMs: 5000)
        #expect(show.shown(atMs: 5500)?.text == "Bye")
        #expect(show.nextChange(afterMs: 5500) == 6000)
        show.jumped()
        #expect(show.shown(atMs: 5500) == nil, "a seek drops cues of the old position")
    }

    @Test func overlappingCuesFromThePlayerShowTogether() {
        var show = SubtitleShow()
        show.showStream()
        show.received(Self.hello, atMs: 1000)
        show.received(SubtitleCue(startMs: 1500, endMs: 2500, text: "World", placement: .bottom), atMs: 1500)
        #expect(show.shown(atMs: 2000)?.text == "Hello\nWorld")
        #expect(show.nextChange(afterMs: 2000) == 2500)
    }
}

/// The subtitle files beside a video as the menu and the view get them.
struct SidecarSubtitlesTests {
    @Test func aFileTooLargeOrUnreadableIsListedWithWhyAndNeverRead() {
        var asked: [String] = []
        let read = SidecarSubtitles(
            videoName: "film.mkv", siblings: ["film.mkv", "film.en.srt", "film.fr.srt", "film.de.srt"],
            size: { $0 == "film.de.srt" ? SidecarSubtitles.largestFile + 1 : 60 },
            contents: { name in
                asked.append(name)
                return name == "film.en.srt" ? Array("1\n00:00:01,000 --> 00:00:02,000\nHi\n".utf8) : nil
            })
        #expect(read.report.tracks.map(\.id) == [.sidecar("film.en.srt")])
        #expect(read.report.unusable == [.sidecar("film.de.srt"), .sidecar("film.fr.srt")])
        #expect(read.report.notes[.sidecar("film.de.srt")] == .file(name: "film.de.srt", problem: .tooLarge))
        #expect(read.report.notes[.sidecar("film.fr.srt")] == .file(name: "film.fr.srt", problem: .unreadable))
        #expect(!asked.contains("film.de.srt"), "a file over the limit is not read")
        #expect(read.timelines[.sidecar("film.en.srt")]?.text(atMs: 1500) == "Hi")
    }

    @Test("a file too slow to read, and one never reached in time, are listed with why; the others still show")
    func slowFilesAreListedWithWhy() {
        let good = SubtitleDocument.parse("1\n00:00:01,000 --> 00:00:02,000\nHi\n", format: .subRip)
        let read = SidecarSubtitles(videoName: "film.mkv", siblings: ["film.mkv", "film.en.srt", "film.fr.srt", "film.de.srt"]) {
            switch $0.name {
            case "film.de.srt": .tooSlow(seconds: 5)
            case "film.fr.srt": .notReached
            default: .document(good)
            }
        }
        #expect(read.report.tracks.map(\.id) == [.sidecar("film.en.srt")])
        #expect(read.report.unusable == [.sidecar("film.de.srt"), .sidecar("film.fr.srt")])
        #expect(read.report.notes[.sidecar("film.de.srt")] == .file(name: "film.de.srt", problem: .tooSlow(seconds: 5)))
        #expect(
            read.report.notes[.sidecar("film.fr.srt")] == .file(name: "film.fr.srt", problem: .notReached))
        #expect(read.report.notes[.sidecar("film.en.srt")] == nil)
    }
}
