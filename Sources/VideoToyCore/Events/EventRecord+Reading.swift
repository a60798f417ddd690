/// Reading `--events` lines back, for the tests and the benchmark that watch the app from outside.
extension EventRecord {
    /// Parses one log line; nil unless it is a JSON object with a string `event` and an integer `t_ms`.
    public init?(jsonLine: String) {
        guard case .object(let pairs)? = JSONValue(parsing: jsonLine),
            let name = pairs.first(where: { $0.0 == "event" })?.1.string,
            let tMs = pairs.first(where: { $0.0 == "t_ms" })?.1.int
        else { return nil }
        let path = pairs.first { $0.0 == "path" }?.1.string
        self.init(
            name: name, tMs: tMs, path: path,
            fields: pairs.filter { !["event", "t_ms", "path"].contains($0.0) })
    }

    /// The event's known name, nil for a name this build does not define.
    public var eventName: EventName? { EventName(rawValue: name) }

    /// The value of one of the event's own fields.
    public subscript(field: EventField) -> JSONValue? { self[field.rawValue] }

    /// The value of any key of the line, `event`, `t_ms` and `path` included.
    public subscript(key: String) -> JSONValue? {
        switch key {
        case "event": return .string(name)
        case "t_ms": return .int(tMs)
        case "path": return path.map(JSONValue.string)
        default: return fields.first { $0.0 == key }?.1
        }
    }
}
