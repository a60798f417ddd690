import Testing
import VideoToyCore
import VideoToyTesting

/// The track machine of one open file: nothing is chosen before every track is known, and each pick is carried out once.
struct ItemTracksTests {
    static let en = Language(tag: "en")!, fr = Language(tag: "fr")!
    static let audio = [MediaTrack(id: .audio(0), language: en, isDefault: true), MediaTrack(id: .audio(1), language: fr)]
    static let own = [MediaTrack(id: .subtitles(0), language: en), MediaTrack(id: .subtitles(1), language: fr)]
    static let files = SidecarReport(
        tracks: [MediaTrack(id: .sidecar("film.fr.srt"), language: fr, codec: "SubRip")],
        notes: [.sidecar("film.es.srt"): .file(name: "film.es.srt", problem: .notText)], unusable: [.sidecar("film.es.srt")])

    @Test func nothingIsChosenUntilBothTheFileAndTheFilesBesideItAreKnown() {
        for sidecarsFirst in [false, true] {
            var tracks = ItemTracks(preferences: TrackPreferences(subtitles: .languages([Self.fr])))
            let first: ItemTracks.Event = sidecarsFirst ? .sidecars(Self.files) : .embedded(audio: Self.audio, subtitles: Self.own)
            let second: ItemTracks.Event = sidecarsFirst ? .embedded(audio: Self.audio, subtitles: Self.own) : .sidecars(Self.files)
            #expect(tracks.handle(first) == [])
            #expect(!tracks.isOpen)
            #expect(tracks.handle(.choose(.subtitles, .subtitles(0))) == [], "nothing to pick from yet")
            #expect(
                tracks.handle(second) == [
                    .announce, .use(.audio, .audio(0), byUser: false), .use(.subtitles, .subtitles(1), byUser: false),
                ])
            #expect(tracks.subtitles.map(\.id) == [.subtitles(0), .subtitles(1), .sidecar("film.fr.srt")])
            #expect(tracks.unusable == [.sidecar("film.es.srt")])
            // Listed once: a second report changes nothing.
            #expect(tracks.handle(first) == [])
        }
    }

    @Test func picksAreCarriedOutOnceAndOnlyForTracksTheFileHas() {
        var tracks = opened()
        #expect(tracks.handle(.choose(.subtitles, .sidecar("film.fr.srt"))) == [.use(.subtitles, .sidecar("film.fr.srt"), byUser: true)])
        #expect(tracks.handle(.choose(.subtitles, .sidecar("film.fr.srt"))) == [], "already in use")
        #expect(tracks.handle(.choose(.subtitles, .sidecar("film.es.srt"))) == [], "cannot be shown")
        #expect(tracks.handle(.choose(.subtitles, .audio(1))) == [], "not a subtitle track")
        #expect(tracks.handle(.choose(.audio, nil)) == [], "a soundtrack is never turned off")
        #expect(tracks.handle(.choose(.audio, .audio(1))) == [.use(.audio, .audio(1), byUser: true)])
        #expect(tracks.handle(.choose(.subtitles, nil)) == [.use(.subtitles, nil, byUser: true)])
        #expect(tracks.subtitlesInUse == nil && tracks.audioInUse == .audio(1))
    }

    @Test func subtitlesGoRoundThroughOffAndSoundtracksRoundTheirTracks() {
        var tracks = opened()
        var seen: [TrackID?] = []
        for _ in 0..<5 {
            _ = tracks.handle(.cycle(.subtitles))
            seen.append(tracks.subtitlesInUse)
        }
        #expect(seen == [.subtitles(0), .subtitles(1), .sidecar("film.fr.srt"), nil, .subtitles(0)])
        _ = tracks.handle(.cycle(.audio))
        _ = tracks.handle(.cycle(.audio))
        #expect(tracks.audioInUse == .audio(0))
        var silent = ItemTracks(preferences: TrackPreferences())
        _ = silent.handle(.embedded(audio: [], subtitles: []))
        _ = silent.handle(.sidecars(SidecarReport()))
        #expect(silent.handle(.cycle(.audio)) == [])
        #expect(silent.handle(.cycle(.subtitles)) == [])
    }

    @Test func theMenuListsEveryTrackWithOffAndNotesOnBrokenFiles() {
        let menu = TrackMenu(opened())
        #expect(
            menu.audio.map(\.label) == [
                .track(TrackLabel(language: "English", number: 1)), .track(TrackLabel(language: "French", number: 2)),
            ])
        #expect(menu.audio.map(\.isSelected) == [true, false])
        #expect(
            menu.subtitles.map(\.label) == [
                .off, .track(TrackLabel(language: "English", number: 1)), .track(TrackLabel(language: "French", number: 2)),
                .track(TrackLabel(language: "French", number: 3, fileName: "film.fr.srt")), .file("film.es.srt"),
            ])
        #expect(menu.subtitles.map(\.isSelected) == [true, false, false, false, false])
        #expect(menu.subtitles.map(\.isEnabled) == [true, true, true, true, false])
        #expect(menu.subtitles.last?.note == .problem(.file(name: "film.es.srt", problem: .notText)))
        var one = ItemTracks(preferences: TrackPreferences())
        _ = one.handle(.embedded(audio: [Self.audio[0]], subtitles: []))
        _ = one.handle(.sidecars(SidecarReport()))
        #expect(TrackMenu(one).isEmpty, "one soundtrack and no subtitles: nothing to choose")
    }

    @Test func tracksTheAppReadsTakeTheirPlaceAmongTheFilesOwnAndAreListedOnce() {
        var tracks = ItemTracks(preferences: TrackPreferences(subtitles: .languages([Language(tag: "de")!])))
        // The player lists subtitles/1 (SubRip); the app read subtitles/0 and subtitles/2 (WebVTT) out of the file, and
        // subtitles/1 again as a player of a later release would list it too.
        let german = MediaTrack(id: .subtitles(0), language: Language(tag: "de"), codec: "WebVTT")
        let again = MediaTrack(id: .subtitles(1), language: Self.en, codec: "WebVTT")
        let last = MediaTrack(id: .subtitles(2), language: Self.fr, codec: "WebVTT")
        _ = tracks.handle(.embedded(audio: Self.audio, subtitles: [Self.own[0].with(id: .subtitles(1))]))
        let effects = tracks.handle(.sidecars(SidecarReport(tracks: [german, again, last] + Self.files.tracks)))
        #expect(tracks.subtitles.map(\.id) == [.subtitles(0), .subtitles(1), .subtitles(2), .sidecar("film.fr.srt")])
        #expect(tracks.track(.subtitles(1))?.codec == nil, "the player's listing of a track both read is the one kept")
        #expect(effects.contains(.use(.subtitles, .subtitles(0), byUser: false)), "followed --subtitles=de: \(effects)")
        #expect(external(tracks) == [false, false, false, true])
    }

    private func external(_ tracks: ItemTracks) -> [Bool] { tracks.subtitles.map(\.isExternal) }

    @Test func tracksAlikeAreToldApartByCodec() {
        var tracks = ItemTracks(preferences: TrackPreferences())
        _ = tracks.handle(
            .embedded(
                audio: [
                    MediaTrack(id: .audio(0), language: Self.en, codec: "AC-3"), MediaTrack(id: .audio(1), language: Self.en, codec: "AAC"),
                    MediaTrack(id: .audio(2), title: "Commentary", codec: "AAC"),
                ], subtitles: []))
        _ = tracks.handle(.sidecars(SidecarReport()))
        #expect(
            TrackMenu(tracks).audio.map(\.label) == [
                .track(TrackLabel(language: "English", number: 1, codec: "AC-3")),
                .track(TrackLabel(language: "English", number: 2, codec: "AAC")), .track(TrackLabel(number: 3, title: "Commentary")),
            ])
    }

    @Test("random events never leave a track in use that the file lacks, and every change is announced", arguments: 0..<200)
    func randomEvents(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let ids: [TrackID?] = [
            nil, .audio(0), .audio(1), .audio(5), .subtitles(0), .subtitles(1), .sidecar("film.fr.srt"), .sidecar("x.srt"),
        ]
        var tracks = ItemTracks(
            preferences: TrackPreferences(subtitles: [.auto, .off, .languages([Self.fr])][Int.random(in: 0..<3, using: &random)]),
            remembered: TrackChoice(audio: ids.randomElement(using: &random)!, subtitles: .track(.sidecar("x.srt"))))
        var announced = 0
        for _ in 0..<30 {
            let event: ItemTracks.Event
            switch Int.random(in: 0..<5, using: &random) {
            case 0: event = .embedded(audio: Self.audio, subtitles: Self.own)
            case 1: event = .sidecars(Self.files)
            case 2: event = .choose(.audio, ids.randomElement(using: &random)!)
            case 3: event = .choose(.subtitles, ids.randomElement(using: &random)!)
            default: event = .cycle(Bool.random(using: &random) ? .audio : .subtitles)
            }
            let before = (tracks.audioInUse, tracks.subtitlesInUse)
            let effects = tracks.handle(event)
            announced += effects.filter { $0 == .announce }.count
            if tracks.isOpen {
                #expect(tracks.audioInUse.map { id in tracks.audio.contains { $0.id == id } } ?? false)
                #expect(tracks.subtitlesInUse.map { id in tracks.subtitles.contains { $0.id == id } } ?? true)
                for case .use(let kind, let id, _) in effects { #expect(tracks.inUse(kind) == id) }
                if case .choose = event {
                    // A pick that changes nothing says nothing; one that changes something says exactly that.
                    let changed = before != (tracks.audioInUse, tracks.subtitlesInUse)
                    #expect(changed == !effects.isEmpty)
                }
            } else {
                #expect(effects.isEmpty)
            }
        }
        #expect(announced <= 1)
    }

    private func opened() -> ItemTracks {
        var tracks = ItemTracks(preferences: TrackPreferences())
        _ = tracks.handle(.embedded(audio: Self.audio, subtitles: Self.own))
        _ = tracks.handle(.sidecars(Self.files))
        return tracks
    }
}

extension MediaTrack {
    /// The same track under another id.
    fileprivate func with(id: TrackID) -> MediaTrack {
        MediaTrack(id: id, language: language, title: title, codec: codec, isDefault: isDefault, isForced: isForced)
    }
}
