import Testing
import VideoToyCore
import VideoToyTesting

/// The controller's side of tracks: when they are chosen, what is logged and remembered, and when each cue shows.
@MainActor
struct AppControllerTracksTests {
    static let en = Language(tag: "en")!, fr = Language(tag: "fr")!
    static let audio = [MediaTrack(id: .audio(0), language: en, codec: "AAC", isDefault: true), MediaTrack(id: .audio(1), language: fr)]
    static let own = [MediaTrack(id: .subtitles(0), language: en, codec: "SubRip"), MediaTrack(id: .subtitles(1), language: fr)]

    /// A subtitle file beside /v/film.mkv: "Bonjour" from 1 s to 3 s, "Au revoir" from 5 s to 6 s; and a broken one.
    static let sidecars = SidecarSubtitles(
        videoName: "film.mkv", siblings: ["film.mkv", "film.fr.srt", "film.es.srt", "other.srt"], size: { _ in 100 },
        contents: { name in
            switch name {
            case "film.fr.srt": Array("1\n00:00:01,000 --> 00:00:03,000\nBonjour\n\n2\n00:00:05,000 --> 00:00:06,000\nAu revoir\n".utf8)
            case "film.es.srt": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
            default: nil
            }
        })

    /// A rig playing /v/film.mkv with `preferences`, its tracks listed and its subtitle files read.
    private func playing(
        _ preferences: TrackPreferences = TrackPreferences(), remembered: TrackChoice? = nil, onEnd: OnEnd = .stop
    ) async throws -> (Rig, FakePlayer) {
        let rig = Rig(onEnd: onEnd)
        rig.backend.script(sidecars: Self.sidecars, for: "/v/film.mkv")
        rig.controller.useTrackPreferences(preferences)
        rig.controller.memory.rememberedTracks = { path in path == "/v/film.mkv" ? remembered : nil }
        rig.ids = rig.controller.add(paths: ["/v/film.mkv"])
        try await rig.probed()
        rig.controller.activate(rig.ids[0])
        let player = try #require(rig.backend.player(for: "/v/film.mkv"))
        player.emit(.playing(positionMs: 0))
        player.emit(.tracks(audio: Self.audio, subtitles: Self.own))
        try await rig.eventually("the tracks listed") { !rig.records("tracks").isEmpty }
        return (rig, player)
    }

