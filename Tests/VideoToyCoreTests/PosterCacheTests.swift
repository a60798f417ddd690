import Testing
import VideoToyCore
import VideoToyTesting

/// The poster cache keeps the most recently stored frames up to its capacity.
struct PosterCacheTests {
    private let frame = FakeMediaBackend.syntheticFrame(width: 2, height: 2)
    private let ids = (0..<6).map(ItemID.init)

    private func held(_ cache: PosterCache) -> [ItemID] { ids.filter { cache[$0] != nil } }

    @Test func evictsTheLeastRecentlyStoredBeyondCapacity() {
        var cache = PosterCache(capacity: 3)
        for id in ids.prefix(3) { cache[id] = frame }
        #expect(cache.count == 3)
        cache[ids[3]] = frame
        #expect(cache.count == 3)
        #expect(held(cache) == [ids[1], ids[2], ids[3]])
        cache[ids[4]] = frame
        #expect(held(cache) == [ids[2], ids[3], ids[4]])
    }

    @Test func storingAgainMakesAFrameTheNewest() {
        var cache = PosterCache(capacity: 2)
        cache[ids[0]] = frame
        cache[ids[1]] = frame
        cache[ids[0]] = frame
        cache[ids[2]] = frame
        #expect(held(cache) == [ids[0], ids[2]])
    }

    @Test func readingDoesNotRefreshAFrame() {
        var cache = PosterCache(capacity: 2)
        cache[ids[0]] = frame
        cache[ids[1]] = frame
        _ = cache[ids[0]]
        cache[ids[2]] = frame
        #expect(held(cache) == [ids[1], ids[2]])
    }

    @Test func removingFreesItsPlace() {
        var cache = PosterCache(capacity: 2)
        cache[ids[0]] = frame
        cache[ids[1]] = frame
        cache[ids[0]] = nil
        #expect(cache.count == 1)
        cache[ids[2]] = frame
        #expect(held(cache) == [ids[1], ids[2]], "nothing else was evicted")
        cache[ids[5]] = nil
        #expect(cache.count == 2)
    }

    @Test func keepsTheStoredFrame() throws {
        var cache = PosterCache(capacity: 1)
        let big = FakeMediaBackend.syntheticFrame(width: 16, height: 9)
        cache[ids[0]] = big
        let stored = try #require(cache[ids[0]])
        #expect(stored.width == 16 && stored.height == 9 && stored.bytes == big.bytes)
    }

    @Test(arguments: [0, -5, 1])
    func capacityIsAtLeastOne(capacity: Int) {
        var cache = PosterCache(capacity: capacity)
        cache[ids[0]] = frame
        cache[ids[1]] = frame
        #expect(held(cache) == [ids[1]])
    }

    @Test func largeCacheEvictsInStoreOrder() {
        var cache = PosterCache(capacity: 100)
        let many = (0..<250).map(ItemID.init)
        for id in many { cache[id] = frame }
        #expect(cache.count == 100)
        #expect(many.filter { cache[$0] != nil } == Array(many.suffix(100)))
    }
}
