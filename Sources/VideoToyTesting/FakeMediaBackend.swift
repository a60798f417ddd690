import Foundation
import Synchronization
import VideoToyCore

/// A media backend with scripted probe results, synthetic posters and recording players, for controller tests.
@MainActor
public final class FakeMediaBackend: MediaBackend {
    /// What `probe` returns for a path without a scripted result: one minute of 640×360 H.264 with AAC sound.
    public nonisolated static let defaultInfo = MediaInfo(
        durationMs: 60_000, videoSize: PixelSize(width: 640, height: 360), videoCodec: "H.264", audioCodec: "AAC")

    /// One `poster` call, as the worker thread made it.
    public struct PosterRequest: Hashable, Sendable {
        /// The file asked for.
        public let path: String
        /// The duration the controller passed along.
        public let durationMs: Int?

        /// Describes one request.
        public init(path: String, durationMs: Int?) {
            self.path = path
            self.durationMs = durationMs
        }
    }

    /// One finished job, for checking the order in which probes and posters ran.
    public enum Job: Hashable, Sendable {
        /// A probe of the path returned.
        case probe(String)
        /// A poster of the path was made.
        case poster(String)
    }

    private struct Shared: Sendable {
        var results: [String: Result<MediaInfo, ProbeFailure>] = [:]
        var withoutPoster: Set<String> = []
        var probed: [String] = []
        var posterRequests: [PosterRequest] = []
        var journal: [Job] = []
        var held: Set<String> = []
        var sidecars: [String: SidecarSubtitles] = [:]
        var containerSubtitles: [String: ContainerSubtitles] = [:]
    }

    private nonisolated let shared = Mutex(Shared())
    // Probes of held paths wait on it until `releaseHeld()`.
    private nonisolated let holdCondition = NSCondition()

    /// Every player made so far, oldest first.
    public private(set) var players: [FakePlayer] = []
    /// Paths for which `makePlayer` fails (returns nil), as when no pipeline can be built.
    public var unplayablePaths: Set<String> = []
    /// How many times `makePlayer` was called, including failures.
    public private(set) var makePlayerCalls = 0

    /// Creates a backend whose probes all succeed with `defaultInfo` until scripted otherwise.
    public init() {}

    /// Makes `probe(path:)` return `result` for `path` from now on.
    public func script(_ path: String, _ result: Result<MediaInfo, ProbeFailure>) {
        shared.withLock { $0.results[path] = result }
    }

    /// Makes `sidecars(path:)` return `sidecars` for `path` from now on.
    public func script(sidecars: SidecarSubtitles, for path: String) {
        shared.withLock { $0.sidecars[path] = sidecars }
    }

    /// Returns the scripted subtitle files for `path`, or none.
    public nonisolated func sidecars(path: String) -> SidecarSubtitles {
        shared.withLock { $0.sidecars[path] } ?? SidecarSubtitles()
    }

    /// Makes `containerSubtitles(path:)` return `subtitles` for `path` from now on.
    public func script(containerSubtitles subtitles: ContainerSubtitles, for path: String) {
        shared.withLock { $0.containerSubtitles[path] = subtitles }
    }

    /// Returns the scripted tracks read out of the file at `path`, or none.
    public nonisolated func containerSubtitles(path: String) -> ContainerSubtitles {
        shared.withLock { $0.containerSubtitles[path] } ?? ContainerSubtitles()
    }

    /// Makes `poster(path:durationMs:)` return nil for `path`, as when no frame can be decoded.
    public func withholdPoster(_ path: String) {
        shared.withLock { _ = $0.withoutPoster.insert(path) }
    }

    /// Makes probes of `paths` block their worker until `releaseHeld()`, like files on slow storage.
    public func hold(_ paths: Set<String>) {
        holdCondition.withLock { shared.withLock { $0.held.formUnion(paths) } }
    }

    /// Lets every held probe return.
    public func releaseHeld() {
        holdCondition.withLock {
            shared.withLock { $0.held = [] }
            holdCondition.broadcast()
        }
    }

    /// Probes and posters in the order they finished.
    public var journal: [Job] { shared.withLock { $0.journal } }

    /// The paths probed so far, in the order the workers probed them.
    public var probedPaths: [String] { shared.withLock { $0.probed } }

    /// The poster requests so far, in the order the workers made them.
    public var posterRequests: [PosterRequest] { shared.withLock { $0.posterRequests } }

    /// The most recent player made for `path`, if any.
    public func player(for path: String) -> FakePlayer? {
        players.last { $0.path == path }
    }

    /// Every player made for `path`, oldest first.
    public func players(for path: String) -> [FakePlayer] {
        players.filter { $0.path == path }
    }

    /// Returns a recording `FakePlayer`, or nil for a path in `unplayablePaths`.
    public func makePlayer(
        path: String, output: VideoOutput,
        onMessage: @escaping @MainActor (PlayerMessage) -> Void
    ) -> MediaPlayer? {
        makePlayerCalls += 1
        guard !unplayablePaths.contains(path) else { return nil }
        let info = try? shared.withLock { $0.results[path] }?.get()
        let player = FakePlayer(
            path: path, output: output, durationMs: (info ?? Self.defaultInfo).durationMs,
            onMessage: onMessage)
        players.append(player)
        return player
    }

    /// Returns the scripted result for `path`, or success with `defaultInfo`.
    public nonisolated func probe(path: String) -> Result<MediaInfo, ProbeFailure> {
        holdCondition.withLock {
            while shared.withLock({ $0.held.contains(path) }) { holdCondition.wait() }
        }
        return shared.withLock { state in
            state.probed.append(path)
            state.journal.append(.probe(path))
            return state.results[path] ?? .success(Self.defaultInfo)
        }
    }

    /// Returns a small synthetic frame, or nil for a path given to `withholdPoster`.
    public nonisolated func poster(path: String, durationMs: Int?) -> VideoFrame? {
        let withheld = shared.withLock { state in
            state.posterRequests.append(PosterRequest(path: path, durationMs: durationMs))
            state.journal.append(.poster(path))
            return state.withoutPoster.contains(path)
        }
        return withheld ? nil : Self.syntheticFrame()
    }

    /// A BGRA frame of the given size filled with an opaque gradient, owning its own memory.
    public nonisolated static func syntheticFrame(width: Int = 8, height: Int = 6) -> VideoFrame {
        let pixels = PixelBuffer(width: width, height: height)
        return VideoFrame(
            width: width, height: height, stride: pixels.stride, bytes: UnsafeRawPointer(pixels.bytes),
            owner: pixels)
    }
}

/// Memory for a synthetic frame, freed with the last frame that refers to it.
private final class PixelBuffer: @unchecked Sendable {
    let stride: Int
    let bytes: UnsafeMutableRawPointer

    init(width: Int, height: Int) {
        stride = max(1, width) * 4
        let count = stride * max(1, height)
        bytes = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        let pixels = bytes.bindMemory(to: UInt8.self, capacity: count)
        for y in 0..<max(1, height) {
            for x in 0..<max(1, width) {
                let at = y * stride + x * 4
                pixels[at] = UInt8(truncatingIfNeeded: x * 32)
                pixels[at + 1] = UInt8(truncatingIfNeeded: y * 32)
                pixels[at + 2] = 0x80
                pixels[at + 3] = 0xFF
            }
        }
    }

    deinit { bytes.deallocate() }
}
