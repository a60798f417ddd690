import Testing

@testable import VideoToyCore

/// The bit set that marks the items whose remembered probe answer is on its way.
@Suite("Item flags")
struct ItemFlagsTests {
    @Test func marksWhatWasInsertedAndNothingElse() {
        var flags = ItemFlags()
        flags.insert(contentsOf: [0, 63, 64, 100_000].map(ItemID.init))
        for raw in [0, 63, 64, 100_000] { #expect(flags.contains(ItemID(raw))) }
        for raw in [1, 62, 65, 99_999, 100_001, 1_000_000] { #expect(!flags.contains(ItemID(raw))) }
    }

    @Test func removingUnmarksOnlyThatOne() {
        var flags = ItemFlags()
        flags.insert(contentsOf: (0..<200).map(ItemID.init))
        flags.remove(ItemID(64))
        flags.remove(ItemID(5_000))
        #expect(!flags.contains(ItemID(64)))
        #expect(flags.contains(ItemID(63)) && flags.contains(ItemID(65)))
        #expect((0..<200).filter { flags.contains(ItemID($0)) }.count == 199)
    }
}
