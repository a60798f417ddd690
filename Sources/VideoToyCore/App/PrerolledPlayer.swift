/// The paused player of a pre-rolled row and what it reported before it was adopted.
///
/// The `Preroll` machine decides; this only carries the handle, so the player's messages know where they go.
@MainActor
final class PrerolledPlayer {
    /// Who receives the player's messages.
    enum Stage {
        /// Pre-rolled and placed nowhere: only its picture, tracks and errors matter.
        case held
        /// Adopted as the item's live player: its messages go where every live player's go.
        case adopted
        /// Closed: whatever it still says is dropped.
        case discarded
    }

    let id: ItemID
    var player: MediaPlayer?
    var stage = Stage.held
    /// Where it was seeked before it prerolled, if anywhere.
    var startMs: Int?
    /// The file's own tracks, kept to be replayed when the player is adopted.
    var tracks: (audio: [MediaTrack], subtitles: [MediaTrack])?
    /// Whether the `preroll` event was logged.
    var reported = false

    init(id: ItemID) { self.id = id }
}
