import CGStreamer
import Synchronization
import Testing
import VideoToyCore

@testable import VideoToyMedia

/// Counts the elements it makes and how many of them have been finalized since.
private final class TrackedElements: Sendable {
    let made = Mutex(0)
    let finalized = Mutex(0)
    /// The factory name that fails, as if its plugin were missing.
    let failing: String?

    init(failing: String?) { self.failing = failing }

    var factory: ElementFactory {
        ElementFactory { [self] name in
            guard name != failing, let element = gst_element_factory_make(name, nil) else { return nil }
            made.withLock { $0 += 1 }
            let box = Unmanaged.passRetained(self).toOpaque()
            g_object_weak_ref(
                UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self),
                { data, _ in
                    let tracked = Unmanaged<TrackedElements>.fromOpaque(data!).takeRetainedValue()
                    tracked.finalized.withLock { $0 += 1 }
                }, box)
            return element
        }
    }
}

@Suite("Player building")
@MainActor
struct PlayerBuildTests {
    @Test(
        "a player that cannot be built frees every element it made before the step that failed",
        arguments: ["playbin", "appsink", "capsfilter", "bin"])
    func failedStepFreesEarlierElements(failing: String) throws {
        let clip = try Fixtures.clip("player-1s.mp4", ClipSpec(durationMs: 1000))
        let tracked = TrackedElements(failing: failing)
        let player = Player(path: clip, output: CountingOutput(), soundSink: nil, elements: tracked.factory) { _ in }
        #expect(player == nil, "no player without \(failing)")
        let made = tracked.made.withLock { $0 }
        #expect(made == ["playbin": 0, "appsink": 1, "capsfilter": 2, "bin": 3][failing], "elements made before \(failing)")
        #expect(tracked.finalized.withLock { $0 } == made, "every element made before \(failing) is freed")
    }

    @Test("the counting itself: a player that was built holds its elements until it is closed")
    func builtPlayerHoldsItsElements() throws {
        let clip = try Fixtures.clip("player-1s.mp4", ClipSpec(durationMs: 1000))
        let tracked = TrackedElements(failing: nil)
        let player = try #require(Player(path: clip, output: CountingOutput(), soundSink: nil, elements: tracked.factory) { _ in })
        #expect(tracked.made.withLock { $0 } >= 4)
        #expect(tracked.finalized.withLock { $0 } == 0)
        player.close()
    }
}
