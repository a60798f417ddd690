import Foundation
import VideoToyCore
import VideoToyFiles
import VideoToyGObject
import VideoToyGtk
import VideoToyMedia

/// Builds the controller, the window and the host, connects them, and runs until quit.
@MainActor
func runApplication(options: Options, playPath: String?, backend: GStreamerBackend,
                    writer: EventLogWriter?, started: UInt64) -> Int32 {
    let program = "videotoy"
    var sink: (@Sendable (String) -> Void)?
    if let writer { sink = { line in writer.write(line) } }
    let clock: () -> Int = { Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000) }
    let terminal: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data("videotoy: \(message)\n".utf8))
    }
    let log = EventLog(clock: clock, sink: sink, terminal: terminal)
    let settings = SettingsStore()
    let remembered = settings.preferredScreen()
    if let problem = remembered.problem { terminal(problem) }
    let routing = RouterConfig(gracePeriodMilliseconds: options.reconnectGraceMs, pinnedConnector: options.screen,
                               keepMode: options.keepMode, preferredScreen: remembered.screen)
    let controller = AppController(backend: backend, log: log, onEnd: options.onEnd, exitOnEnd: options.exitOnEnd,
                                   router: routing, scaling: options.scaling)
    controller.onScreenChosen = { screen in
        DispatchQueue.global(qos: .utility).async {
            if let problem = settings.savePreferredScreen(screen) { terminal("cannot remember the screen: \(problem)") }
        }
    }
    let host = AppHost(id: "org.videotoy.VideoToy", unique: !options.newWindow)
    var window: LibraryWindow?
    var mpris: MPRISBridge?
    host.onRemoteLaunch { arguments, cwd in
        RemoteLaunch.handle(arguments, cwd: cwd, controller: controller) { window?.present() }
    }

    host.onQuit {
        mpris?.close()
        controller.shutDown()
        writer?.flush()
    }
    host.onActivate {
        guard window == nil else { return }
        let main = LibraryWindow(application: host.application, controller: controller, controls: options.controls,
                                 debug: options.debug) { status in host.quit(status: status) }
        window = main
        main.present()
        log.emit("ready")
        mpris = MPRISBridge(controller: controller, raise: { main.present() }, quit: { host.quit(status: 0) },
                            report: { log.terminal($0) })
        log.emit("controls", fields: [("style", .string(options.controls.rawValue)), ("debug", .bool(options.debug))])
        log.emit("scaling", fields: [("mode", .string(options.scaling.rawValue))])
        if let note = main.modeSupportNote, !options.keepMode {
            log.emit("mode-unavailable", fields: [("reason", .string(note))])
            log.terminal("display modes will not be changed: \(note)")
        }
        main.startWatchingScreens()
        // Checked once at start-up, off the main loop (opening the audio device can take a while).
        let session = SessionProbe.sessionName()
        let modes = SessionProbe.modeSetting()
        DispatchQueue.global(qos: .utility).async {
            let capabilities = Capabilities(session: session, modeSetting: modes, decoders: MediaCapabilities.decoders(),
                                            audioOutput: MediaCapabilities.audioOutput())
            DispatchQueue.main.async { MainActor.assumeIsolated { log.emit("check", fields: capabilities.fields) } }
        }
        MainLoop.every(milliseconds: 250) { controller.tick(); return true }
        LibraryLoader.load(options: options, play: playPath, log: log) { paths, message in
            if let message { main.showMessage(message) }
            controller.add(paths: paths)
            if let playPath, let id = controller.library.id(forPath: playPath) {
                controller.activate(id)
                if options.fullscreen { controller.intent(id, .toggleFullscreen) }
            }
        }
    }
    return host.run(program: program)
}
