import VideoToyCore

/// MPRIS `LoopStatus`, which is what the app calls what happens at the end of a video.
public enum MPRISLoopStatus: String, Sendable, CaseIterable {
    /// Stop at the end.
    case none = "None"
    /// Play the video again.
    case track = "Track"
    /// Play the next video, going from the last to the first.
    case playlist = "Playlist"

    /// The status that says `onEnd`.
    public init(_ onEnd: OnEnd) {
        switch onEnd {
        case .stop: self = .none
        case .loop: self = .track
        case .next: self = .playlist
        }
    }

    /// What happens at the end of a video with this status.
    public var onEnd: OnEnd {
        switch self {
        case .none: .stop
        case .track: .loop
        case .playlist: .next
        }
    }
}
