/// The remote page as one more input: its commands go to the same places as the keyboard's, and what it shows is
/// read from the snapshot.
extension AppController {
    /// Carries out a command from the remote page; false when it has nothing to act on (no video, an item or a
    /// screen the app does not have).
    @discardableResult
    public func remote(_ command: RemoteCommand) -> Bool {
        switch command {
        case .togglePlay:
            guard let current = policy.current ?? firstPlayable else { return false }
            if players[current] != nil { intent(current, .togglePlay) } else { activate(current) }
        case .seek(let ms):
            return video(.seek(ms))
        case .seekBy(let ms):
            return video(.seekBy(ms))
        case .volume(let value):
            return video(.volume(value))
        case .toggleMute:
            return video(.toggleMute)
        case .next:
            return perform(.next)
        case .previous:
            return perform(.previous)
        case .cover(let cover):
            // The page asks for a state, not a toggle: two phones pressing Black leave the screen black.
            let now = presenterDriver.presenter.cover
            guard cover != now else { return hasPresentationScreen }
            return perform(.cover(cover == .none ? now : cover))
        case .play(let id):
            guard let item = library.item(id), item.isPlayable else { return false }
            activate(id)
        case .chooseScreen(let connector):
            guard let screen = router.externalScreens.first(where: { $0.id.connector == connector }) else { return false }
            chooseScreen(screen.id)
        }
        return true
    }

    /// What the remote page shows now, as JSON. A read and nothing more.
    public var remoteStatus: JSONValue {
        let player = policy.current.flatMap { players[$0] }
        return RemoteStatus.json(snapshot, positionMs: player?.positionMs, volume: player?.volume, muted: player?.muted)
    }

    /// The remote's server started, stopped, or counts another number of phones: the window shows it.
    public func remoteChanged(_ view: RemoteView) {
        guard view != presenterDriver.remote else { return }
        presenterDriver.remote = view
        publish()
    }

    /// The library and its order as values, for a page of the remote's list made off the main thread.
    public var remoteRows: (library: Library, shown: ShownRows) { (library, shown) }

    private func video(_ intent: ViewIntent) -> Bool {
        guard let current = policy.current, players[current] != nil else { return false }
        self.intent(current, intent)
        return true
    }
}
