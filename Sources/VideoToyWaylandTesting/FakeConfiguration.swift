import VideoToyCore

/// One configuration a client applied or tested on `FakeOutputCompositor`, as it arrived, with the answer given.
public struct FakeConfiguration: Sendable, Equatable {
    /// The answer the compositor gave.
    public enum Answer: Sendable, Equatable {
        /// Applied (or, for a test, found good).
        case succeeded
        /// Refused.
        case failed
        /// Made with a serial that was out of date.
        case cancelled
    }

    /// One setting per head, in the order the client sent them; a placement only when the client set one.
    public let heads: [HeadSetting]
    /// True for `apply`, false for `test`.
    public let isApply: Bool
    /// The serial the configuration was made with.
    public let serial: UInt32
    /// The answer.
    public let answer: Answer

    /// Creates a record.
    public init(heads: [HeadSetting], isApply: Bool, serial: UInt32, answer: Answer) {
        self.heads = heads
        self.isApply = isApply
        self.serial = serial
        self.answer = answer
    }
}
