/// Durations as the report prints them.
extension Duration {
    /// Whole milliseconds, rounded down.
    var wholeMilliseconds: Int {
        Int(components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000)
    }
}
