import Foundation

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
        var (x, y) = (a.path, b.path)
        guard x.utf8.count == y.utf8.count else { return false }
        return x.withUTF8 { bx in y.withUTF8 { by in bx.count == 0 || memcmp(bx.baseAddress!, by.baseAddress!, bx.count) == 0 } }
    }

    /// Whether the path's bytes begin with `prefix`'s.
    public func starts(with prefix: String) -> Bool {
        var (x, y) = (path, prefix)
        guard x.utf8.count >= y.utf8.count else { return false }
        return x.withUTF8 { bx in y.withUTF8 { by in by.count == 0 || memcmp(bx.baseAddress!, by.baseAddress!, by.count) == 0 } }
    }

    /// Hashes the UTF-8 bytes.
    public func hash(into hasher: inout Hasher) {
        var path = path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
