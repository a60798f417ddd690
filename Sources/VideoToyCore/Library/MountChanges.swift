/// Which library folders a change of the mount table can have touched.
///
/// A drive mounted on (or unmounted from) a folder makes no event inside it, so a change of the mount table must
/// rescan the folders it concerns: those at or below a mount point that came or went (the folder's contents are now
/// another file system's), and those holding one (a subfolder's contents changed). Other mounts, such as a test's
/// FUSE share or a container's overlay elsewhere, concern no library folder and rescan nothing.
public enum MountChanges {
    /// The folders among `roots` that a change of the mount points from `before` to `after` concerns.
    public static func touched(roots: [String], before: Set<String>, after: Set<String>) -> [String] {
        let changed = before.symmetricDifference(after)
        guard !changed.isEmpty else { return [] }
        return roots.filter { root in changed.contains { within($0, root) || within(root, $0) } }
    }

    /// Whether `path` is `folder` or inside it.
    private static func within(_ path: String, _ folder: String) -> Bool {
        if path == folder || folder == "/" { return true }
        return path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
