/// The canonical paths of the folders given to a scan: the only places a symbolic link to a folder leads into.
struct LibraryRoots: Sendable {
    /// The canonical paths, as `realpath` gives them.
    var paths: [String]

    /// Creates the roots from canonical paths.
    init(_ paths: [String] = []) { self.paths = paths }

    /// Whether the canonical path `real` is one of the roots or inside one.
    func contains(_ real: String) -> Bool {
        paths.contains { root in real == root || root == "/" || real.hasPrefix(root + "/") }
    }
}
