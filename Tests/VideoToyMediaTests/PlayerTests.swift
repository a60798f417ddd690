import Foundation
import Glibc
import Synchronization
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

/// Counts the frames a player delivers, from its streaming thread, and keeps the luma of one when asked.
final class CountingOutput: VideoOutput {
    let frames = Mutex(0)
    /// The index (from 0) of the picture whose luma `grabbed` keeps, if any.
    let grabAt: Int?
    let grabbed = Mutex<LumaPicture?>(nil)
    /// Whether the last two pictures are kept, as the view keeps the one on screen and the one waiting for the main
    /// thread to draw it.
    let holdsLast: Bool
    private let held = Mutex<[VideoFrame]>([])

    init(grabAt: Int? = nil, holdsLast: Bool = false) {
        self.grabAt = grabAt
        self.holdsLast = holdsLast
    }

    func present(_ frame: VideoFrame) {
        let index = frames.withLock { count in
            defer { count += 1 }
            return count
        }
        if holdsLast { held.withLock { $0 = ($0 + [frame]).suffix(2) } }
        if index == grabAt { grabbed.withLock { $0 = LumaPicture(bgra: frame) } }
    }
}

/// A real `Player` whose bus watch lives on a private main context that the test iterates on the main thread.
@MainActor
final class PlayerHarness {
    let loop = PrivateMainLoop()
    let output: CountingOutput
    private(set) var messages: [PlayerMessage] = []
    private(set) var player: Player?

    init(path: String, output: CountingOutput = CountingOutput()) {
        self.output = output
        player = loop.asThreadDefault {
            Player(path: path, output: output) { [weak self] message in self?.messages.append(message) }
        }
    }

    /// Iterates the context until a message matches `wanted`, or `seconds` pass; returns that message.
    func run(seconds: Double, until wanted: (PlayerMessage) -> Bool) -> PlayerMessage? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var seen = 0
        while ContinuousClock.now < deadline {
            loop.run(forMilliseconds: 20)
            if let found = messages[seen...].first(where: wanted) { return found }
            seen = messages.count
        }
        return nil
    }

    /// Iterates the context until `done` holds, or `seconds` pass; returns whether it held.
    func iterate(seconds: Double, until done: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if done() { return true }
            loop.run(forMilliseconds: 20)
        }
        return done()
    }

    /// The first end of playback: end of stream or an error.
    func runToEnd(seconds: Double) -> PlayerMessage? {
        run(seconds: seconds) {
            if case .endOfStream = $0 { return true }
            if case .error = $0 { return true }
            return false
        }
    }
}

/// What happens to a playing file.
enum PlayingFileChange: String, CaseIterable, Sendable {
    /// Nothing: the control.
    case none
    /// Cut to 5 % of its length, in place.
    case truncate
    /// Unlinked: the open descriptor keeps its bytes.
    case delete
    /// Another file renamed over it: the open descriptor keeps the old one.
    case replace
}

@Suite("Player", .serialized)
@MainActor
struct PlayerTests {
    static let clip: String = {
        do { return try Fixtures.clip("player-3s.mp4", ClipSpec(durationMs: 3000)) } catch { fatalError("\(error)") }
    }()

    @Test(
        "a file changed while it plays: only one cut short in place ends with an error, and it says so",
        arguments: PlayingFileChange.allCases)
    func fileChangesWhilePlaying(_ change: PlayingFileChange) throws {
        let folder = try Fixtures.newFolder("player-change")
        let path = folder + "/playing.mp4"
        try FileManager.default.copyItem(atPath: Self.clip, toPath: path)
        let openedSize = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let harness = PlayerHarness(path: path)
        let player = try #require(harness.player)
        defer { player.close() }
        player.play()
        let playing = harness.run(seconds: 10) { if case .playing = $0 { return true } else { return false } }
        try #require(playing != nil, "never played: \(harness.messages)")
        _ = harness.run(seconds: 0.8) { _ in false }
        // Answered by the sinks without playbin's lock: still the real position and duration.
        #expect(player.durationMs.map { abs($0 - 3000) < 100 } == true, "duration \(player.durationMs ?? -1)")
        #expect(player.positionMs.map { (400...2500).contains($0) } == true, "position \(player.positionMs ?? -1)")
        switch change {
        case .none: break
        case .truncate: try ClipFactory.truncate(path, fraction: 0.05)
        case .delete: try FileManager.default.removeItem(atPath: path)
        case .replace:
            try FileManager.default.copyItem(atPath: Self.clip, toPath: folder + "/.new")
            try ClipFactory.truncate(folder + "/.new", fraction: 0.5)
            #expect(rename(folder + "/.new", path) == 0)
        }
        let end = harness.runToEnd(seconds: 15)
        if change == .truncate {
            let nowSize = Int64(Double(openedSize) * 0.05)
            #expect(end == .error(.cutShort(nowBytes: nowSize, openedBytes: Int64(openedSize))), "\(harness.messages)")
        } else {
            #expect(end == .endOfStream, "\(change): \(harness.messages)")
        }
        #expect(harness.output.frames.withLock { $0 } > 10)
    }

