import Testing
import VideoToyCore
import VideoToyTesting

/// Which rows show posters, and which rows are shown again when the view moves.
struct PosterReachTests {
    @Test(
        "the rows on screen and the margin around them show posters",
        arguments: [
            // visible, margin, expected
            (0..<0, 12, 0..<25),  // before the first layout: the first rows
            (0..<4, 12, 0..<16),
            (100..<104, 12, 88..<116),
            (5..<9, 12, 0..<21),
            (100..<104, 0, 100..<104),
        ] as [(Range<Int>, Int, Range<Int>)])
    func shown(_ visible: Range<Int>, margin: Int, expected: Range<Int>) {
        var reach = PosterReach(margin: margin)
        _ = reach.show(visible)
        #expect(reach.shown == expected)
        #expect(reach.contains(expected.lowerBound) && !reach.contains(expected.upperBound))
    }

    @Test("a move returns exactly the rows that came into reach or left it")
    func moveReturnsTheChange() {
        var reach = PosterReach(margin: 2)
        #expect(Set(reach.show(10..<14)) == Set(0..<5).symmetricDifference(Set(8..<16)))
        #expect(Set(reach.show(11..<15)) == [8, 16], "one row down: one row leaves at the top, one comes at the bottom")
        #expect(reach.show(11..<15).isEmpty, "the same rows again change nothing")
        let jump = reach.show(1000..<1004)
        #expect(Set(jump) == Set(9..<17).union(998..<1006), "a jump to the end: every old row leaves, every new one comes")
        #expect(jump.count == 16)
    }

    @Test("random moves: after each one, the rows returned are those whose reach changed, each once", arguments: 0..<4)
    func randomMoves(seed: Int) {
        // Seeded, so a failing sequence is the same on every run.
        var generator = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        var reach = PosterReach(margin: 5)
        var before = Set(reach.shown)
        for _ in 0..<500 {
            let start = Int.random(in: 0..<300, using: &generator)
            let changed = reach.show(start..<(start + Int.random(in: 1..<8, using: &generator)))
            let after = Set(reach.shown)
            #expect(Set(changed) == before.symmetricDifference(after))
            #expect(changed.count == Set(changed).count)
            before = after
        }
    }
}
