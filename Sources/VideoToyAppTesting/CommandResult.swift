import Foundation

/// The outcome of a finished command.
public struct CommandResult: Sendable {
    /// Exit status (or signal number when it was killed).
    public let status: Int32
    /// Everything it wrote to stdout.
    public let stdout: Data
    /// Everything it wrote to stderr, as text.
    public let stderr: String

    /// Stdout decoded as UTF-8.
    public var output: String { String(decoding: stdout, as: UTF8.self) }
}
