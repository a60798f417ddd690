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
        PathBytes.display(path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path)
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
