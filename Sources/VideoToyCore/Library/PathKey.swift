/// A path compared byte for byte, for sets and dictionaries of files.
///
/// Swift's `String` equality is Unicode canonical equivalence, so "café" spelled with a precomposed é and
/// with e + combining accent are equal strings, yet they name two different files on Linux.
public struct PathKey: Hashable, Sendable {
    private let bytes: [UInt8]

    /// The key of `path` (a string as `PathBytes` maps it).
    public init(_ path: String) {
        bytes = Array(path.utf8)
    }
}
