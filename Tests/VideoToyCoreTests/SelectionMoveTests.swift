import Testing
import VideoToyCore

/// Where Up/Down, Page Up/Page Down and Home/End put the selection.
struct SelectionMoveTests {
    /// move, current selection, rows, rows per page, expected.
    static let cases: [(SelectionMove, Int?, Int, Int, Int?)] = [
        (.rows(1), 0, 10, 4, 1),
        (.rows(-1), 0, 10, 4, 0),
        (.rows(1), 9, 10, 4, 9),
        (.rows(1), nil, 10, 4, 0),
        (.rows(-1), nil, 10, 4, 9),
        (.pages(1), 0, 10, 4, 3),
        (.pages(1), 8, 10, 4, 9),
        (.pages(-1), 5, 10, 4, 2),
        (.pages(-1), 1, 10, 4, 0),
        (.pages(2), 0, 100, 4, 6),
        (.pages(1), 0, 10, 1, 1),
        (.pages(1), 0, 10, 0, 1),
        (.pages(1), nil, 10, 4, 0),
        (.pages(-1), nil, 10, 4, 9),
        (.first, 7, 10, 4, 0),
        (.last, 2, 10, 4, 9),
        (.last, nil, 10, 4, 9),
        (.first, nil, 0, 4, nil),
        (.rows(1), nil, 0, 4, nil),
    ]

    @Test("each move lands inside the list; a page keeps one row of context", arguments: cases.indices)
    func target(index: Int) {
        let (move, current, count, page, expected) = Self.cases[index]
        #expect(move.target(from: current, count: count, rowsPerPage: page) == expected, "case \(index)")
    }
}
