/// The sound server as the controller uses it: lists outputs and moves the app's sound; the PulseAudio adapter
/// implements it, tests use a fake.
@MainActor
public protocol SoundOutputs: AnyObject {
    /// Connects and reports the outputs (`outputsChanged`, on every change) or that there is no server
    /// (`serverUnavailable`), on the main thread.
    func start(reporting report: @escaping @MainActor (AudioRouteEvent) -> Void)
    /// Moves the app's playing streams, and every later one, to the output (nil: the server's default) without
    /// restarting them.
    func moveSound(to output: AudioOutput?)
    /// Switches a card to a profile so the output it offers appears.
    func activateProfile(_ profile: AudioCardProfile)
}
