/// Which rows show their posters: the ones on screen and `margin` more above and below.
///
/// GTK's list keeps up to 200 rows bound around the view; were each to hold its poster, a long scroll would keep
/// 200 frames alive besides the poster cache. Rows out of reach show none and ask for none.
public struct PosterReach: Sendable, Equatable {
    /// Rows beyond the visible ones, above and below, that still show their posters.
    public let margin: Int
    /// The display positions on screen (empty before the list's first layout).
    public private(set) var visible: Range<Int> = 0..<0

    /// Creates a reach of `margin` rows each way.
    public init(margin: Int = 12) { self.margin = max(0, margin) }

    /// The display positions that show posters; before the first layout, the first rows.
    public var shown: Range<Int> {
        if visible.isEmpty { return 0..<(2 * margin + 1) }
        return max(0, visible.lowerBound - margin)..<(visible.upperBound + margin)
    }

    /// Whether the row at display position `index` shows its poster.
    public func contains(_ index: Int) -> Bool { shown.contains(index) }

    /// Records the rows on screen; returns the positions that came into reach or left it, to be shown again.
    public mutating func show(_ range: Range<Int>) -> [Int] {
        let before = shown
        visible = range
        let after = shown
        guard before != after else { return [] }
        return before.filter { !after.contains($0) } + after.filter { !before.contains($0) }
    }
}
