/// Carries out the tracks machine's effects: which soundtrack plays and which subtitles show, and when each cue is due.
/// The player, the item's path and whether it plays come from `TrackDriver.Owner`; the cues go to the window.
@MainActor
final class TrackDriver {
    /// What the tracks need from the rest of the app.
    @MainActor
    protocol Owner: AnyObject {
        /// The live player of `id`, if any.
        func player(_ id: ItemID) -> MediaPlayer?
        /// Whether the video of `id` is playing (not paused).
        func isPlaying(_ id: ItemID) -> Bool
        /// The file of `id`, if the library holds it.
        func path(of id: ItemID) -> String?
        /// The tracks the user picked for `path` in earlier runs.
        func rememberedTracks(_ path: String) -> TrackChoice?
        /// The user's track picks for `path`, to keep across runs.
        func rememberTracks(_ path: String, _ choice: TrackChoice)
    }

    /// The soundtracks and subtitles of the open videos, and the picks made this run.
    private(set) var tracks = TrackBook()
    private var subtitleShows: [ItemID: SubtitleShow] = [:]
    // The cues of the subtitles the app reads itself: files beside the video, and tracks read out of the file.
    private var readTimelines: [ItemID: [TrackID: CueTimeline]] = [:]
    // The encoding each subtitle file beside the video was read in, and what detection alone chose.
    private var readEncodings: [ItemID: [TrackID: EncodingDecision]] = [:]
    private var detectedEncodings: [ItemID: TextEncoding?] = [:]
    private let readings = SubtitleReadings()
    private var subtitleTimers: [ItemID: ScheduledTimer] = [:]
    private var sidecarJobs: WorkScheduler<ItemID, (SidecarSubtitles, ContainerSubtitles)>!
    private weak var owner: Owner?
    /// Where cues, menus and notices are shown.
    weak var presenter: LibraryPresenter?
    private let timers: TimerScheduling
    private let log: EventLog

    /// Creates a driver reading subtitle files and the file's own text tracks with `backend` on `work`, one at a time
    /// (a folder of subtitle files is small, and a video opens once), for the files `paths` knows.
    init(backend: MediaBackend, paths: PathTable, work: BackgroundQueueing, timers: TimerScheduling, log: EventLog) {
        self.timers = timers
        self.log = log
        let readings = readings
        sidecarJobs = WorkScheduler(
            limit: 1, queue: work,
            work: { id in
                guard let path = paths.path(id) else { return (SidecarSubtitles(), ContainerSubtitles()) }
                return (backend.sidecars(path: path, reading: readings[id]), backend.containerSubtitles(path: path))
            }, deliver: { [weak self] id, read in self?.sidecarsRead(id, read.0, read.1) })
    }

    /// Connects what the tracks act on.
    func attach(owner: Owner) { self.owner = owner }

    /// Uses `preferences` (`--audio-language`, `--subtitles`, the locale's language) for videos opened from now on.
    func use(_ preferences: TrackPreferences) {
        tracks.preferences = preferences
    }

    /// The user picked a track of `kind` (nil: no subtitles) for the video of `id`.
    func chooseTrack(_ id: ItemID, _ kind: TrackKind, _ track: TrackID?) {
        carryOut(tracks.handle(id, .choose(kind, track)), for: id)
    }

    /// The user asked for the next track of `kind` (V, B) for the video of `id`.
    func cycleTrack(_ id: ItemID, _ kind: TrackKind) {
        guard let machine = tracks.items[id] else { return }
        let before = machine.inUse(kind)
        carryOut(tracks.handle(id, .cycle(kind)), for: id)
        let after = tracks.items[id]?.inUse(kind)
        guard after != before || kind == .subtitles else { return }
        presenter?.showNotice(trackNotice(kind, after, in: tracks.items[id]))
    }

    /// The menu of the video of `id`, if its tracks are known.
    func trackMenu(_ id: ItemID) -> TrackMenu? {
        guard let machine = tracks.items[id], machine.isOpen else { return nil }
        var menu = TrackMenu(machine)
        if sidecarEncoding(id) != nil {
            menu.encodings = EncodingMenu(
                forced: tracks.forcedEncoding(id), detected: detectedEncodings[id] ?? nil,
                inUse: sidecarEncoding(id)?.encoding)
        }
        return menu
    }

