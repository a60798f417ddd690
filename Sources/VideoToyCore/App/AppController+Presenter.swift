/// The presenter side of the controller: covers, freezes and fades on the presentation screen, the show, the
/// clicker's keys and the swap of screens. The machines decide; this extension hands them events and reads their
/// state into the snapshot.
extension AppController {
    /// The presenter's part of what the user sees. A read and nothing more.
    public var presenterView: PresenterView {
        var view = PresenterView()
        let presenter = presenterDriver.presenter
        view.look = presenter.look
        view.state = presenter.state
        view.cover = presenter.cover
        view.settings = presenter.settings
        view.show = presenterDriver.show
        view.showItems = presenterDriver.show.entries.map { library.id(forPath: $0.path) }
        view.stage = presenter.onStage
        view.presenting = presenterDriver.show.running || router.sceneScreen != nil
        view.swapped = presenterDriver.swapped && swappableScreen != nil
        return view
    }

    /// Whether the presentation screen is fading (its timer runs).
    public var isFading: Bool { presenterDriver.presenter.fading != nil }

    /// Uses these presenter preferences from now on.
    public func usePresenter(_ settings: PresenterSettings) {
        presenterDriver.handle(.settings(settings))
    }

    /// Carries out a presenter key or button; `selected` gives the list's selected row, asked only when needed.
    /// Returns false when it has nothing to act on, so the key goes on to GTK.
    @discardableResult
    public func perform(_ command: PresenterCommand, selected: @autoclosure () -> ItemID? = nil) -> Bool {
        switch command {
        case .cover(let cover):
            guard hasPresentationScreen else { return false }
            presenterDriver.handle(.toggleCover(cover))
        case .freeze:
            guard hasPresentationScreen else { return false }
            presenterDriver.handle(.toggleFreeze)
        case .next:
            return step(forwards: true)
        case .previous:
            return step(forwards: false)
        case .startShow(let fromCurrent):
            let show = presenterDriver.show
            var cue: Int?
            if fromCurrent, let path = (policy.current ?? selected()).flatMap({ library.item($0)?.path }) {
                cue = show.entries.firstIndex { $0.path == path }
            }
            guard presenterDriver.show.start(cueing: cue) else { return false }
            presenterDriver.logCue()
            publish()
        case .endShow:
            guard presenterDriver.show.running else { return false }
            presenterDriver.show.end()
            publish()
        case .addToShow:
            guard let id = selected() else { return false }
            return addToShow(id)
        case .swapScreens:
            guard swappableScreen != nil else { return false }
            presenterDriver.swapped.toggle()
            publish()
        }
        return true
    }

    /// Adds the video of `id` to the end of the show, with the tracks chosen for it; false when it cannot be.
    @discardableResult
    public func addToShow(_ id: ItemID) -> Bool {
        guard let item = library.item(id), item.isPlayable else { return false }
        var duration: Int?
        if case .ready(let info) = item.state { duration = info.durationMs }
        let entry = ShowEntry(path: item.path, title: item.name, durationMs: duration, tracks: memory.rememberedTracks?(item.path))
        guard presenterDriver.show.append(entry) else { return false }
        if presenterDriver.show.running { presenterDriver.logCue() }
        publish()
        return true
    }

    /// Removes the show's entry at `index`.
    public func removeFromShow(at index: Int) {
        presenterDriver.show.remove(at: index)
        publish()
    }

    /// Moves the show's entry at `source` to `destination`.
    public func moveInShow(from source: Int, to destination: Int) {
        presenterDriver.show.move(from: source, to: destination)
        publish()
    }

    /// Whether the show's next video starts by itself when one ends.
    public func setShowAutoAdvance(_ on: Bool) {
        presenterDriver.show.autoAdvance = on
        publish()
    }

    /// Replaces the show with `show` (opened from a file, or a new empty one).
    public func replaceShow(_ show: Show) {
        presenterDriver.show = show
        publish()
    }

