/// How a key moves the list's selection: by rows, by screenfuls, or to either end.
public enum SelectionMove: Equatable, Sendable {
    /// This many rows down (negative: up), as Up and Down do.
    case rows(Int)
    /// This many screenfuls down (negative: up), as Page Down and Page Up do.
    case pages(Int)
    /// The first row (Home).
    case first
    /// The last row (End).
    case last

    /// The position the selection moves to from `current` (nil when nothing is selected) in a list of `count` rows
    /// of which `rowsPerPage` fit on screen; nil for an empty list.
    ///
    /// With nothing selected, moving down starts at the first row and moving up at the last, as in GTK's lists.
    public func target(from current: Int?, count: Int, rowsPerPage: Int) -> Int? {
        guard count > 0 else { return nil }
        let step: Int
        switch self {
        case .first: return 0
        case .last: return count - 1
        case .rows(let n): step = n
        // A page keeps one row of context, as text views do; a screen showing one row or less still moves by one.
        case .pages(let n): step = n * max(1, rowsPerPage - 1)
        }
        guard let current else { return step >= 0 ? 0 : count - 1 }
        return max(0, min(count - 1, current + step))
    }
}
