/// What the external scene shows.
public enum SceneRole: Hashable, Sendable, CustomStringConvertible {
    /// No video is selected: the scene says "Choose a video on the main screen".
    case idle
    /// The scene hosts this item's video view.
    case video(ItemID)

    /// A short form for logs and test failures.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .video(let item): "video \(item)"
        }
    }
}
