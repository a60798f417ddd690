/// The sound side of the controller: the audio route follows the video's screen and the user's choice.
extension AppController {
    /// Connects the sound server adapter and starts listening to its outputs, with `--audio-output` for this run and
    /// the choices remembered per screen.
    public func attach(sound: SoundOutputs, runChoice: AudioChoice? = nil, remembered: [ScreenID: AudioChoice] = [:]) {
        self.sound = sound
        audio = AudioRouter(runChoice: runChoice, remembered: remembered)
        sound.start { [weak self] event in self?.audioRoute(event) }
    }

    /// The user picked an entry of the "Audio output" menu.
    public func chooseAudio(_ choice: AudioChoice) {
        audioRoute(.userChose(choice))
    }

    /// Tells the audio route which screen shows the selected video now, after the router moved things.
    func followVideoWithSound() {
        var screen: ScreenID?
        if case .video = router.sceneRole { screen = router.sceneScreen }
        audioRoute(.videoOnScreen(screen))
    }

    func audioRoute(_ event: AudioRouteEvent) {
        let before = (audio.choice, audio.menuOutputs)
        for effect in audio.handle(event) { carryOut(effect) }
        if before != (audio.choice, audio.menuOutputs) { publish() }
    }

    private func carryOut(_ effect: AudioRouteEffect) {
        switch effect {
        case .moveSound(let output, let reason):
            sound?.moveSound(to: output)
            let path = policy.current.flatMap { library.item($0)?.path }
            log.emit(
                .audioRoute, path: path,
                fields: [
                    (.output, output.map { .string($0.name) } ?? .null),
                    (.outputDescription, output.map { .string($0.description) } ?? .null),
                    (.reason, .string(reason.rawValue)),
                ])
        case .activateProfile(let profile):
            sound?.activateProfile(profile)
        case .rememberChoice(let choice, let screen):
            memory.onAudioChosen?(choice, screen)
        case .sayNoMatch(let screen):
            log.terminal("\(screen) has no audio output of its own; the sound stays where it is")
        case .sayOutputMissing(let name):
            log.terminal("audio output \(name) is not there; the sound follows the screen")
        case .saySilent(let why):
            log.terminal(why)
        }
    }
}
