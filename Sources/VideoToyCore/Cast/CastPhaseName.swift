/// The states of a cast worth logging.
public enum CastPhaseName: Hashable, Sendable {
    /// The file is being served and the renderer told to load it.
    case loading
    /// The renderer plays it.
    case playing
    /// The cast ended.
    case ended(CastEndReason)

    /// The `state` field of the `cast` event.
    public var logName: String {
        switch self {
        case .loading: "loading"
        case .playing: "playing"
        case .ended(let reason): reason == .broughtBack ? "ended" : reason.logName
        }
    }
}
