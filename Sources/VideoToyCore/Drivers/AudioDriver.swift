/// Carries out the audio-route machine's effects through the sound server port: the sound follows the video's screen
/// and the user's choice. The current video's path and keeping a choice across runs come from `AudioDriver.Owner`.
@MainActor
final class AudioDriver {
    /// What the audio route needs from the rest of the app.
    @MainActor
    protocol Owner: AnyObject {
        /// The current video's file, for the log.
        var currentPath: String? { get }
        /// The user's audio choice for `screen`, to keep across runs.
        func audioChosen(_ choice: AudioChoice, for screen: ScreenID)
        /// The outputs or the choice in force changed: the menus show them.
        func audioMenuChanged()
    }

    /// The audio route: which output carries the sound.
    private(set) var audio = AudioRouter()
    private var sound: SoundOutputs?
    private weak var owner: Owner?
    private let log: EventLog

    /// Creates a driver with no sound server, logging to `log`.
    init(log: EventLog) { self.log = log }

    /// Connects what the audio route reports to.
    func attach(owner: Owner) { self.owner = owner }

    /// Connects the sound server and starts listening to its outputs, with `--audio-output` for this run and the
    /// choices remembered per screen.
    func attach(sound: SoundOutputs, runChoice: AudioChoice?, remembered: [ScreenID: AudioChoice]) {
        self.sound = sound
        audio = AudioRouter(runChoice: runChoice, remembered: remembered)
        sound.start { [weak self] event in self?.handle(event) }
    }

    /// The menu's content now.
    var menu: AudioMenu { AudioMenu(choice: audio.choice, outputs: audio.menuOutputs) }

    /// Feeds `event` to the audio route and carries out what it says.
    func handle(_ event: AudioRouteEvent) {
        let before = menu
        for effect in audio.handle(event) { carryOut(effect) }
        if menu != before { owner?.audioMenuChanged() }
    }

    private func carryOut(_ effect: AudioRouteEffect) {
        switch effect {
        case .moveSound(let output, let reason):
            sound?.moveSound(to: output)
            log.emit(
                .audioRoute, path: owner?.currentPath,
                fields: [
                    (.output, output.map { .string($0.name) } ?? .null),
                    (.outputDescription, output.map { .string($0.description) } ?? .null),
                    (.reason, .string(reason.rawValue)),
                ])
        case .activateProfile(let profile):
            sound?.activateProfile(profile)
        case .rememberChoice(let choice, let screen):
            owner?.audioChosen(choice, for: screen)
        case .sayNoMatch(let screen):
            log.terminal("\(screen) has no audio output of its own; the sound stays where it is")
        case .sayOutputMissing(let name):
            log.terminal("audio output \(name) is not there; the sound follows the screen")
        case .saySilent(let why):
            log.terminal(why)
        }
    }
}
