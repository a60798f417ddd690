import Foundation
import VideoToyCast
import VideoToyCore
import VideoToyFiles
import VideoToyGObject
import VideoToyGtk
import VideoToyMedia
import VideoToyRemote
import VideoToySound
import VideoToyText

// Wiring only: parse the command line, build the parts, connect them, run.

// The same binary is the sandboxed media helper the app starts for probes and posters: decided before anything else.
MediaHelper.runIfAsked()
// And the sandboxed converter that feeds a network renderer H.264 and AAC when it does not take the file as it is.
MediaConverter.runIfAsked()

// Before any text is made: the locale and the catalogues every window, notice and message after this reads.
Translation.setUp(
    localeDirectory: LocaleFolder.find(
        environment: ProcessInfo.processInfo.environment,
        executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()))

let started = DispatchTime.now().uptimeNanoseconds
ProcessTuning.limitMallocArenas()
let program = "videotoy"

/// Says why the app cannot start, every control character in `message` escaped, then `hint`, and exits.
func fail(_ message: String, hint: String? = nil, status: Int32) -> Never {
    let lines = ["\(program): \(TerminalText.escaped(message))"] + (hint.map { [$0] } ?? [])
    FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    exit(status)
}

// CommandLine.arguments replaces bytes that are not UTF-8 with U+FFFD, losing the file's name: map the raw bytes.
let arguments = (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0].map { PathBytes.decode(cString: $0) } }
let request: CommandLineRequest
do {
    request = try CommandLineParser.parse(
        arguments, program: program,
        environment: ProcessInfo.processInfo.environment)
} catch {
    // TRANSLATORS: %s is the program's name; "--help" is typed as it is.
    fail(error.text(in: .user), hint: tr("Run “%s --help” to see a full list of available command line options.", program), status: 1)
}

let options: Options
switch request {
case .print(let text):
    FileHandle.standardOutput.write(Data(text.utf8))
    exit(0)
case .help:
    FileHandle.standardOutput.write(Data(CommandLineParser.helpText(program: program).utf8))
    exit(0)
case .glibHelp:
    // GLib prints the group and exits while it parses the command line. Top-level code runs on the main thread.
    exit(
        MainActor.assumeIsolated {
            let host = AppHost(id: AppIdentity.id, unique: false)
            AppOptions.register(on: host)
            return host.run(program: program)
        })
case .run(let parsed):
    options = parsed
}

if options.check {
    // The report needs the display for monitors and modes, but no window.
    let report: String = MainActor.assumeIsolated {
        let connected = SessionProbe.connect()
        let session = connected ? SessionProbe.sessionName() : "none (no display)"
        let support: (setter: Result<any DisplayModeSetter, ModeSettingUnavailable>, compositor: String?) =
            connected ? ModeSupport.detect(session: session) : (.failure(.noDisplay), nil)
        var capabilities = Capabilities(
            session: session, compositor: support.compositor, modeSetting: support.setter.map(\.apiName),
            decoders: MediaCapabilities.decoders(), audioOutput: MediaCapabilities.audioOutput(), soundOutputs: PulseSnapshot.outputs())
        if connected { capabilities.drawingPath = DrawingPathSetup.decide(request: options.renderer) }
        // The same rule as a run: the command line turns them off for once, the preference for good.
        let preferences = Preferences(stored: SettingsStore().load().settings.preferences)
        if preferences.applied(to: options).networkScreens {
            capabilities.networkScreens = UPnPRenderers.look(milliseconds: 3000)
        }
        let run = preferences.applied(to: options)
        if run.remoteControl { capabilities.remoteAddresses = RemoteServer.addresses(port: run.remotePort) }
        return capabilities.text(screens: connected ? SessionProbe.screens(modes: try? support.setter.get()) : [])
    }
    // Device and sound-server descriptions come from outside: an escape sequence in one must not reach the terminal.
    FileHandle.standardOutput.write(Data(TerminalText.escaped(report, keepingLineBreaks: true).utf8))
    // The report is out. The mode reader closes its X connection on its own queue as it goes away; exit() ran the
    // libraries' destructors under that close and crashed about one run in fifteen on busy cores.
    fflush(nil)
    _exit(0)
}

// Metadata and posters are cached by path, size and modification time, posters in the freedesktop thumbnail cache.
// They are made by sandboxed helper processes running this binary: a file that crashes GStreamer costs its row only.
// A helper idle for 10 s ends: playing one file needs one only for its probe and poster at the start.
let media: MediaBackend = HelperBackend.ownExecutable.map { HelperBackend(executable: $0, idleSeconds: 10) } ?? GStreamerBackend()
let backend = CachingBackend(
    wrapping: media,
    cache: ProbeCache(file: UserFolders.cache() + "/probe-cache.tsv", fingerprint: CachingBackend.mediaFingerprint))

// A missing or unplayable --play file is a start-up error: say why and stop before any window opens. The probe runs
// meanwhile, while the settings, the sound client and the toolkit start; the window waits for its answer.
var playCheck: PlayCheck?
if let play = options.play {
    let check = PlayCheck(path: URL(fileURLWithPath: play).standardizedFileURL.path, backend: backend)
    playCheck = check
    // With no display named, the toolkit would stop on that before the answer came: it is awaited here.
    let environment = ProcessInfo.processInfo.environment
    if [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].allSatisfy({ ($0 ?? "").isEmpty }), let failure = check.wait() {
        refusePlay(failure)
    }
}

/// Says why the `--play` file cannot play, and exits with status 2.
func refusePlay(_ failure: ProbeFailure) -> Never {
    fail("cannot play \(PathBytes.display(options.play ?? "")): \(failure.text(in: .user))", status: 2)
}

// Opened once this process is the running instance (after the single-instance hand-over), never before.
// VIDEOTOY_EVENTS stands in for --events where there is no command line to say it: an app D-Bus activation started.
let eventsPath = options.eventsPath ?? ProcessInfo.processInfo.environment["VIDEOTOY_EVENTS"].flatMap { $0.isEmpty ? nil : $0 }
let writer = eventsPath.map(EventLogWriter.init(path:))

let exitStatus = MainActor.assumeIsolated {
    runApplication(
        options: options, playCheck: playCheck, backend: backend, writer: writer, started: started,
        refusePlay: { refusePlay($0) })
}
writer?.flush()
exit(exitStatus)