    /// A player was made for `id`: its tracks are listed once it pauses on a picture, and the subtitle files beside it
    /// and the tracks the app reads out of the file itself are read off the main thread.
    func openTracks(_ id: ItemID, path: String, info: MediaInfo?) {
        var unshowable: [String] = []
        if let info {
            unshowable = info.missingDecoders.filter { $0.contains("subtitles") || $0.contains("captions") } + info.unshownSubtitles
        }
        tracks.open(id, path: path, remembered: owner?.rememberedTracks(path) ?? TrackChoice(), unshowable: unshowable)
        subtitleShows[id] = SubtitleShow()
        readings[id] = SubtitleReading(forced: tracks.forcedEncoding(id), language: tracks.preferences.userLanguage)
        sidecarJobs.request(id, urgent: true)
    }

    /// The player of `id` was released.
    func closeTracks(_ id: ItemID) {
        tracks.close(id)
        subtitleShows[id] = nil
        readTimelines[id] = nil
        readEncodings[id] = nil
        detectedEncodings[id] = nil
        readings.remove(id)
        subtitleTimers.removeValue(forKey: id)?.cancel()
        sidecarJobs.withdraw(id)
    }

    /// The subtitle files beside the video of `id` were read, and the tracks the app reads out of the file.
    func sidecarsRead(_ id: ItemID, _ sidecars: SidecarSubtitles, _ own: ContainerSubtitles) {
        guard owner?.player(id) != nil else { return }
        readTimelines[id] = sidecars.timelines.merging(own.timelines) { file, _ in file }
        readEncodings[id] = sidecars.encodings
        if readings[id].forced == nil { detectedEncodings[id] = sidecarEncoding(id)?.encoding }
        guard tracks.items[id]?.isOpen == true else {
            carryOut(tracks.handle(id, .sidecars(own.adding(to: sidecars.report))), for: id)
            return
        }
        // Read again in another encoding: the tracks stay, the cues of the file in use change.
        let inUse = tracks.items[id]?.subtitlesInUse
        if let inUse, let timeline = readTimelines[id]?[inUse] {
            subtitleShows[id]?.show(timeline)
            showSubtitles(id)
        }
        if let path = owner?.path(of: id) {
            log.emit(.track, path: path, fields: trackFields(id, .subtitles, inUse))
        }
        if let menu = trackMenu(id) { presenter?.showTracks(for: id, menu) }
    }

    /// The user picked `encoding` (nil: detect it) for the subtitle files of the video of `id`: remembered, and the
    /// files read again in it.
    func chooseEncoding(_ id: ItemID, _ encoding: TextEncoding?) {
        guard tracks.items[id] != nil, tracks.forcedEncoding(id) != encoding else { return }
        tracks.forceEncoding(id, encoding)
        if let path = owner?.path(of: id), let choice = tracks.choiceToRemember(id) { owner?.rememberTracks(path, choice) }
        readings[id] = SubtitleReading(forced: encoding, language: tracks.preferences.userLanguage)
        sidecarJobs.request(id, urgent: true)
    }

    /// The encoding of the subtitle file in use, or else of the first file beside the video.
    private func sidecarEncoding(_ id: ItemID) -> EncodingDecision? {
        guard let encodings = readEncodings[id], !encodings.isEmpty else { return nil }
        if let inUse = tracks.items[id]?.subtitlesInUse, let decision = encodings[inUse] { return decision }
        return encodings.sorted { "\($0.key)" < "\($1.key)" }.first?.value
    }

    private func trackFields(_ id: ItemID, _ kind: TrackKind, _ track: TrackID?) -> [(EventField, JSONValue)] {
        let decision = kind == .subtitles ? track.flatMap { readEncodings[id]?[$0] } : nil
        let encoding = decision.map { JSONValue.string($0.encoding?.rawValue ?? "UTF-16") } ?? .null
        return [(.kind, .string(kind.rawValue)), (.id, track.map { .string("\($0)") } ?? .null), (.encoding, encoding)]
    }

    /// The player of `id` listed the file's own tracks.
    func embeddedTracks(_ id: ItemID, audio: [MediaTrack], subtitles: [MediaTrack]) {
        carryOut(tracks.handle(id, .embedded(audio: audio, subtitles: subtitles)), for: id)
    }

    /// A cue of the embedded track the player decodes is due.
    func cueArrived(_ id: ItemID, _ cue: SubtitleCue) {
        guard var show = subtitleShows[id] else { return }
        show.received(cue, atMs: owner?.player(id)?.positionMs ?? cue.startMs)
        subtitleShows[id] = show
        showSubtitles(id)
    }

    /// The video of `id` jumped to another position: cues from the old one go.
    func subtitlesJumped(_ id: ItemID) {
        subtitleShows[id]?.jumped()
        showSubtitles(id)
    }

