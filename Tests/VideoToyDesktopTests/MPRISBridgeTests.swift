import Foundation
import Testing
import VideoToyCore
import VideoToyDesktop
import VideoToyTesting

/// What the bridge told its announcer, in order.
@MainActor
final class RecordingAnnouncer: MPRISAnnouncer {
    enum Call: Equatable {
        case invalidate(Int)
        case seeked(Int)
        case stop
    }

    var calls: [Call] = []
    var seeks: [Int] { calls.compactMap { if case .seeked(let ms) = $0 { ms } else { nil } } }

    func invalidate(_ changed: MPRISChange) { calls.append(.invalidate(changed.rawValue)) }
    func seeked(toMs ms: Int) { calls.append(.seeked(ms)) }
    func stop() { calls.append(.stop) }
}

/// Controllers stay alive as long as the app would, since background work may still be delivering when a test ends.
@MainActor
private var kept: [AppController] = []

/// A controller with a fake backend and window, a bridge on it, and what the bridge announced.
@MainActor
struct BridgeRig {
    let backend = FakeMediaBackend()
    let presenter = FakePresenter()
    let controller: AppController
    let bridge: MPRISBridge
    let announcer = RecordingAnnouncer()
    let ids: [ItemID]

    init(
        _ paths: [String], onEnd: OnEnd = .stop, openable: Set<String> = [],
        scripted: [String: Result<MediaInfo, ProbeFailure>] = [:]
    ) async throws {
        for (path, result) in scripted { backend.script(path, result) }
        let log = EventLog(clock: { 0 }, sink: nil, terminal: { _ in })
        // Probes and posters run when the rig says, on the main actor: no wait on a clock that a busy machine stretches.
        let work = ManualBackgroundQueue()
        controller = AppController(backend: backend, log: log, onEnd: onEnd, exitOnEnd: false, sorting: work, work: work)
        controller.attach(presenter)
        presenter.watch(controller)
        kept.append(controller)
        let art = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-mpris-art-\(UUID())").path
        bridge = MPRISBridge(
            controller: controller, raise: {}, quit: {}, openablePath: { openable.contains($0) ? $0 : nil },
            artwork: MPRISArtwork(folder: art, encode: { _ in nil }))
        bridge.announce(to: announcer)
        ids = controller.add(paths: paths)
        work.runAll()
        if controller.library.items.contains(where: { $0.state == .pending }) {
            throw SetUpError("probes left pending after the work ran")
        }
    }

    func player(_ path: String) throws -> FakePlayer { try #require(backend.player(for: path)) }
}

/// Why a rig could not be set up.
struct SetUpError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@MainActor
struct MPRISBridgeTests {
    @Test func statusFollowsTheControllerAndEveryChangeIsAnnounced() async throws {
        let rig = try await BridgeRig(["/v/a.mp4", "/v/b.mp4"])
        #expect(rig.bridge.playbackStatus == .stopped)
        #expect(rig.bridge.canPlay && !rig.bridge.canPause && !rig.bridge.canGoNext)
        rig.bridge.play()
        let a = try rig.player("/v/a.mp4")
        a.emit(.playing(positionMs: 0))
        #expect(rig.bridge.playbackStatus == .playing)
        #expect(rig.bridge.canGoNext && !rig.bridge.canGoPrevious)
        #expect(rig.bridge.metadata?.title == "a.mp4")
        let before = rig.announcer.calls.count
        rig.bridge.pause()
        a.emit(.paused(positionMs: 1200))
        #expect(rig.bridge.playbackStatus == .paused)
        #expect(rig.announcer.calls.count > before, "the pause was announced without any polling")
        #expect(rig.announcer.calls.last == .invalidate(MPRISChange.all.rawValue))
    }

