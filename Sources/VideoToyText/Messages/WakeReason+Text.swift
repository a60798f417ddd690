import VideoToyCore

extension WakeReason {
    /// What the session shows while it keeps the screen on, in the user's language (`.user`) or English (`.english`).
    public func text(in catalogue: Catalogue = .user) -> String {
        switch self {
        case .playing(let title):
            // TRANSLATORS: shown by the desktop, for instance on logging out, while VideoToy keeps the screen on;
            // %s is the video's title.
            return catalogue.tr("Playing %s", title)
        }
    }
}
