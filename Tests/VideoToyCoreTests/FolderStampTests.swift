import Testing
import VideoToyCore

/// Whether watching a folder can skip the rescan that would find what the scan before it found.
@Suite("Folder stamps")
struct FolderStampTests {
    let began = FolderStamp(seconds: 1_000, nanoseconds: 500)
    let old = FolderStamp(seconds: 900, nanoseconds: 1)
    let folders = ["/v", "/v/a", "/v/a/b"]

    private func stamps(_ stamp: FolderStamp) -> [String: FolderStamp] {
        Dictionary(uniqueKeysWithValues: folders.map { ($0, stamp) })
    }

    @Test func everyFolderAsTheScanSawItNeedsNoRescan() {
        #expect(FolderStamp.unchanged(then: stamps(old), now: stamps(old), scanBegan: began))
    }

    @Test func oneFolderChangedMeansARescan() {
        var now = stamps(old)
        now["/v/a/b"] = FolderStamp(seconds: 900, nanoseconds: 2)
        #expect(!FolderStamp.unchanged(then: stamps(old), now: now, scanBegan: began))
    }

    @Test func aFolderGoneOrNotAnsweringMeansARescan() {
        var now = stamps(old)
        now["/v/a"] = nil
        #expect(!FolderStamp.unchanged(then: stamps(old), now: now, scanBegan: began))
    }

    /// A folder changed within two seconds before the scan may have changed again under the same coarse stamp.
    @Test(arguments: [998, 999, 1_000, 1_001])
    func aStampCloseToTheScanMeansARescan(seconds: Int) {
        let recent = FolderStamp(seconds: seconds, nanoseconds: 0)
        #expect(!FolderStamp.unchanged(then: stamps(recent), now: stamps(recent), scanBegan: began))
    }

    @Test func noStampsSayNothing() {
        #expect(!FolderStamp.unchanged(then: [:], now: [:], scanBegan: began))
    }
}
