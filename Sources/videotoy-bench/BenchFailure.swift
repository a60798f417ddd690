/// Why the benchmark cannot run at all (a missing tool, no display); a slow figure is never one.
struct BenchFailure: Error, CustomStringConvertible {
    /// What went wrong, for the terminal.
    let description: String

    /// Creates a failure with its message.
    init(_ description: String) {
        self.description = description
    }
}
