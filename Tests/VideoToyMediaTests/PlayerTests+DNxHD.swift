import Foundation
import Synchronization
import Testing
import VideoToyCore
import VideoToyMediaTesting
import VideoToyText

@testable import VideoToyMedia

/// A DNxHD file once showed its first frame, then failed with "Internal data stream error." while posters were
/// made for the rest of its folder. This is that scene: the folder's posters, two at a time as the app makes them,
/// while the DNxHD file plays and its view changes size as a window edge is dragged. With the size bound's
/// capsfilter in its immediate caps-change mode (before SampleSink's delayed mode) 5 of 8 plays here ended in that
/// error ("not negotiated": large 1080p pictures scaled to the old bound were still on their way); with it, 0 of 8.
/// It belongs to the serialized Player suite: other tests there count the pipelines alive.
extension PlayerTests {
    /// How many times the DNxHD file plays (`VIDEOTOY_DNXHD_ROUNDS`, for a soak).
    static let dnxhdRounds = ProcessInfo.processInfo.environment["VIDEOTOY_DNXHD_ROUNDS"].flatMap(Int.init) ?? 3

    @Test("a DNxHD file plays to its end, every frame shown, while posters are made for its folder")
    func dnxhdPlaysWhilePostersAreMade() async throws {
        let format = FormatCatalogue.dnxhd(seconds: 4)
        let path = try await Catalogue.onOwnThread {
            try Fixtures.file(format.fileName) { made in
                let folder = (made as NSString).deletingLastPathComponent + "/dnxhd-long"
                for (_, clip) in try FormatCatalogue.make([format], in: folder) {
                    try FileManager.default.moveItem(atPath: clip, toPath: made)
                }
            }
        }
        // The folder: every catalogue clip, the playing file among them as in the report.
        let folder = Array(try await Catalogue.paths().values).sorted() + [path]
        for round in 1...Self.dnxhdRounds {
            let posters = PosterRun(paths: folder)
            let harness = PlayerHarness(path: path)
            let player = try #require(harness.player)
            defer { player.close() }
            player.play()
            _ = harness.run(seconds: 20) { $0 == .firstFrame }
            posters.start()
            // The row's view reports its size after the first picture, and the window changes it while the user
            // drags its edge: a new bound every 150 ms until the end.
            var end: PlayerMessage?
            let sides = [480, 400, 640, 360, 520]
            var step = 0
            let deadline = ContinuousClock.now + .seconds(60)
            while end == nil, ContinuousClock.now < deadline {
                player.limitPictureSize(width: sides[step % sides.count], height: sides[step % sides.count])
                step += 1
                end = harness.run(seconds: 0.15) { message in
                    if case .error = message { return true }
                    return message == .endOfStream
                }
            }
            let failed = posters.wait()
            let shown = harness.output.frames.withLock { $0 }
            print("DNXHD round \(round): \(shown) pictures of \(format.frames + 1), posters failed: \(failed)")
            #expect(end == .endOfStream, "round \(round): \(harness.messages)")
            #expect(failed.isEmpty, "round \(round): posters failed: \(failed)")
            let dropped = max(0, format.frames + 1 - shown)
            #expect(dropped * 100 <= format.frames, "round \(round): \(shown) of \(format.frames + 1) pictures")
        }
    }
}

/// Posters for a list of files, made on two threads as the app's workers make them.
private final class PosterRun: Sendable {
    private let paths: [String]
    private let maker = PosterMaker(maxHeight: 180, timeoutSeconds: 30)
    private let failures = Mutex<[String]>([])
    private let group = DispatchGroup()
    private let next = Mutex(0)

    init(paths: [String]) { self.paths = paths }

    func start() {
        for _ in 0..<2 {
            group.enter()
            Thread.detachNewThread { [self] in
                while let path = take() {
                    if case .failure(let failure) = maker.poster(path: path, durationMs: nil) {
                        failures.withLock { $0.append("\((path as NSString).lastPathComponent): \(failure.text(in: .english))") }
                    }
                }
                group.leave()
            }
        }
    }

    /// Waits for every poster; returns the failures.
    func wait() -> [String] {
        group.wait()
        return failures.withLock { $0 }
    }

    private func take() -> String? {
        next.withLock { index in
            guard index < paths.count else { return nil }
            defer { index += 1 }
            return paths[index]
        }
    }
}
