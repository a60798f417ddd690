/// The snapshot side of the controller: what the user sees beside the rows, made from the machines.
extension AppController {
    /// What the user sees beside the rows now. A read and nothing more.
    public var snapshot: AppSnapshot {
        var made = AppSnapshot()
        made.sort = shown.sort
        made.scaling = scaling
        made.folders = folders
        made.screens = ScreenChoice(external: router.externalScreens, chosen: router.sceneScreen ?? router.preferredScreen)
        made.screens.followed = Set(router.externalScreens.filter { router.networkScreens[$0.id.connector] == true }.map(\.id))
        made.audio = audioDriver.menu
        made.rows = rowsDriver.window
        made.onEnd = policy.onEnd
        made.shuffle = policy.shuffle
        made.presenter = presenterView
        made.remote = presenterDriver.remote
        if let id = policy.current, let item = library.item(id) {
            var video = CurrentVideo(id: id, path: item.path, title: item.name, playback: policy.states[id])
            video.fullscreen = players[id] != nil && views.wantsFullscreen(id)
            if players[id] != nil, case .screen(let connector)? = views.placement(of: id) { video.screen = connector }
            if case .ready(let info) = item.state {
                video.durationMs = info.durationMs
                video.line = MediaSummary(info, sidecars: library.sidecarLanguages(of: id))
            }
            // On a TV the laptop's player holds still: what plays is the cast.
            if let cast = screenDriver.cast, cast.session.item == id {
                video.playback = cast.session.isPaused ? .paused(positionMs: cast.session.positionMs) : .playing
            }
            made.current = video
        }
        return made
    }

    /// The item of the file at `path`, if the library holds it.
    public func id(forPath path: String) -> ItemID? { library.id(forPath: path) }

    /// The paths of the library's files under `folder`, for a folder watcher to compare its listings with.
    public func paths(under folder: String) -> [String] { library.paths(under: folder) }

    /// Calls `observer` with the snapshot now, and again after each change that alters it, on the main thread.
    public func observe(_ observer: @escaping @MainActor (AppSnapshot) -> Void) {
        publisher.add(observer)
        if publisher.last == nil { publisher.publish(snapshot) }
    }

    /// Hands the snapshot to the observers if it changed; called after every change the user can see.
    func publish() {
        followStage()
        guard publisher.isObserved else { return }
        publisher.publish(snapshot)
    }
}