    /// The show was written to `file`.
    public func showSaved(to file: String) {
        presenterDriver.show.saved(to: file)
        publish()
    }

    /// Plays the show's entry at `index` (a row of the show activated), and the show follows it.
    public func playShowEntry(at index: Int) {
        let show = presenterDriver.show
        guard show.entries.indices.contains(index) else { return }
        play(show.entries[index])
    }

    /// Whether a screen shows the video full: an external scene, or the main window's fullscreen.
    var hasPresentationScreen: Bool {
        if let screen = router.sceneScreen, router.screens.screen(screen)?.kind == .monitor { return true }
        return policy.current.map { views.wantsFullscreen($0) } ?? false
    }

    /// The external monitor the main window may swap with, if one shows the scene.
    var swappableScreen: ScreenID? {
        guard let screen = router.sceneScreen, router.screens.screen(screen)?.kind == .monitor else { return nil }
        return screen
    }

    /// The video shown full on a monitor now: on an external scene or fullscreen, with a live player.
    var stageItem: ItemID? {
        guard let id = policy.current, players[id] != nil else { return nil }
        switch views.placement(of: id) {
        case .screen(let connector)?:
            return router.screens.screens.first { $0.id.connector == connector }?.kind == .monitor ? id : nil
        case .fullscreen?:
            return id
        default:
            return nil
        }
    }

    /// Tells the presenter which video the presentation screen shows; called before each snapshot.
    func followStage() {
        let presenter = presenterDriver.presenter
        if !hasPresentationScreen && (presenter.cover != .none || presenter.holdsPicture || presenter.look.veil.opacity != 0) {
            presenterDriver.handle(.screenGone, notify: false)
        }
        let stage = stageItem
        guard stage != presenterDriver.presenter.onStage else { return }
        presenterDriver.handle(.stageShows(stage), notify: false)
        if let stage, let path = library.item(stage)?.path { presenterDriver.show.started(path: path) }
    }

    func step(forwards: Bool) -> Bool {
        if presenterDriver.show.running {
            var show = presenterDriver.show
            guard let index = forwards ? show.next() : show.previous() else { return false }
            presenterDriver.show = show
            presenterDriver.logCue()
            play(show.entries[index])
            return true
        }
        let current = policy.current
        let target: ItemID? =
            forwards
            ? current.flatMap { playable(after: $0) } ?? firstPlayable
            : current.flatMap { playable(before: $0) }
        guard let target else { return false }
        presenterDriver.handle(.advance(to: target))
        return true
    }

    private func play(_ entry: ShowEntry) {
        guard let id = library.id(forPath: entry.path) else {
            presenter?.showNotice(.showEntryMissing(name: entry.title))
            return
        }
        // The tracks chosen in the show are the ones the video opens with.
        if let tracks = entry.tracks { memory.onTracksToRemember?(entry.path, tracks) }
        presenterDriver.handle(.advance(to: id))
    }
}

/// What the presenter asks of the playback.
extension AppController: PresenterDriver.Owner {
    func presenterPlay(_ id: ItemID) {
        activate(id)
    }

    func muteForCover(_ on: Bool) {
        guard let id = policy.current, let player = players[id] else { return }
        if on {
            presenterDriver.mutedBeforeCover = player.muted
            player.muted = true
        } else {
            player.muted = presenterDriver.mutedBeforeCover ?? false
            presenterDriver.mutedBeforeCover = nil
        }
        announce(.volume(id))
    }

    func presenterChanged() { publish() }
}

extension AppController {
    /// A video ended: in a running show with auto-advance, the next one starts once the end is handled.
    func showEnded(_ id: ItemID) {
        let show = presenterDriver.show
        guard show.running, show.autoAdvance, let current = show.position, let path = library.item(id)?.path,
            show.entries[current].path == path
        else { return }
        presenterDriver.soon { [weak self] in
            guard let self, presenterDriver.show.running, presenterDriver.show.position == current else { return }
            _ = step(forwards: true)
        }
    }
}
