import Foundation

/// A failure of the end-to-end harness itself, with a message meant to be read in a test report.
public struct HarnessError: Error, CustomStringConvertible {
    /// What went wrong, including the failing command's stderr where there was one.
    public let description: String

    /// Creates an error with its message.
    public init(_ description: String) { self.description = description }
}
