import Foundation
import Testing
import VideoToyCore
import VideoToyFiles

/// The `[tracks]` group: the soundtrack and subtitles picked for each file.
extension SettingsStoreTests {
    static let awkwardPaths = [
        "/v/a=b.mp4", "/v/[draft] cut.mkv", "/v/line\nbreak.webm", "/v/semi;colon.mp4", "/v/#hash.mp4", "/v/100%.mp4",
        "/v/ café.mp4 ", "/v/日本語.mp4", "/v/back\\slash.mp4", PathBytes.decode(Array("/v/".utf8) + [0xE9, 0x74, 0xE9] + Array(".mkv".utf8)),
    ]

    static let choices: [TrackChoice] = [
        TrackChoice(audio: .audio(1), subtitles: .track(.subtitles(0))),
        TrackChoice(subtitles: .off),
        TrackChoice(audio: .audio(2)),
        TrackChoice(subtitles: .track(.sidecar("film.fr.srt"))),
        TrackChoice(audio: .audio(0), subtitles: .track(.sidecar("a=b; c #d [e].fr.srt"))),
        TrackChoice(subtitles: .track(.sidecar("line\nbreak\\n.srt"))),
        TrackChoice(subtitles: .track(.sidecar("Grüße aus Köln.de.ass"))),
        // A forced encoding for the video's subtitle files, alone and with a pick.
        TrackChoice(encoding: .gb18030),
        TrackChoice(subtitles: .track(.sidecar("film.ru.srt")), encoding: .windows1251),
    ]

    @Test("picked tracks round trip for paths and subtitle file names that key files cannot hold as they are")
    func trackChoicesRoundTrip() throws {
        let store = SettingsStore(path: try freshPath())
        #expect(store.saveWindowSize(PixelSize(width: 900, height: 600)) == nil)
        let picks = Self.awkwardPaths.enumerated().map { ($1, Self.choices[$0 % Self.choices.count]) }
        for (path, choice) in picks { #expect(store.rememberTracks(ofPath: path, choice) == nil, "\(path)") }
        let (loaded, problem) = SettingsStore(path: store.path).load()
        #expect(problem == nil)
        for (path, choice) in picks { #expect(loaded.trackChoices.choice(for: path) == choice, "\(path)") }
        #expect(loaded.trackChoices.entries.count == picks.count)
        #expect(loaded.windowSize == PixelSize(width: 900, height: 600))
        // An empty pick forgets the file, in the file too.
        #expect(store.rememberTracks(ofPath: picks[0].0, TrackChoice()) == nil)
        #expect(store.load().settings.trackChoices.choice(for: picks[0].0) == nil)
        #expect(store.load().settings.trackChoices.entries.count == picks.count - 1)
    }

    @Test("at most 500 files are remembered: the 501st pick drops the oldest, and only it")
    func trackChoicesBound() throws {
        let store = SettingsStore(path: try freshPath())
        #expect(
            store.update { settings in
                for index in 0..<500 {
                    settings.trackChoices.record(path: "/v/\(index).mkv", choice: TrackChoice(audio: .audio(1)), at: 1_000 + Int64(index))
                }
            } == nil)
        #expect(store.load().settings.trackChoices.entries.count == 500)
        // Picks made in one millisecond, or after the clock was set back, are still newer than those before.
        #expect(store.rememberTracks(ofPath: "/v/new.mkv", TrackChoice(subtitles: .off)) == nil)
        let kept = store.load().settings.trackChoices
        #expect(kept.entries.count == 500)
        #expect(kept.choice(for: "/v/0.mkv") == nil, "the oldest pick went")
        #expect(kept.choice(for: "/v/1.mkv") == TrackChoice(audio: .audio(1)))
        #expect(kept.choice(for: "/v/new.mkv") == TrackChoice(subtitles: .off))
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        #expect(text.components(separatedBy: "\n").filter { $0.hasPrefix("/v/") }.count == 500)

        var choices = TrackChoices(capacity: 2)
        choices.record(path: "/a", choice: TrackChoice(audio: .audio(1)), at: 100)
        choices.record(path: "/b", choice: TrackChoice(audio: .audio(1)), at: 50)
        choices.record(path: "/c", choice: TrackChoice(audio: .audio(1)), at: 50)
        #expect(Set(choices.entries.keys) == ["/b", "/c"], "the clock set back does not make the newest picks the oldest")
    }

    @Test("damaged [tracks] lines are left out; every other setting and pick stays")
    func damagedTrackLines() throws {
        let path = try freshPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let text = """
            # mine
            [window]
            width=900
            height=600

            [tracks]
            /v/good.mkv=5;audio=audio/1
            /v/not-a-time.mkv=soon;audio=audio/1
            /v/no-time.mkv=audio=audio/1
            %zz.mkv=6;audio=audio/1
            /v/bad-escape.mkv=7;audio\\q
            /v/unknown.mkv=8;subtitles=file/a/b.srt
            /v/cut.mkv
            /v/also-good.mkv=9;subtitles=off

            [view]
            scaling=fill

            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let store = SettingsStore(path: path)
        let (loaded, problem) = store.load()
        #expect(problem?.contains("line 13") == true, "\(problem ?? "no problem")")
        #expect(loaded.windowSize == PixelSize(width: 900, height: 600))
        #expect(loaded.scalingMode == "fill")
        #expect(loaded.trackChoices.choice(for: "/v/good.mkv") == TrackChoice(audio: .audio(1)))
        #expect(loaded.trackChoices.choice(for: "/v/also-good.mkv") == TrackChoice(subtitles: .off))
        #expect(loaded.trackChoices.entries.count == 2, "\(loaded.trackChoices.entries.keys.sorted())")
        #expect(try String(contentsOfFile: path + ".bak", encoding: .utf8) == text, "the file as it was is kept")
        // Read again, and written: nothing more is reported, and nothing is lost.
        #expect(store.load().problem == nil)
        #expect(store.rememberTracks(ofPath: "/v/third.mkv", TrackChoice(audio: .audio(2))) == nil)
        let again = store.load().settings
        #expect(again.windowSize == PixelSize(width: 900, height: 600) && again.scalingMode == "fill")
        #expect(again.trackChoices.entries.count == 3)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("# mine"))
    }
}
