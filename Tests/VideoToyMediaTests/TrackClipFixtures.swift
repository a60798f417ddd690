import Foundation
import VideoToyMediaTesting

/// The track clips the player and sidecar tests share, made once per run in a folder of their own (the fixture
/// tests make theirs elsewhere, and the two must not write the same files at once).
enum TrackClipFixtures {
    private static let made = Task<TrackClipSet, any Error> {
        try await Catalogue.onOwnThread {
            let started = ContinuousClock.now
            let set = try TrackClips.make(in: Fixtures.folder + "/player-track-clips")
            print("PLAYER TRACK CLIPS: made in \(ContinuousClock.now - started)")
            return set
        }
    }

    /// The clips, made on first use.
    static func set() async throws -> TrackClipSet { try await made.value }

    /// The clip named `fileName` ("tracks.mkv").
    static func clip(_ fileName: String) async throws -> TrackClip {
        guard let clip = try await set().clips.first(where: { $0.fileName == fileName }) else {
            throw SetUpFailure(description: "the track clips have no \(fileName)")
        }
        return clip
    }
}
