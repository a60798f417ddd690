import Foundation
import VideoToyCore

/// A subtitle file beside a video: how its bytes are written, the track it must be listed as, and the cues a
/// reader must get from it.
public struct SidecarFixture: Sendable {
    /// What is wrong with the file, if anything.
    public enum Damage: Sendable, Hashable {
        /// A well-formed subtitle file.
        case none
        /// Good cues first, then text that is no subtitle syntax at all.
        case malformedHalfway
        /// Bytes that are not text (a PNG signature and noise) under a subtitle name.
        case notText
        /// A 0-byte file.
        case empty
    }

    /// The file's name, which carries its language and flags ("plain.fr.forced.ass").
    public let fileName: String
    /// The file's path.
    public let path: String
    /// The track a listing must show for it.
    public let track: MediaTrack
    /// The text encoding of its bytes; nil when it holds no text.
    public let encoding: String.Encoding?
    /// Whether it starts with a byte-order mark.
    public let hasByteOrderMark: Bool
    /// What is wrong with it.
    public let damage: Damage
    /// The cues a reader must get, in time order: the good ones before the damage, none from a binary or empty file.
    public let cues: [FixtureCue]

    /// Describes a sidecar file.
    public init(
        fileName: String, path: String, track: MediaTrack, encoding: String.Encoding?, hasByteOrderMark: Bool = false,
        damage: Damage = .none,
        cues: [FixtureCue]
    ) {
        self.fileName = fileName
        self.path = path
        self.track = track
        self.encoding = encoding
        self.hasByteOrderMark = hasByteOrderMark
        self.damage = damage
        self.cues = cues
    }
}
