/// One file in the library, with what is known about it so far.
public struct LibraryItem: Hashable, Sendable, Identifiable {
    /// The item's identity.
    public let id: ItemID
    /// The file's absolute path, exact even when it is not UTF-8 (see `PathBytes`).
    public let path: String
    /// Where probing has got to.
    public var state: ProbeState

    /// Creates an item that has not been probed yet.
    public init(id: ItemID, path: String, state: ProbeState = .pending) {
        self.id = id
        self.path = path
        self.state = state
    }

    /// The file name as a person reads it, the first line of the row's label.
    public var name: String { Self.name(ofPath: path) }

    /// The file name of `path` as a person reads it.
    static func name(ofPath path: String) -> String {
        // Found from the end in the path's bytes: splitting the whole path into Characters, once per row when a
        // library of 100,000 is listed, cost more than sorting it.
        let bytes = path.utf8, slash = UInt8(ascii: "/")
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == slash { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return PathBytes.display(path) }
        var start = end
        while start > bytes.startIndex, bytes[bytes.index(before: start)] != slash { start = bytes.index(before: start) }
        return PathBytes.display(String(path[start..<end]))
    }

    /// The containing folder as a person reads it, shown under the name.
    public var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : PathBytes.display(String(path[..<slash]))
    }

    /// True when the item can be handed to a player.
    public var isPlayable: Bool {
        if case .failed = state { return false }
        return true
    }
}

/// How far probing of one item has got.
public enum ProbeState: Hashable, Sendable {
    /// Not probed yet.
    case pending
    /// Probed successfully. Boxed, so that an item not probed yet is a few words, not the size of `MediaInfo`:
    /// a library of 100,000 rows listed before any is probed.
    indirect case ready(MediaInfo)
    /// Probing failed, with the reason.
    case failed(ProbeFailure)
}

extension ProbeState {
    /// What the probe found, once it succeeded.
    public var info: MediaInfo? {
        if case .ready(let info) = self { info } else { nil }
    }
}