    @Test func theTracksAreLoggedOnceEverythingIsKnownAndTheMenuFilled() async throws {
        let (rig, _) = try await playing()
        let record = try #require(rig.records("tracks").first)
        #expect(
            record.jsonLine.contains(
                #""subtitles":[{"id":"subtitles/0","language":"en","title":null,"codec":"SubRip","default":false,"forced":false,"external":false},"#
            ))
        #expect(
            record.jsonLine.contains(
                #"{"id":"file/film.fr.srt","language":"fr","title":null,"codec":"SubRip","default":false,"forced":false,"external":true}"#))
        #expect(!record.jsonLine.contains("film.es.srt"), "a file that cannot be shown is no track")
        #expect(
            rig.records("track").map(\.jsonLine) == [
                #"{"event":"track","t_ms":0,"path":"/v/film.mkv","kind":"audio","id":"audio/0","encoding":null}"#,
                #"{"event":"track","t_ms":0,"path":"/v/film.mkv","kind":"subtitles","id":null,"encoding":null}"#,
            ])
        let menu = try #require(rig.presenter.trackMenus[rig.ids[0]])
        #expect(
            menu.subtitles.map(\.label) == [
                .off, .track(TrackLabel(language: "English", number: 1)), .track(TrackLabel(language: "French", number: 2)),
                .track(TrackLabel(language: "French", number: 3, fileName: "film.fr.srt")), .file("film.es.srt"),
            ])
        #expect(menu.subtitles.last?.note == .problem(.file(name: "film.es.srt", problem: .notText)))
        #expect(
            rig.terminal.lines.contains("/v/film.mkv: \(LogMessage.subtitles(.file(name: "film.es.srt", problem: .notText)))"),
            "said where the user looks")
    }

    /// A text format with no decoder (WebVTT here) and a picture format the app never draws (DVD subtitles).
    nonisolated static let unshowable: [(MediaInfo, String)] = [
        (MediaInfo(durationMs: 60_000, missingDecoders: ["WebVTT subtitles"]), "WebVTT subtitles"),
        (MediaInfo(durationMs: 60_000, unshownSubtitles: ["DVD subtitles"]), "DVD subtitles"),
    ]

    @Test("an embedded format nothing shows is named in the menu, greyed out", arguments: unshowable)
    func anEmbeddedFormatNothingShowsIsNamedInTheMenu(info: MediaInfo, format: String) async throws {
        let rig = Rig()
        rig.backend.script("/v/film.mkv", .success(info))
        rig.ids = rig.controller.add(paths: ["/v/film.mkv"])
        try await rig.probed()
        rig.controller.activate(rig.ids[0])
        let player = try #require(rig.backend.player(for: "/v/film.mkv"))
        player.emit(.tracks(audio: [Self.audio[0]], subtitles: []))
        try await rig.eventually("the menu filled") { rig.presenter.trackMenus[rig.ids[0]] != nil }
        let menu = try #require(rig.presenter.trackMenus[rig.ids[0]])
        #expect(menu.subtitles.map(\.label) == [.off, .format(format)])
        #expect(menu.subtitles.last?.isEnabled == false)
        #expect(menu.subtitles.last?.note == .cannotBeShownHere)
    }

    @Test func aTrackReadOutOfTheFileShowsItsCuesByPositionWithoutThePlayer() async throws {
        let rig = Rig()
        let german = MediaTrack(id: .subtitles(0), language: Language(tag: "de"), codec: "WebVTT")
        rig.backend.script(
            containerSubtitles: ContainerSubtitles(
                tracks: [german], cues: [german.id: [SubtitleCue(startMs: 1000, endMs: 3000, text: "Hallo")]], end: .damaged(atMs: 1000)),
            for: "/v/talk.webm")
        rig.controller.useTrackPreferences(TrackPreferences(subtitles: .languages([Language(tag: "de")!])))
        rig.ids = rig.controller.add(paths: ["/v/talk.webm"])
        try await rig.probed()
        rig.controller.activate(rig.ids[0])
        let id = rig.ids[0]
        let player = try #require(rig.backend.player(for: "/v/talk.webm"))
        player.emit(.playing(positionMs: 0))
        player.emit(.tracks(audio: [Self.audio[0]], subtitles: []))
        try await rig.eventually("the tracks listed") { !rig.records("tracks").isEmpty }
        let record = try #require(rig.records("tracks").first)
        #expect(
            record.jsonLine.contains(
                #""subtitles":[{"id":"subtitles/0","language":"de","title":null,"codec":"WebVTT","default":false,"forced":false,"external":false}]"#
            ), "\(record.jsonLine)")
        #expect(rig.controller.tracks.items[id]?.subtitlesInUse == .subtitles(0), "--subtitles=de")
        #expect(!player.commands.contains(.selectSubtitles(0)), "the player has no such stream")
        player.positionMs = 1001
        rig.timers.advance(by: 1001)
        #expect(rig.presenter.subtitleText(id) == "Hallo")
        player.positionMs = 3001
        rig.timers.advance(by: 2000)
        #expect(rig.presenter.subtitleText(id) == nil)
        let menu = try #require(rig.presenter.trackMenus[id])
        #expect(menu.subtitles.map(\.label) == [.off, .track(TrackLabel(language: "German", number: 1))])
        #expect(menu.subtitles.last?.note == .problem(.track(end: .damaged(atMs: 1000), cueCount: 1)))
        // Off and back with the V key: the cues come from the file read again, by position.
        rig.controller.intent(id, .cycleTrack(.subtitles))
        #expect(rig.presenter.notices.last == .subtitlesChosen(nil))
        player.positionMs = 1500
        rig.controller.intent(id, .cycleTrack(.subtitles))
        #expect(rig.presenter.notices.last == .subtitlesChosen(TrackLabel(language: "German", number: 1)))
        #expect(rig.presenter.subtitleText(id) == "Hallo")
        #expect(!player.commands.contains(.selectSubtitles(0)))
    }

    @Test func aSubtitleFilesCuesShowAtTheirTimesWhileItPlays() async throws {
        let (rig, player) = try await playing(TrackPreferences(subtitles: .languages([Self.fr])))
        let id = rig.ids[0]
        // The embedded French track comes first; the file is picked from the menu.
        rig.controller.chooseTrack(id, .subtitles, .sidecar("film.fr.srt"))
        #expect(rig.presenter.subtitleText(id) == nil)
        player.positionMs = 1001
        rig.timers.advance(by: 1001)
        #expect(rig.presenter.subtitleText(id) == "Bonjour")
        player.positionMs = 3001
        rig.timers.advance(by: 2000)
        #expect(rig.presenter.subtitleText(id) == nil)
        // Paused, no timer runs; playing again picks up where the position is.
        rig.controller.intent(id, .togglePlay)
        player.emit(.paused(positionMs: 5500))
        player.positionMs = 5500
        #expect(rig.timers.running == 0)
        rig.controller.intent(id, .togglePlay)
        player.emit(.playing(positionMs: 5500))
        #expect(rig.presenter.subtitleText(id) == "Au revoir")
    }

    @Test func anEmbeddedTrackShowsThePlayersCuesAndASeekDropsThem() async throws {
        let (rig, player) = try await playing()
        let id = rig.ids[0]
        rig.controller.chooseTrack(id, .subtitles, .subtitles(1))
        #expect(player.commands.contains(.selectSubtitles(1)))
        player.positionMs = 2000
        player.emit(.cue(SubtitleCue(startMs: 1500, endMs: 4000, text: "Salut", placement: .bottom)))
        #expect(rig.presenter.subtitleText(id) == "Salut")
        rig.controller.intent(id, .seek(30_000))
        #expect(rig.presenter.subtitleText(id) == nil)
    }

    @Test func aLoopDropsTheCuesOfTheRoundBefore() async throws {
        let (rig, player) = try await playing(onEnd: .loop)
        let id = rig.ids[0]
        rig.controller.chooseTrack(id, .subtitles, .subtitles(1))
        let cue = SubtitleCue(startMs: 0, endMs: 4000, text: "Salut", placement: .bottom)
        for _ in 0..<5 {
            player.positionMs = 100
            player.emit(.cue(cue))
            #expect(rig.presenter.subtitleText(id) == "Salut", "one copy, however many rounds")
            player.emit(.endOfStream)
        }
        #expect(player.transport.filter { $0 == .seek(0) }.count == 5)
    }

    @Test func aPickIsRememberedAndWinsForTheRestOfTheRun() async throws {
        var remembered: [String: TrackChoice] = [:]
        let (rig, _) = try await playing(TrackPreferences(subtitles: .off))
        rig.controller.memory.onTracksToRemember = { path, choice in remembered[path] = choice }
        let id = rig.ids[0]
        rig.controller.intent(id, .cycleTrack(.subtitles))
        rig.controller.intent(id, .cycleTrack(.audio))
        #expect(remembered["/v/film.mkv"] == TrackChoice(audio: .audio(1), subtitles: .track(.subtitles(0))))
        #expect(
            rig.presenter.notices.suffix(2) == [
                .subtitlesChosen(TrackLabel(language: "English", number: 1)), .audioChosen(TrackLabel(language: "French", number: 2)),
            ])
        // Finished (the player is released) and played again: this run's pick wins over --subtitles=off.
        rig.backend.player(for: "/v/film.mkv")?.emit(.endOfStream)
        #expect(rig.controller.tracks.items[id] == nil)
        rig.controller.activate(id)
        let again = try #require(rig.backend.players(for: "/v/film.mkv").last)
        again.emit(.tracks(audio: Self.audio, subtitles: Self.own))
        try await rig.eventually("the tracks listed again") { rig.records("tracks").count == 2 }
        #expect(rig.controller.tracks.items[id]?.subtitlesInUse == .subtitles(0))
        #expect(rig.controller.tracks.items[id]?.audioInUse == .audio(1))
    }

    @Test func aRememberedPickIsUsedUnlessTheCommandLineSaysOtherwise() async throws {
        let choice = TrackChoice(audio: .audio(1), subtitles: .track(.sidecar("film.fr.srt")))
        let (rig, player) = try await playing(remembered: choice)
        #expect(rig.controller.tracks.items[rig.ids[0]]?.subtitlesInUse == .sidecar("film.fr.srt"))
        #expect(player.commands.contains(.selectAudio(1)))
        let (other, _) = try await playing(TrackPreferences(audioLanguages: [Self.en], subtitles: .off), remembered: choice)
        #expect(other.controller.tracks.items[other.ids[0]]?.subtitlesInUse == nil)
        #expect(other.controller.tracks.items[other.ids[0]]?.audioInUse == .audio(0))
    }

    @Test func closingAPlayerEndsItsTracksAndTimers() async throws {
        let (rig, player) = try await playing()
        let id = rig.ids[0]
        rig.controller.chooseTrack(id, .subtitles, .sidecar("film.fr.srt"))
        rig.controller.shutDown()
        #expect(rig.controller.tracks.items[id] == nil)
        player.positionMs = 1500
        rig.timers.advance(by: 10_000)
        #expect(rig.presenter.subtitles[id]?.compactMap { $0 }.isEmpty ?? true, "nothing shows after the player is gone")
        #expect(rig.controller.trackMenu(id) == nil)
    }
}
