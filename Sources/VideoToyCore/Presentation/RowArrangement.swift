/// How a row places its video and its labels for the list's width.
public enum RowArrangement: Sendable, Equatable {
    /// The video, then the labels beside it (a wide window).
    case sideBySide
    /// The video, then the labels under it (a narrow window, such as a phone-sized 360 px).
    case stacked

    /// Below this width the labels beside a 16:9 slot would be squeezed to a few characters a line.
    public static let stackBelowWidth = 640

    /// The arrangement for a list `width` pixels wide.
    public static func forWidth(_ width: Int) -> RowArrangement {
        width < stackBelowWidth ? .stacked : .sideBySide
    }
}

/// The size of a row's video slot for the list's width: 16:9, as wide as the seed's rows allow, narrower only where
/// a stacked row would not fit it.
public struct RowSlot: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// The slot of a wide list: 334 × 188.
    public static let full = RowSlot(width: 334)
    /// The narrowest slot: still a picture one can recognise.
    public static let smallest = RowSlot(width: 200)

    /// A 16:9 slot `width` pixels wide.
    public init(width: Int) {
        self.width = width
        height = width * 9 / 16
    }

    /// The widest slot of a stacked row: with the row's and the list's padding it fits a 360 px window, and the
    /// window cannot be made narrower than its rows' slots.
    public static let stacked = RowSlot(width: 296)

    /// The slot for a window `width` pixels wide: full size beside the labels, and under them as wide as the
    /// padding leaves (`margin`: both sides of the row, the list and the window together), between `smallest` and
    /// `stacked`.
    public static func forWidth(_ width: Int, margin: Int = 64) -> RowSlot {
        guard RowArrangement.forWidth(width) == .stacked else { return .full }
        return RowSlot(width: min(stacked.width, max(smallest.width, width - margin)))
    }
}
