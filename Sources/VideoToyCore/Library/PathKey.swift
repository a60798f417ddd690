/// A path compared byte for byte, for sets and dictionaries of files.
///
/// Swift's `String` equality is Unicode canonical equivalence, so "café" spelled with a precomposed é and
/// with e + combining accent are equal strings, yet they name two different files on Linux.
/// The key shares the path's storage (no copy of its bytes), which matters in a library of 100,000 files.
public struct PathKey: Hashable, Sendable {
    private let path: String

    /// The key of `path` (a string as `PathBytes` maps it).
    public init(_ path: String) {
        self.path = path
    }

    /// Equal when the UTF-8 bytes are.
    public static func == (a: PathKey, b: PathKey) -> Bool {
        a.path.utf8.count == b.path.utf8.count && a.path.utf8.elementsEqual(b.path.utf8)
    }

    /// Hashes the UTF-8 bytes.
    public func hash(into hasher: inout Hasher) {
        var path = path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
