import Testing
import VideoToyCore
import VideoToyTesting

@testable import VideoToyDesktop

/// `Seeked` once per seek, and `LoopStatus`, `Shuffle` and `Fullscreen` read and written through the bridge as a
/// client's calls reach it, with their changes announced from either side.
@MainActor
@Suite("MPRIS play order")
struct MPRISPlayOrderTests {
    /// The rig playing its first video, 60 s long, 10 s in; and the commands a client's calls become, announced to the
    /// same recorder as the bridge's own announcements, as the server is both.
    private func playing(_ paths: [String] = ["/v/a.mp4", "/v/b.mp4"]) async throws -> (BridgeRig, MPRISCommands) {
        let rig = try await BridgeRig(paths)
        rig.bridge.play()
        let a = try rig.player(paths[0])
        a.durationMs = 60_000
        a.emit(.playing(positionMs: 10_000))
        return (rig, MPRISCommands(target: rig.bridge, announcer: rig.announcer))
    }

    private func invalidated(_ rig: BridgeRig, _ change: MPRISChange) -> Bool {
        rig.announcer.calls.contains { if case .invalidate(let bits) = $0 { MPRISChange(rawValue: bits).contains(change) } else { false } }
    }

    @Test("SetPosition and Seek each announce Seeked once, with the target")
    func oneSeekedPerSeek() async throws {
        let (rig, commands) = try await playing()
        let track = try #require(rig.bridge.metadata?.trackID)
        #expect(commands.call(MPRISInterface.player, "SetPosition", [.objectPath(track), .int64(30_000_000)]) == nil)
        #expect(rig.announcer.seeks == [30_000])
        #expect(commands.call(MPRISInterface.player, "Seek", [.int64(5_000_000)]) == nil)
        #expect(rig.announcer.seeks == [30_000, 35_000])
    }

    @Test("LoopStatus reads and writes what happens at the end", arguments: MPRISLoopStatus.allCases)
    func loopStatus(status: MPRISLoopStatus) async throws {
        let (rig, commands) = try await playing()
        rig.bridge.onEnd = .stop
        #expect(commands.set(MPRISInterface.player, "LoopStatus", .string(status.rawValue)) == nil)
        #expect(rig.controller.policy.onEnd == status.onEnd)
        #expect(MPRISProperties.player("LoopStatus", of: rig.bridge) == .string(status.rawValue))
        #expect(MPRISLoopStatus(status.onEnd) == status)
        // Playlist wraps: from the last video there is a next one.
        rig.bridge.next()
        #expect(rig.bridge.canGoNext == (status == .playlist))
    }

    @Test("Shuffle reads and writes whether next follows a shuffled order")
    func shuffle() async throws {
        let (rig, commands) = try await playing()
        #expect(MPRISProperties.player("Shuffle", of: rig.bridge) == .bool(false))
        #expect(commands.set(MPRISInterface.player, "Shuffle", .bool(true)) == nil)
        #expect(rig.controller.policy.shuffle)
        #expect(MPRISProperties.player("Shuffle", of: rig.bridge) == .bool(true))
        #expect(rig.bridge.canGoNext, "the other row has not played in this round")
    }

    @Test("Changes of the play order made in the app, as Preferences makes them, are announced")
    func appChangesAreAnnounced() async throws {
        let (rig, _) = try await playing()
        var preferences = Preferences()
        preferences.onEnd = .loop
        rig.announcer.calls = []
        rig.controller.use(preferences)
        #expect(invalidated(rig, .playOrder), "\(rig.announcer.calls)")
        rig.announcer.calls = []
        preferences.shuffle = true
        rig.controller.use(preferences)
        #expect(invalidated(rig, .playOrder), "\(rig.announcer.calls)")
        rig.announcer.calls = []
        rig.controller.use(preferences)
        #expect(!invalidated(rig, .playOrder), "nothing changed, nothing announced")
    }

    @Test("Fullscreen reads and writes the current video's fullscreen, and the window's toggle is announced")
    func fullscreen() async throws {
        let (rig, commands) = try await playing()
        let a = rig.ids[0]
        #expect(MPRISProperties.root("CanSetFullscreen", of: rig.bridge) == .bool(true))
        #expect(MPRISProperties.root("Fullscreen", of: rig.bridge) == .bool(false))
        rig.announcer.calls = []
        #expect(commands.set(MPRISInterface.root, "Fullscreen", .bool(true)) == nil)
        #expect(rig.controller.placement(of: a) == .fullscreen)
        #expect(MPRISProperties.root("Fullscreen", of: rig.bridge) == .bool(true))
        #expect(invalidated(rig, .fullscreen))
        // Setting what already is changes nothing: a toggle must not turn it off.
        #expect(commands.set(MPRISInterface.root, "Fullscreen", .bool(true)) == nil)
        #expect(rig.controller.placement(of: a) == .fullscreen)
        rig.announcer.calls = []
        rig.controller.intent(a, .leaveFullscreen)  // Escape in the window
        #expect(rig.bridge.fullscreen == false)
        #expect(invalidated(rig, .fullscreen), "\(rig.announcer.calls)")
    }
}
