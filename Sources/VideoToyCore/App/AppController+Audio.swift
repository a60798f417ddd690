/// The sound side of the controller: the audio driver does the work; these are the user's intents, passed on.
extension AppController {
    /// Connects the sound server adapter and starts listening to its outputs, with `--audio-output` for this run and
    /// the choices remembered per screen.
    public func attach(sound: SoundOutputs, runChoice: AudioChoice? = nil, remembered: [ScreenID: AudioChoice] = [:]) {
        audioDriver.attach(sound: sound, runChoice: runChoice, remembered: remembered)
    }

    /// The audio route: which output carries the sound.
    public var audio: AudioRouter { audioDriver.audio }

    /// The user picked an entry of the "Audio output" menu.
    public func chooseAudio(_ choice: AudioChoice) {
        audioDriver.handle(.userChose(choice))
    }

    /// Tells the audio route which screen shows the selected video now, after the router moved things.
    func followVideoWithSound() {
        var screen: ScreenID?
        if case .video = router.sceneRole { screen = router.sceneScreen }
        audioDriver.handle(.videoOnScreen(screen))
    }
}

/// What the audio route needs from the controller.
extension AppController: AudioDriver.Owner {
    var currentPath: String? { policy.current.flatMap { library.item($0)?.path } }

    func audioChosen(_ choice: AudioChoice, for screen: ScreenID) { memory.onAudioChosen?(choice, screen) }

    func audioMenuChanged() { publish() }
}
