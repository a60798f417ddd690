/// One line of the `--events` log: a JSON object with `event`, `t_ms`, an optional `path` and fields of its own.
public struct EventRecord: Sendable, Equatable {
    /// The event's stable name, such as "play" or "probe".
    public let name: String
    /// Monotonic milliseconds since start.
    public let tMs: Int
    /// The item's path, where there is one.
    public let path: String?
    /// The event's own fields, in the order they are written.
    public let fields: [(String, JSONValue)]

    /// Creates a record.
    public init(name: String, tMs: Int, path: String? = nil, fields: [(String, JSONValue)] = []) {
        self.name = name
        self.tMs = tMs
        self.path = path
        self.fields = fields
    }

    /// The record as one line of JSON, without the newline.
    public var jsonLine: String {
        var all: [(String, JSONValue)] = [("event", .string(name)), ("t_ms", .int(tMs))]
        if let path { all.append(("path", .string(path))) }
        all += fields
        return JSONValue.object(all).encoded
    }

    /// Compares records field by field.
    public static func == (lhs: EventRecord, rhs: EventRecord) -> Bool {
        lhs.jsonLine == rhs.jsonLine
    }
}
