/// Words the core's typed messages: the core holds no sentences, so the executable supplies its catalogues here.
public struct MessageWording: Sendable {
    /// The sentence for the events log: English in every locale, so the log reads the same everywhere.
    public let log: @Sendable (LogMessage) -> String
    /// The sentence for the person at the terminal, in their language.
    public let terminal: @Sendable (LogMessage) -> String

    /// A wording from its two renderings.
    public init(log: @escaping @Sendable (LogMessage) -> String, terminal: @escaping @Sendable (LogMessage) -> String) {
        self.log = log
        self.terminal = terminal
    }

    /// Each value's own description: what core tests read, since they assert on values and never on sentences.
    public static let values = MessageWording(log: { "\($0)" }, terminal: { "\($0)" })
}
