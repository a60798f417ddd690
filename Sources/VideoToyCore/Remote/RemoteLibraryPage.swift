/// One page of the library for the remote's list: the rows as shown, filtered by the phone's search.
///
/// Made from values (the library and its order), so the server makes it off the main thread; the work is one pass
/// over the rows and the page is bounded.
public struct RemoteLibraryPage: Sendable, Equatable {
    /// At most this many rows a page.
    public static let size = 50

    /// One row of the page.
    public struct Row: Sendable, Equatable {
        /// Its item.
        public var id: ItemID
        /// Its file name.
        public var title: String
        /// Its duration, once probed.
        public var durationMs: Int?
        /// Whether it can play.
        public var playable: Bool
    }

    /// The rows matching the search, in all.
    public var total: Int
    /// The position of the page's first row among them.
    public var offset: Int
    /// The page's rows.
    public var rows: [Row]

    /// The page of `library` shown in `shown`'s order from `offset` among the rows whose name holds `query`
    /// (any case; empty: every row).
    public init(library: Library, shown: ShownRows, query: String, offset: Int) {
        let needle = query.lowercased()
        let wanted = max(0, offset)..<(max(0, offset) + Self.size)
        var total = 0
        var rows: [Row] = []
        for position in 0..<shown.count(in: library) {
            guard let id = shown.id(at: position, in: library), let item = library.item(id) else { continue }
            guard needle.isEmpty || item.name.lowercased().contains(needle) else { continue }
            if wanted.contains(total) {
                var duration: Int?
                if case .ready(let info) = item.state { duration = info.durationMs }
                rows.append(Row(id: id, title: item.name, durationMs: duration, playable: item.isPlayable))
            }
            total += 1
        }
        self.total = total
        self.offset = max(0, offset)
        self.rows = rows
    }

    /// The page as the page's script reads it.
    public var json: JSONValue {
        .object([
            ("total", .int(total)), ("offset", .int(offset)),
            (
                "items",
                .array(
                    rows.map { row in
                        .object([
                            ("id", .int(row.id.rawValue)), ("title", .string(row.title)),
                            ("duration_ms", row.durationMs.map(JSONValue.int) ?? .null), ("playable", .bool(row.playable)),
                        ])
                    })
            ),
        ])
    }
}
