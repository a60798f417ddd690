/// Why the sound changed output, as the `audio-route` event's `reason` says.
public enum AudioRouteReason: String, Hashable, Sendable {
    /// It follows the screen the video moved to.
    case screen
    /// The user chose the output (menu or `--audio-output`).
    case user
    /// It went back to the output used before, or the system default.
    case `default`
    /// The output it was on went away.
    case gone
}
