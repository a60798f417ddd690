/// The network-screen side of the controller: renderers found, videos cast to them, and back.
extension AppController: CastDriver.Owner {
    /// Casts to network screens through `renderers` and `server` from now on, and starts looking for renderers.
    public func attach(renderers: NetworkRendering, server: CastFileServing, timers: TimerScheduling) {
        let driver = CastDriver(renderers: renderers, server: server, timers: timers, log: log)
        driver.attach(owner: self)
        screenDriver.cast = driver
        renderers.start { [weak self] list in self?.networkScreensChanged(list) }
    }

    /// The renderers on the network changed: a cast to one that left ends first, so its video comes home at the
    /// renderer's last known position when the router sends it back.
    public func networkScreensChanged(_ renderers: [NetworkRenderer]) {
        if let cast = screenDriver.cast, let screen = cast.session.screen,
            !renderers.contains(where: { $0.id == screen.connector })
        {
            cast.handle(.rendererGone)
        }
        screenDriver.networkScreensChanged(renderers)
    }

    /// The user turned on or off whether videos move to the network screen `id` by themselves.
    public func setFollows(_ id: ScreenID, _ follows: Bool) {
        route(.setFollows(id, follows))
    }

    /// Where the TV is in the video of `id` when it is cast (its last report), else nil.
    public func castPosition(of id: ItemID) -> Int? {
        guard let cast = screenDriver.cast, cast.session.item == id else { return nil }
        return cast.session.positionMs
    }

    /// Whether `id` plays on a network screen now.
    func isCast(_ id: ItemID) -> Bool { screenDriver.cast?.session.item == id }

    /// Moves the video of `id` between the laptop and a network screen, when `destination` or its present place is one.
    func castMove(_ id: ItemID, to destination: Route) {
        guard let cast = screenDriver.cast else { return }
        if case .screen(let screen) = destination, screen.connector.hasPrefix(NetworkRenderer.idPrefix) {
            guard cast.session.screen != screen, let request = castRequest(id, to: screen) else { return }
            // The renderer plays the sound: the laptop's player holds still until the video comes back.
            if policy.states[id] == .playing { playbackDriver.handle(.pause(id)) }
            cast.handle(.start(request))
            return
        }
        if cast.session.item == id { cast.handle(.bringBack) }
        // Wherever it goes from the TV (its row, a monitor), it goes on from where the TV was.
        guard let end = cast.takeEnd(of: id) else { return }
        playbackDriver.intent(id, .seek(end.positionMs))
        if end.wasPlaying, policy.states[id] != .playing { playbackDriver.activate(id) }
    }

    /// A control of the video's panel, for the renderer when the video is cast; false when it is not.
    func castIntent(_ id: ItemID, _ intent: ViewIntent) -> Bool {
        guard let cast = screenDriver.cast, cast.session.item == id else { return false }
        switch intent {
        case .togglePlay: cast.handle(.setPaused(!cast.session.isPaused))
        case .seek(let ms): cast.handle(.seek(milliseconds: MediaTime.positionMs(ms)))
        case .seekBy(let delta):
            cast.handle(.seek(milliseconds: MediaTime.positionMs(MediaTime.offset(cast.session.positionMs, by: delta))))
        case .volume(let value): cast.setVolume(value)
        case .volumeBy(let delta): cast.setVolume(cast.volume + delta)
        case .toggleMute: cast.setMuted(!cast.muted)
        default: return false
        }
        return true
    }

    private func castRequest(_ id: ItemID, to screen: ScreenID) -> CastRequest? {
        guard let item = library.item(id) else { return nil }
        let info: MediaInfo? = if case .ready(let info) = item.state { info } else { nil }
        let mimeType = CastFormat.mimeType(forPath: item.path, container: info?.container)
        // From one TV to another, the video goes on from where the first TV was.
        let fromTV = screenDriver.cast?.session.item == id ? screenDriver.cast?.session : nil
        return CastRequest(
            item: id, screen: screen, udn: String(screen.connector.dropFirst(NetworkRenderer.idPrefix.count)),
            path: item.path, mimeType: mimeType, title: item.name, durationMs: info?.durationMs,
            size: info?.videoSize, subtitles: trackDriver.subtitleCues(id).flatMap(SubRipWriter.text(of:)),
            positionMs: fromTV?.positionMs ?? players[id]?.positionMs ?? 0,
            paused: fromTV?.isPaused ?? (policy.states[id] != .playing))
    }

    /// Shows where the TV is in the video's controls, and publishes whether it plays.
    public func castProgressed(_ progress: CastProgress) {
        guard let id = progress.item else { return }
        let shown = PlaybackProgress(
            positionMs: progress.positionMs, durationMs: progress.durationMs, playing: progress.playing,
            muted: screenDriver.cast?.muted ?? false, volume: screenDriver.cast?.volume ?? 1)
        presenter?.showProgress(for: id, shown)
        // MPRIS and the panel read playing or paused from the snapshot.
        publish()
    }

    /// The row of `id` says something new of its cast (converted).
    public func castLineChanged(_ id: ItemID) {
        rowChanged(id)
    }

    /// Says why the video came back, and lets the router send it home from a TV that gave up.
    public func castEnded(_ end: CastEnd) {
        let name = screenDriver.madeBy(end.screen.connector)
        switch end.reason {
        case .broughtBack:
            return
        case .gone:
            // The router sends the video home when it hears the renderer left.
            presenter?.showNotice(.castEnded(screen: name, end.reason))
        case .finished:
            presenter?.showNotice(.castEnded(screen: name, end.reason))
            _ = screenDriver.cast?.takeEnd(of: end.item)
            playbackDriver.received(.endOfStream, from: end.item)
        case .stoppedByRenderer, .unreachable, .refused, .notServed:
            presenter?.showNotice(.castEnded(screen: name, end.reason))
            route(.screenGaveUp(end.screen))
        }
    }
}
