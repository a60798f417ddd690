/// An instruction from the audio router to the sound adapter, applied in the order given.
public enum AudioRouteEffect: Hashable, Sendable {
    /// Move the playing stream (and every later one) to the output without restarting it; nil is the server's default
    /// output. The `audio-route` event is written from this effect.
    case moveSound(to: AudioOutput?, reason: AudioRouteReason)
    /// Switch the card to the profile so the output appears as a sink; the router moves the sound once it is listed.
    case activateProfile(AudioCardProfile)
    /// Persist the user's choice for this screen, as the screen choice is.
    case rememberChoice(AudioChoice, for: ScreenID)
    /// Say once that this screen has no audio output of its own, so the sound stays where it is.
    case sayNoMatch(ScreenID)
    /// Say once that the named output from the command line or a remembered choice is not there.
    case sayOutputMissing(String)
    /// Say once (the line is the adapter's) that there is no sound server, or that it went away and the video plays
    /// silently.
    case saySilent(String)
}