    @Test func stopPausesAtTheStartReadsStoppedAndIsNoSeek() async throws {
        let rig = try await BridgeRig(["/v/a.mp4"])
        rig.bridge.play()
        let a = try rig.player("/v/a.mp4")
        a.emit(.playing(positionMs: 5000))
        rig.bridge.stop()
        #expect(a.transport == [.play, .pause, .seek(0)])
        a.emit(.paused(positionMs: 0))
        #expect(rig.bridge.playbackStatus == .stopped)
        #expect(rig.announcer.seeks.isEmpty, "stopping is not a seek clients hear about")
        rig.bridge.play()
        a.emit(.playing(positionMs: 0))
        #expect(rig.bridge.playbackStatus == .playing)
    }

    @Test func seeksMadeAnywhereAreAnnouncedWithTheirTarget() async throws {
        let rig = try await BridgeRig(["/v/a.mp4"], onEnd: .loop)
        rig.bridge.play()
        let a = try rig.player("/v/a.mp4")
        a.durationMs = 60_000
        a.emit(.playing(positionMs: 10_000))
        rig.bridge.seek(toMs: 30_000)
        rig.controller.intent(rig.ids[0], .seekBy(5000))  // Right in the window
        a.emit(.endOfStream)  // a loop starts over
        #expect(rig.announcer.seeks == [30_000, 35_000, 0])
    }

    @Test func oneVolumeForThePlayerCarriedToEachNewVideo() async throws {
        let rig = try await BridgeRig(["/v/a.mp4", "/v/b.mp4"])
        rig.bridge.play()
        let a = try rig.player("/v/a.mp4")
        rig.bridge.volume = 0.4
        #expect(a.volume == 0.4)
        rig.bridge.next()
        let b = try rig.player("/v/b.mp4")
        #expect(b.volume == 0.4, "a new player starts at full volume; the bridge carries the player's volume over")
        rig.controller.intent(rig.ids[1], .volumeBy(0.3))  // Up in a fullscreen window
        #expect(abs(rig.bridge.volume - 0.7) < 0.001, "the window's change is the player's volume now")
        #expect(rig.announcer.calls.contains(.invalidate(MPRISChange.volume.rawValue)))
    }

    @Test func openAddsOnlyReadableFiles() async throws {
        let rig = try await BridgeRig(["/v/a.mp4"], openable: ["/w/new.mp4"])
        #expect(!rig.bridge.open(path: "/w/missing.mp4"))
        #expect(rig.controller.library.count == 1)
        #expect(rig.bridge.open(path: "/w/new.mp4"))
        #expect(rig.controller.library.count == 2)
        #expect(rig.backend.player(for: "/w/new.mp4") != nil)
        #expect(rig.announcer.calls.contains(.invalidate(MPRISChange.capabilities.rawValue)))
    }

    @Test(arguments: ["/w/list.m3u8", "/w/LIST.M3U", "/w/show.mpd", "/w/radio.pls", "/w/mix.xspf"])
    func openRefusesPlaylistsAndManifests(path: String) async throws {
        // Readable local files, but their entries name network addresses: nothing in them may be fetched.
        let rig = try await BridgeRig(["/v/a.mp4"], openable: [path])
        #expect(!rig.bridge.open(path: path))
        #expect(rig.controller.library.count == 1)
        #expect(rig.backend.player(for: path) == nil)
    }

    @Test func onlyTheCurrentVideosChangesAreAnnounced() async throws {
        let rig = try await BridgeRig(["/v/a.mp4", "/v/b.mp4"])
        rig.bridge.play()
        let a = try rig.player("/v/a.mp4")
        a.emit(.playing(positionMs: 0))
        rig.bridge.next()
        let b = try rig.player("/v/b.mp4")
        b.emit(.playing(positionMs: 0))
        let before = rig.announcer.calls.count
        a.emit(.paused(positionMs: 4000))  // the previous video's late report
        #expect(rig.announcer.calls.count == before, "\(rig.announcer.calls.suffix(3))")
        b.emit(.error(.library("Internal data stream error.")))  // the current video fails: nothing is current any more
        #expect(rig.announcer.calls.count > before, "the failure of the current video is announced")
        #expect(rig.bridge.playbackStatus == .stopped)
    }
}
