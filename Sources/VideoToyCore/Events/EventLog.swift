/// Emits `--events` records with monotonic timestamps, and reasons for the terminal.
@MainActor
public final class EventLog {
    private let clock: () -> Int
    private let sink: (@Sendable (String) -> Void)?
    private let terminalSink: @Sendable (String) -> Void
    /// Every record emitted so far, when `keep` was asked for (tests).
    public private(set) var records: [EventRecord] = []
    private let keep: Bool
    private let wording: MessageWording

    /// Creates a log; `sink` receives JSON lines, `terminal` one-line messages for stderr, and `wording` words the
    /// core's typed messages for both (the adapters' catalogues; tests keep the values' own descriptions).
    public init(
        clock: @escaping () -> Int, keep: Bool = false,
        sink: (@Sendable (String) -> Void)?, terminal: @escaping @Sendable (String) -> Void, wording: MessageWording = .values
    ) {
        self.clock = clock
        self.keep = keep
        self.sink = sink
        self.terminalSink = terminal
        self.wording = wording
    }

    /// The `message` field of a record for `message`: the same sentence in every locale.
    public func sentence(_ message: LogMessage) -> JSONValue {
        .string(wording.log(message))
    }

    /// Tells the person at the terminal `message` about the file or folder at `path`, in their language.
    public func terminal(_ message: LogMessage, about path: String) {
        terminalSink("\(PathBytes.display(path)): \(wording.terminal(message))")
    }

    /// Writes one event; its fields must be among those its name allows.
    public func emit(_ name: EventName, path: String? = nil, fields: [(EventField, JSONValue)] = []) {
        assert(fields.allSatisfy { name.fields.contains($0.0) }, "\(name.rawValue) has no field among \(fields.map(\.0))")
        guard sink != nil || keep else { return }
        let record = EventRecord(name: name.rawValue, tMs: clock(), path: path, fields: fields.map { ($0.0.rawValue, $0.1) })
        if keep { records.append(record) }
        sink?(record.jsonLine)
    }

    /// Tells the person at the terminal something they should know.
    public func terminal(_ message: String) {
        terminalSink(message)
    }
}
