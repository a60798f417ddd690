/// Rows held back for the next frames, and how many go into the list after each frame, adapted to what the last
/// batch cost so one batch stays well inside a frame.
@MainActor
struct RowGrowth {
    /// How long one batch of rows may take to go into the list after a frame, well inside the 50 ms a stall is.
    static let budgetMs = 8.0

    /// The list's length once every held-back row is in, and what cancels waiting for the next frame.
    var pending: (count: Int, cancel: @MainActor () -> Void)?
    /// Rows per batch after a frame.
    private(set) var batch = 2048

    /// The last batch took `ms`: the next one is sized to take about `budgetMs`.
    mutating func took(ms: Double) {
        if ms > 0.5 {
            let perRow = ms / Double(max(1, batch))
            batch = min(50_000, max(256, Int(Self.budgetMs / perRow)))
        } else {
            batch = min(50_000, batch * 2)
        }
    }
}
