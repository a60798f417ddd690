/// The folders the library is made of, and the folders opened recently, newest first.
///
/// A "folder" may also be a single file given on the command line: it is in the library the same way.
///
/// A value type: the controller changes it and announces the change; the settings remember it, the menu
/// shows it.
public struct LibraryFolders: Hashable, Sendable {
    /// How many recent folders are kept.
    public static let recentCapacity = 8

    /// The folders whose videos the library lists, in the order they joined it.
    public private(set) var roots: [String]
    /// Folders opened recently, newest first, whether or not they are in the library now.
    public private(set) var recent: [String]

    /// Creates the record of `roots` in the library and `recent` folders (trimmed to the capacity).
    public init(roots: [String] = [], recent: [String] = []) {
        self.roots = LibraryFolders.unique(roots.map(LibraryFolders.normalized))
        self.recent = Array(LibraryFolders.unique(recent.map(LibraryFolders.normalized)).prefix(LibraryFolders.recentCapacity))
    }

    /// Recent folders not in the library now: what "Open Recent" offers.
    public var recentOutsideLibrary: [String] {
        recent.filter { !roots.contains($0) }
    }

    /// `folders` were opened: they join the library (if not in it) and move to the front of the recent list.
    /// Returns whether anything changed.
    @discardableResult
    public mutating func open(_ folders: [String]) -> Bool {
        let before = self
        let opened = LibraryFolders.unique(folders.map(LibraryFolders.normalized))
        roots += opened.filter { !roots.contains($0) }
        recent = Array(LibraryFolders.unique(opened + recent).prefix(LibraryFolders.recentCapacity))
        return self != before
    }

    /// `folder` leaves the library; it stays in the recent list so it can be opened again. Returns whether it was
    /// a library folder.
    @discardableResult
    public mutating func remove(_ folder: String) -> Bool {
        let folder = LibraryFolders.normalized(folder)
        guard roots.contains(folder) else { return false }
        roots.removeAll { $0 == folder }
        recent = Array(LibraryFolders.unique([folder] + recent).prefix(LibraryFolders.recentCapacity))
        return true
    }

    /// Whether `path` lies inside one of the library folders (or is one of them).
    public func contains(_ path: String) -> Bool {
        roots.contains { LibraryFolders.path(path, isIn: $0) }
    }

    /// Whether `path` is `folder` or lies inside it.
    public static func path(_ path: String, isIn folder: String) -> Bool {
        path == folder || path.hasPrefix(prefix(of: folder))
    }

    /// How a menu names `folder`: its own name, then where it is, with the home folder as "~"
    /// ("Films — ~/Videos"); bytes that are not UTF-8 are shown escaped.
    public static func label(for folder: String, home: String?) -> String {
        let folder = normalized(folder)
        guard folder != "/", let slash = folder.lastIndex(of: "/") else { return PathBytes.display(folder) }
        var parent = slash == folder.startIndex ? "/" : String(folder[..<slash])
        if let home = home.map(normalized), home != "/", LibraryFolders.path(parent, isIn: home) {
            parent = "~" + parent.dropFirst(home.count)
        }
        return "\(name(of: folder)) — \(PathBytes.display(parent))"
    }

    /// The last part of `folder`'s path, as shown to the user ("/" for the root).
    public static func name(of folder: String) -> String {
        let folder = normalized(folder)
        guard folder != "/", let slash = folder.lastIndex(of: "/") else { return PathBytes.display(folder) }
        return PathBytes.display(String(folder[folder.index(after: slash)...]))
    }

    /// `folder` with one trailing slash, so "/v/a" does not take in "/v/ab/clip.mp4".
    public static func prefix(of folder: String) -> String {
        folder.hasSuffix("/") ? folder : folder + "/"
    }

    private static func normalized(_ folder: String) -> String {
        // "/v/" and "/v" are one folder; "/" stays itself.
        var folder = folder
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return folder
    }

    private static func unique(_ folders: [String]) -> [String] {
        var seen = Set<String>()
        return folders.filter { seen.insert($0).inserted }
    }
}
