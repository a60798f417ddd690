/// Where a cue sits on the picture: one of nine places, a row (bottom, middle, top) and a column (left, centre,
/// right). Subtitles go at the bottom centre unless the file puts them elsewhere, as it does to keep clear of text
/// burnt into the picture or to say who speaks.
public struct SubtitlePlacement: Hashable, Sendable {
    /// A band of the picture, from bottom to top.
    public enum Row: Hashable, Sendable, CaseIterable {
        /// Along the bottom edge, the usual place.
        case bottom
        /// Across the middle.
        case middle
        /// Along the top edge.
        case top
    }

    /// A side of the picture, from left to right.
    public enum Column: Hashable, Sendable, CaseIterable {
        /// Against the left edge, the lines flush left.
        case left
        /// Centred, the lines centred.
        case centre
        /// Against the right edge, the lines flush right.
        case right
    }

    /// The band the cue sits in.
    public let row: Row
    /// The side the cue sits against.
    public let column: Column

    /// A place on the picture.
    public init(row: Row, column: Column) {
        self.row = row
        self.column = column
    }

    /// Bottom centre, the usual place.
    public static let bottom = SubtitlePlacement(row: .bottom, column: .centre)
    /// Top centre.
    public static let top = SubtitlePlacement(row: .top, column: .centre)

    /// The place an ASS alignment number names: the numeric keypad's layout (`\an`, V4+ styles; 1 bottom left, 5
    /// the middle, 9 top right) when `legacy` is false, SSA's (`\a`, V4 styles; 1–3 bottom, 5–7 top, 9–11 middle,
    /// each left to right) when it is true; nil for a number that names no place.
    public init?(alignment: Int, legacy: Bool) {
        let row: Row, column: Int
        if legacy {
            switch alignment {
            case 1...3: (row, column) = (.bottom, alignment - 1)
            case 5...7: (row, column) = (.top, alignment - 5)
            case 9...11: (row, column) = (.middle, alignment - 9)
            default: return nil
            }
        } else {
            guard (1...9).contains(alignment) else { return nil }
            (row, column) = (Row.allCases[(alignment - 1) / 3], (alignment - 1) % 3)
        }
        self.init(row: row, column: Column.allCases[column])
    }

    /// The place nearest a point on a canvas of `width` × `height` (an ASS `\pos`): the third of the width and the
    /// third of the height it falls in, y counted from the top; nil for an empty canvas.
    public init?(x: Double, y: Double, width: Double, height: Double) {
        guard width > 0, height > 0 else { return nil }
        let third = { (value: Double, length: Double) in value < length / 3 ? 0 : value > 2 * length / 3 ? 2 : 1 }
        self.init(row: Row.allCases[2 - third(y, height)], column: Column.allCases[third(x, width)])
    }
}
