/// Why a cast ended.
public enum CastEndReason: Hashable, Sendable {
    /// The app brought the video back: the user chose another screen, another video, or the screen was turned off.
    case broughtBack
    /// The renderer went away (it said goodbye, or its network went down).
    case gone
    /// The renderer stopped on its own, as when someone presses stop on the TV's remote.
    case stoppedByRenderer
    /// The renderer played the video to its end.
    case finished
    /// The renderer did not answer for `seconds`.
    case unreachable(seconds: Int)
    /// The renderer refused the video or an action needed to start it (a UPnP error such as 714), or never started.
    case refused(code: Int?, description: String)
    /// The file could not be served (nothing could listen on the interface facing the renderer).
    case notServed

    /// A short form for the events log.
    public var logName: String {
        switch self {
        case .broughtBack: "brought-back"
        case .gone: "gone"
        case .stoppedByRenderer: "stopped-by-renderer"
        case .finished: "finished"
        case .unreachable: "unreachable"
        case .refused: "refused"
        case .notServed: "not-served"
        }
    }
}
