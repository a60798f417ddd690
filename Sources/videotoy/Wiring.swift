import Foundation
import VideoToyCore
import VideoToyDesktop
import VideoToyFiles
import VideoToyGObject
import VideoToyGtk
import VideoToyMedia
import VideoToyPOSIX
import VideoToySound
import VideoToyText

/// Builds the controller, the window and the host, connects them, and runs until quit.
@MainActor
func runApplication(
    options commandLine: Options, playCheck: PlayCheck?, backend: MediaBackend,
    writer: EventLogWriter?, started: UInt64, refusePlay: @escaping @MainActor (ProbeFailure) -> Void
) -> Int32 {
    let playPath = playCheck?.path
    // Before the sound client and GStreamer start, and before any thread of ours reads the environment.
    DesktopIdentity.apply()
    let program = AppIdentity.command
    var sink: (@Sendable (String) -> Void)?
    if let writer { sink = { line in writer.write(line) } }
    let clock: () -> Int = { Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000) }
    // Lines for the terminal wait for the --play file's answer; the gate escapes their control characters.
    let gate = TerminalGate(holding: playCheck != nil)
    let terminal: @Sendable (String) -> Void = { message in gate.write(message) }
    let log = EventLog(clock: clock, sink: sink, terminal: terminal, wording: .catalogues)
    // Notices when the main loop stalls for more than 100 ms (or VIDEOTOY_STALL_MS, 10 to 10,000: tests that hold
    // the main loop to a tighter bound) and says what was running.
    let stallMs = ProcessInfo.processInfo.environment["VIDEOTOY_STALL_MS"].flatMap { Int($0) }.map { min(10_000, max(10, $0)) }
    let watchdog = MainLoopWatchdog(
        thresholdMs: stallMs ?? 100, idleAfterMs: 2000,
        onHang: { stall in
            terminal("the main loop has been stuck for \(stall)")
        }
    ) { stall in
        MainActor.assumeIsolated {
            log.emit(
                .stall,
                fields: [
                    (.ms, .int(stall.milliseconds)),
                    (.activity, stall.activity.map(JSONValue.string) ?? .null),
                    (.cause, .string(stall.cause.rawValue)), (.cpuMs, .int(stall.cpuMilliseconds)),
                    (.wait, stall.wait.map(JSONValue.string) ?? .null),
                ])
        }
    }
    watchdog.start()
    let keeper = SettingsKeeper(report: terminal)
    let remembered = keeper.settings
    let preferences = Preferences(stored: remembered.preferences)
    // The command line wins for this run; whatever it does not say comes from the Preferences window.
    let options = preferences.applied(to: commandLine)
    let scaling = options.scaling ?? remembered.scalingMode.flatMap(ScalingMode.init(rawValue:)) ?? .fit
    let routing = RouterConfig(
        gracePeriodMilliseconds: options.reconnectGraceMs, pinnedConnector: options.screen,
        keepMode: options.keepMode, preferredScreen: remembered.preferredScreen, networkScreens: remembered.networkScreens)
    let controller = AppController(
        backend: backend, log: log, onEnd: options.onEnd, exitOnEnd: options.exitOnEnd, shuffle: options.shuffle,
        router: routing, scaling: scaling,
        sort: remembered.sortOrder.flatMap(RowSort.init) ?? .standard)
    keeper.attach(to: controller)
    // The presenter's preferences have no command-line option: the stored ones apply from the start.
    controller.usePresenter(preferences.presenter)
    // Whatever was open in a player when the last run died is marked, and opened again only when the user plays it.
    let journal = PlayingJournal()
    let marked = journal.read()
    for path in marked { log.terminal(.closedWhilePlaying, about: path) }
    controller.useCrashJournal(marked) { paths in
        if let problem = journal.write(paths) { log.terminal("the playing journal: \(problem)") }
    }
    controller.attach(sound: PulseOutputs(), runChoice: options.audioOutput, remembered: remembered.audioChoices)
    // LC_ALL, then LC_MESSAGES, then LANG, as gettext reads them: the language subtitle files are picked in.
    let environment = ProcessInfo.processInfo.environment
    let locale = [environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]].compactMap { $0 }.first { !$0.isEmpty }
    Language.useNames(GStreamerLanguageNames())
    controller.useTrackPreferences(
        TrackPreferences(
            audioLanguages: options.audioLanguages, subtitles: options.subtitles,
            userLanguage: locale.flatMap { $0 == "C" || $0 == "POSIX" ? nil : Language(tag: $0) }))
    // The watchdog watches while something is under way, and rests (no wake-ups) once the app is idle.
    watchdog.isBusy = { MainActor.assumeIsolated { controller.hasWorkInFlight } }
    controller.subscribe { _ in watchdog.arm() }
    // Work done (a scroll's posters, a listing, plays) leaves freed memory in the worker threads' malloc arenas.
    watchdog.onRest = { DispatchQueue.global(qos: .utility).async { ProcessTuning.releaseFreedMemory() } }
    if let chosen = options.scaling { keeper.rememberScaling(chosen) }
    let host = AppHost(id: AppIdentity.id, unique: !options.newWindow)
    AppOptions.register(on: host)
    var window: LibraryWindow?
    // The library's scan starts with the window's building, before the --play file's probe has answered; what it
    // finds waits here until the window shows.
    var scanned: LibraryLoader.Found?
    var useScan: (@MainActor (LibraryLoader.Found) -> Void)?
    var mpris: MPRISBridge?
    var wake: WakeDriver?
    let network = NetworkScreens(controller: controller)
    let remote = RemoteControl(controller: controller, log: log)
    let folders = watchFolders(controller: controller, log: log, watchdog: watchdog)
    host.onRemoteLaunch { arguments, cwd in
        RemoteLaunch.handle(arguments, cwd: cwd, controller: controller, report: { log.terminal($0) }, watch: folders.watch) {
            window?.present()
        }
    }

    host.onOpen { paths in
        RemoteLaunch.open(paths, controller: controller, report: { log.terminal($0) }, watch: folders.watch) {
            window?.present()
        }
    }

    host.onQuit {
        // A run that ends before the --play file's answer still says what its start-up said.
        gate.open()
        watchdog.stop()
        folders.watcher.stop()
        mpris?.close()
        wake?.stop()
        controller.shutDown()
        network.stop()
        remote.stop()
        if let size = window?.size { keeper.rememberWindowSize(size) }
        keeper.flush()
        writer?.flush()
    }
    /// Builds the library window, and shows it once the --play file, if any, is known to play.
    func openWindow() {
        LibraryLoader.load(options: options, play: playPath, lastFolders: remembered.libraryFolders) { found in
            if let useScan { useScan(found) } else { scanned = found }
        }
        // GTK has opened the display; no window is realized yet, and GSK reads its renderer when the first one is.
        let drawing = DrawingPathSetup.apply(request: options.renderer)
        log.emit(
            .renderer,
            fields: [
                (.renderer, .string(drawing.renderer)), (.reason, .string(drawing.reason.rawValue)),
                (.glRenderer, drawing.glRenderer.map(JSONValue.string) ?? .null),
            ])
        let session = SessionProbe.sessionName()
        let modeSupport = ModeSupport.detect(session: session)
        let watch = ScreenWatch(controller: controller, modeSupport: modeSupport.setter)
        let main = LibraryWindow(
            application: host.application, controller: controller, screens: watch, controls: options.controls,
            debug: options.debug, size: remembered.windowSize
        ) { status in host.quit(status: status) }
        window = main
        main.onInput = { watchdog.arm() }
        main.preferences = preferences
        main.onPreferences = { changed in
            controller.use(changed)
            wake?.setEnabled(changed.keepAwake)
            // The command line's --no-network-screens holds for its run whatever the window says.
            network.setEnabled(changed.networkScreens && commandLine.networkScreens)
            // The command line's --remote-control holds for its run whatever the window says.
            remote.setEnabled(changed.remoteControl || commandLine.remoteControl, port: changed.remotePort)
            keeper.rememberPreferences(changed)
        }
        // MPRIS changes the play order too: the Preferences window shows it next time and the settings file keeps it.
        // Only changes count, so a command line's choice for one run is not remembered.
        var order = (controller.snapshot.onEnd, controller.snapshot.shuffle)
        controller.observe { snapshot in
            guard (snapshot.onEnd, snapshot.shuffle) != order else { return }
            order = (snapshot.onEnd, snapshot.shuffle)
            var changed = main.preferences
            changed.onEnd = snapshot.onEnd
            changed.shuffle = snapshot.shuffle
            guard changed != main.preferences else { return }
            main.preferences = changed
            keeper.rememberPreferences(changed)
        }
        main.onOpen = { paths in
            LibraryLoader.scan(paths) { found in
                found.problems.forEach { log.terminal($0) }
                controller.add(found.ordered)
                controller.sidecarsListed(found.sidecars)
                folders.watch(found)
                if found.videos.isEmpty {
                    main.showNotice(.noVideos(in: paths.map { PathBytes.display($0) }))
                }
                // A folder that is gone, or holds nothing the scanner could enter, does not join the library.
                let videos = Set(found.videos)
                controller.openedFolders(paths.filter { found.roots.contains($0) || videos.contains($0) })
            }
        }
        ShowFiles.connect(window: main, controller: controller, keeper: keeper, log: log)
        ShowFiles.openAtStart(options.show, remembered: remembered.showFile)
        // No window shows before the --play file's probe answers: a file that cannot play ends the run without one.
        // The window is built meanwhile, and the main loop is not held; the probe started with the process.
        let compositor = modeSupport.compositor
        guard let playCheck else { return showWindow(main, session: session, compositor: compositor, watch: watch) }
        playCheck.whenAnswered { failure in
            // Refused, the run ends with the reason alone; what the start-up said meanwhile goes out otherwise.
            if let failure { return refusePlay(failure) }
            gate.open()
            showWindow(main, session: session, compositor: compositor, watch: watch)
        }
    }
    /// Shows the library window and starts what hangs on it: the library, the --play file, the desktop services.
    func showWindow(_ main: LibraryWindow, session: String, compositor: String?, watch: ScreenWatch) {
        main.present()
        main.afterFirstFrame { log.emit(.ready) }
        let bridge = MPRISBridge(
            controller: controller, raise: { main.present() }, quit: { host.quit(status: 0) },
            openablePath: { path in
                let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
                return PathCalls.isReadableFile(absolute) ? absolute : nil
            }, artwork: MPRISArtwork(encode: { PNGCodec.encode($0, box: 512) }))
        bridge.publish(report: { log.terminal($0) })
        mpris = bridge
        let waking = WakeDriver(
            port: SessionWake(application: host.application, window: main, report: { log.terminal($0) }), log: log,
            enabled: preferences.keepAwake)
        waking.follow(controller)
        wake = waking
        network.setEnabled(options.networkScreens)
        remote.addActions(to: host.application)
        remote.setEnabled(options.remoteControl, port: options.remotePort)
        log.emit(.controls, fields: [(.style, .string(options.controls.rawValue)), (.debug, .bool(options.debug))])
        log.emit(.scaling, fields: [(.mode, .string(scaling.rawValue))])
        if let note = watch.modeSupportNote, !options.keepMode {
            log.emit(.modeUnavailable, fields: [(.reason, log.sentence(.modeUnavailable(note)))])
            // TRANSLATORS: on the terminal at start-up; %s says why, such as "the X server has no RandR 1.2".
            log.terminal(tr("display modes will not be changed: %s", note.text()))
        }
        watch.follow(main)
        // Checked once at start-up, off the main loop (opening the audio device can take a while).
        let modes = watch.modeSupport.map(\.apiName)
        DispatchQueue.global(qos: .utility).async {
            let capabilities = Capabilities(
                session: session, compositor: compositor, modeSetting: modes, decoders: MediaCapabilities.decoders(),
                audioOutput: MediaCapabilities.audioOutput())
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    log.emit(.check, fields: capabilities.fields(in: log))
                    if capabilities.audioOutput == nil { log.terminal("no audio output found: videos play silently") }
                }
            }
        }
        let opened = options.paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        controller.restoreFolders(LibraryFolders(recent: remembered.recentFolders))
        // Paths on the command line become the library (remembered at once, as before); otherwise the remembered
        // folders or the Videos folder are, and nothing changes until the user opens or removes one.
        if !opened.isEmpty && !options.demo { controller.openedFolders(opened) }
        let use: @MainActor (LibraryLoader.Found) -> Void = { found in
            if opened.isEmpty && !found.isDemo {
                controller.restoreFolders(LibraryFolders(roots: found.roots, recent: remembered.recentFolders))
            }
            if let message = found.message { main.showMessage(message, title: found.messageTitle) }
            watchdog.during("library") {
                controller.add(found.ordered)
                controller.sidecarsListed(found.sidecars)
            }
            // Once the scan's and the sort's state is freed (after this turn), malloc gives it back.
            DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 1) { ProcessTuning.releaseFreedMemory() }
            folders.watch(found)
            if let playPath, let id = controller.id(forPath: playPath) {
                controller.activate(id)
                if options.fullscreen { controller.intent(id, .toggleFullscreen) }
            }
        }
        useScan = use
        if let found = scanned {
            scanned = nil
            use(found)
        }
    }
    var opening = false
    host.onActivate {
        guard window == nil, !opening else { return }
        opening = true
        // This process is the running instance now: a later launch hands over instead of reaching this.
        if let problem = writer?.open() {
            gate.open()
            terminal(problem)
            host.quit(status: 1)
            return
        }
        openWindow()
    }
    return host.run(program: program)
}

/// Watches the library folders a search found and brings the library in line with each rescan.
@MainActor
private func watchFolders(
    controller: AppController, log: EventLog,
    watchdog: MainLoopWatchdog
) -> (watcher: FolderWatcher, watch: @MainActor (LibraryLoader.Found) -> Void) {
    let watcher = FolderWatcher(known: { controller.paths(under: $0) }, report: { log.terminal($0) }) {
        folder, rescan, written, diff in
        guard rescan != .unanswered else { return }
        watchdog.during("refresh") { controller.folderChanged(folder, present: rescan.files, changed: written, diff: diff) }
    }
    let watch: @MainActor (LibraryLoader.Found) -> Void = { found in
        for root in found.roots {
            let prefix = root == "/" ? "/" : root + "/"
            watcher.watch(root, inside: found.folders.filter { $0.hasPrefix(prefix) }, stamps: found.stamps?.inside(root))
        }
    }
    return (watcher, watch)
}