    /// Shows what is due now in the view of `id` and, while it plays, sets a timer for the next change.
    /// The cues of the subtitle track `id` shows, when they are all known (a file beside the video, or the file's
    /// own track read ahead): what a TV is given with the video.
    func subtitleCues(_ id: ItemID) -> [SubtitleCue]? {
        guard let inUse = tracks.items[id]?.subtitlesInUse else { return nil }
        return readTimelines[id]?[inUse]?.all
    }

    func showSubtitles(_ id: ItemID) {
        subtitleTimers.removeValue(forKey: id)?.cancel()
        guard let show = subtitleShows[id], let player = owner?.player(id) else { return }
        let position = player.positionMs ?? 0
        presenter?.showSubtitle(for: id, show.shown(atMs: position))
        guard owner?.isPlaying(id) == true, let next = show.nextChange(afterMs: position) else { return }
        // A millisecond late rather than early: at the boundary itself the cue is still the old one.
        // Cue times come from the file: the wait is worked out without trapping, and a wait of more than a minute is
        // cut short (the timer then looks again), so no timer takes a delay of centuries.
        let wait = MediaTime.offset(MediaTime.offset(next, by: -position), by: 1)
        subtitleTimers[id] = timers.after(milliseconds: min(max(1, wait), 60_000)) { [weak self] in
            self?.subtitleTimers[id] = nil
            self?.showSubtitles(id)
        }
    }

    private func carryOut(_ effects: [ItemTracks.Effect], for id: ItemID) {
        guard let path = owner?.path(of: id), !effects.isEmpty else { return }
        for effect in effects {
            switch effect {
            case .announce:
                guard let machine = tracks.items[id] else { continue }
                // Where the user looks when nothing shows: the terminal too, once per opening.
                for note in machine.subtitles.compactMap({ machine.notes[$0.id] }) + machine.unusable.compactMap({ machine.notes[$0] }) {
                    log.terminal(.subtitles(note), about: path)
                }
                log.emit(
                    .tracks, path: path,
                    fields: [
                        (.audio, .array(machine.audio.map(TrackDriver.trackRecord))),
                        (.subtitles, .array(machine.subtitles.map(TrackDriver.trackRecord))),
                    ])
            case .use(let kind, let track, let byUser):
                use(kind, track, for: id)
                log.emit(.track, path: path, fields: trackFields(id, kind, track))
                if byUser, let choice = tracks.choiceToRemember(id) { owner?.rememberTracks(path, choice) }
            }
        }
        if let menu = trackMenu(id) { presenter?.showTracks(for: id, menu) }
    }

    private func use(_ kind: TrackKind, _ track: TrackID?, for id: ItemID) {
        guard let player = owner?.player(id) else { return }
        switch (kind, track) {
        case (.audio, .audio(let index)?):
            player.selectAudio(index: index)
        case (.subtitles, let chosen?) where readTimelines[id]?[chosen] != nil:
            // A file beside the video, or a track of the file the player cannot read: the app has its cues.
            if let timeline = readTimelines[id]?[chosen] { subtitleShows[id]?.show(timeline) }
        case (.subtitles, .subtitles(let index)?):
            // Another track's cues start over from the position: the player seeks there to send them.
            if player.selectSubtitles(index: index) { subtitleShows[id]?.jumped() }
            subtitleShows[id]?.showStream()
        case (.subtitles, nil):
            subtitleShows[id]?.turnOff()
        default:
            return
        }
        if kind == .subtitles { showSubtitles(id) }
    }

    private func trackNotice(_ kind: TrackKind, _ track: TrackID?, in machine: ItemTracks?) -> Notice {
        let number = track.flatMap { id in machine.flatMap { m in (kind == .audio ? m.audio : m.subtitles).firstIndex { $0.id == id } } }
        guard let track, let found = machine?.track(track), let number else { return .subtitlesChosen(nil) }
        let label = TrackMenu.label(found, number: number + 1)
        return kind == .audio ? .audioChosen(label) : .subtitlesChosen(label)
    }

    private static func trackRecord(_ track: MediaTrack) -> JSONValue {
        .object([
            ("id", .string("\(track.id)")),
            ("language", track.language.map { .string($0.shortCode) } ?? .null),
            ("title", track.title.map { .string($0) } ?? .null),
            ("codec", track.codec.map { .string($0) } ?? .null),
            ("default", .bool(track.isDefault)),
            ("forced", .bool(track.isForced)),
            ("external", .bool(track.isExternal)),
        ])
    }
}
