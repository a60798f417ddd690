/// Why a test fixture (a broken file, a socket, a FUSE mount) could not be made.
public struct SetUpFailure: Error, CustomStringConvertible {
    /// What went wrong, for the test's failure message.
    public let description: String

    /// Creates a failure.
    public init(description: String) {
        self.description = description
    }
}