    @Test("a path that does not exist fails with the probe's words for a vanished file")
    func missingFile() throws {
        let path = try Fixtures.newFolder("player-missing") + "/gone.mp4"
        let harness = PlayerHarness(path: path)
        let player = try #require(harness.player)
        defer { player.close() }
        player.play()
        let end = harness.runToEnd(seconds: 10)
        #expect(end == .error(.unreadable(.vanished)), "\(harness.messages)")
        #expect(!harness.messages.contains { if case .playing = $0 { return true } else { return false } })
    }

    @Test(
        "a file whose open never returns: the main thread never waits, and close frees the pipeline once the open fails",
        .enabled(if: StallingFilesystem.isAvailable))
    func openThatHangs() async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.clip))
        let fs = try StallingFilesystem(files: [.init(name: "hangs.mp4", contents: data, stall: .open)])
        defer { fs.unmount() }
        // Should the main thread wait on the open after all, this releases it, so the test fails instead of hanging.
        let rescue = DispatchWorkItem { fs.release() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 10, execute: rescue)
        defer { rescue.cancel() }
        let before = PipelineWorker.pipelinesHeld
        let clock = ContinuousClock()
        var harness: PlayerHarness?
        let calls = clock.measure {
            harness = PlayerHarness(path: fs.path("hangs.mp4"))
            guard let player = harness?.player else { return }
            player.play()
            player.volume = 0.5
            player.muted = true
        }
        let player = try #require(harness?.player)
        // Waiting on the open would take until the rescue at 10 s; the bounds leave a loaded machine room.
        #expect(calls < .seconds(2), "creating and driving the player took \(calls)")
        #expect(player.volume == 0.5 && player.muted)
        // The worker is now inside filesrc's open(), held by the file system.
        let stuck = await eventually { fs.stalledCount == 1 }
        #expect(stuck, "the open never reached the file system")
        let driving = clock.measure {
            // Queries first: a pending seek would answer the position without asking the pipeline.
            _ = player.positionMs
            _ = player.durationMs
            player.pause()
            player.play()
            player.seek(toMs: 500)
            player.volume = 0.25
            player.limitPictureSize(width: 1280, height: 1280)
        }
        #expect(driving < .seconds(2), "driving the player while its open hangs took \(driving)")
        let closing = clock.measure { player.close() }
        #expect(closing < .seconds(2), "close took \(closing)")
        harness?.loop.run(forMilliseconds: 300)
        #expect(PipelineWorker.pipelinesHeld == before + 1, "freed while a call on it was still running")
        fs.release()
        let freed = await eventually { PipelineWorker.pipelinesHeld == before }
        #expect(freed, "the pipeline was never freed")
        harness?.loop.run(forMilliseconds: 100)
        #expect(harness?.messages == [], "a closed player spoke: \(harness?.messages ?? [])")
    }

    @Test(
        "resource errors use the probe's words; an open that failed otherwise says why",
        arguments: [
            (MessageText.ResourceProblem.notFound, nil as String?, PlaybackError.unreadable(.vanished)),
            (.notAuthorized, nil, .unreadable(.permissionDenied)),
            (
                .openRead, "gstfilesrc.c(1): gst_file_src_start (): /GstFileSrc:source:\nsystem error: Permission denied",
                .unreadable(.permissionDenied)
            ),
            (.openRead, nil, .unreadable(.permissionDenied)),
            (
                .openRead, "gstfilesrc.c(1): gst_file_src_start (): /GstFileSrc:source:\nsystem error: Input/output error",
                .cannotOpen(reason: "Input/output error")
            ),
            (nil, nil, .library("Could not read from resource.")),
        ] as [(MessageText.ResourceProblem?, String?, PlaybackError)])
    func resourceWording(_ problem: MessageText.ResourceProblem?, detail: String?, expected: PlaybackError) {
        #expect(MessageText.playbackError(problem, said: .library("Could not read from resource."), detail: detail) == expected)
    }

    @Test(
        "only the same file, shorter now, was cut short",
        arguments: [
            (FileSnapshot(device: 1, inode: 7, size: 900), true),
            (FileSnapshot(device: 1, inode: 7, size: 1000), false),
            (FileSnapshot(device: 1, inode: 7, size: 2000), false),
            (FileSnapshot(device: 1, inode: 8, size: 10), false),
            (FileSnapshot(device: 2, inode: 7, size: 10), false),
            (nil, false),
        ] as [(FileSnapshot?, Bool)])
    func cutShortVerdict(_ now: FileSnapshot?, expected: Bool) {
        #expect(FileSnapshot(device: 1, inode: 7, size: 1000).wasCutShort(now: now) == expected)
    }
}

/// Polls `condition` for up to `seconds`.
@MainActor
private func eventually(seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
}
