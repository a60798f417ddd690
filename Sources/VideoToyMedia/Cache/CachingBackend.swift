import CGLib
import CGStreamer
import Dispatch
import Foundation
import Glibc
import VideoToyCore
import VideoToyGObject

/// A `MediaBackend` that remembers probes and posters across runs, wrapping the backend that does the work.
///
/// Probes are answered from a `ProbeCache` while a file's size and mtime are unchanged; anything else is
/// probed by the inner backend and recorded. Posters are read from and written to the freedesktop.org
/// thumbnail cache (`$XDG_CACHE_HOME/thumbnails`), so file managers and VideoToy share them.
/// The cache is saved a moment after new results arrive and again when the process exits.
/// Thread-safe: probes and posters are called from several worker threads at once.
public final class CachingBackend: RememberingBackend, @unchecked Sendable {
    private let inner: MediaBackend
    /// The probe results kept across runs.
    public let cache: ProbeCache
    private let thumbnails: ThumbnailStore?
    private let saveDelay: Double
    private let saveQueue = DispatchQueue(label: "videotoy.probe-cache", qos: .utility)
    private let lock = NSLock()
    private var saveScheduled = false

    /// Wraps `inner`, keeping metadata in `cache`. `thumbnailFolder` is the freedesktop thumbnail root (nil: no shared
    /// posters); new results are saved `saveDelay` seconds after they arrive, and at exit.
    public init(
        wrapping inner: MediaBackend, cache: ProbeCache,
        thumbnailFolder: String? = CachingBackend.defaultThumbnailFolder, saveDelay: Double = 2
    ) {
        GStreamer.initialize()
        self.inner = inner
        self.cache = cache
        self.thumbnails = thumbnailFolder.map { ThumbnailStore(root: $0) }
        self.saveDelay = saveDelay
        let cache = self.cache
        // Read the stored file now, off the main thread; the first probe waits for it if it comes sooner.
        DispatchQueue.global(qos: .userInitiated).async { cache.load() }
        ExitFlush.register(cache)
    }

    /// `$XDG_CACHE_HOME/thumbnails`, as the freedesktop.org thumbnail specification names it.
    public static var defaultThumbnailFolder: String { String(cString: g_get_user_cache_dir()) + "/thumbnails" }

    /// The installed GStreamer version: results probed by another version are not trusted.
    public static var mediaFingerprint: String {
        GStreamer.initialize()
        guard let version = gst_version_string() else { return "gstreamer" }
        defer { g_free(version) }
        // The prober's own readings count too: rows read before it learned short MPEG-TS durations, DTS in MPEG-TS
        // (named, then played), HDR stated only in the stream, soundtracks stamped a day late and movies a subtitle
        // track stretches are read again.
        return String(cString: version) + " probe-5"
    }

    @MainActor
    public func makePlayer(
        path: String, output: VideoOutput,
        onMessage: @escaping @MainActor (PlayerMessage) -> Void
    ) -> MediaPlayer? {
        inner.makePlayer(path: path, output: output, onMessage: onMessage)
    }

    public func sidecars(path: String) -> SidecarSubtitles {
        inner.sidecars(path: path)
    }

    public func sidecars(path: String, reading: SubtitleReading) -> SidecarSubtitles {
        inner.sidecars(path: path, reading: reading)
    }

    public func containerSubtitles(path: String) -> ContainerSubtitles {
        inner.containerSubtitles(path: path)
    }

    /// The file's stamp with a deadline: a `stat` on a share that stopped answering must not take a worker forever.
    private func stamp(_ path: String) -> FileStamp?? {
        Bounded.run(seconds: 5) { FileStamp.of(path: path) }
    }

    public func probe(path: String) -> Result<MediaInfo, ProbeFailure> {
        guard let checked = stamp(path) else { return .failure(.timedOut(seconds: 5)) }
        guard let before = checked else { return inner.probe(path: path) }
        // The cache keeps what the file holds; its size and date are the stamp just taken.
        if let known = cache.lookup(path: path, stamp: before) {
            return known.map { info in
                var info = info
                info.file = FileFacts(size: before.size, modified: before.mtimeSeconds)
                return info
            }
        }
        let result = inner.probe(path: path)
        // A file that changed while it was probed may have been read half old, half new: do not keep that.
        if stamp(path) == .some(before) {
            cache.record(path: path, stamp: before, result: result)
            scheduleSave()
        }
        return result
    }

    /// The cached results of the unchanged files among `paths`: one stat each, all under one deadline (a share
    /// that stops answering leaves these to the per-file probes, which have deadlines of their own).
    public func rememberedProbes(_ paths: [String]) -> [Result<MediaInfo, ProbeFailure>?] {
        let cache = self.cache
        let found = Bounded.run(seconds: 5) { () -> [Result<MediaInfo, ProbeFailure>?] in
            let stamps = paths.map { FileStamp.of(path: $0) }
            return zip(paths, cache.lookup(paths: paths, stamps: stamps)).enumerated().map { index, pair in
                guard let stamp = stamps[index] else { return nil }
                return pair.1.map { known in
                    known.map { info in
                        var info = info
                        info.file = FileFacts(size: stamp.size, modified: stamp.mtimeSeconds)
                        return info
                    }
                }
            }
        }
        return found ?? Array(repeating: nil, count: paths.count)
    }

    public func poster(path: String, durationMs: Int?) -> VideoFrame? {
        guard let checked = stamp(path) else { return nil }
        guard let thumbnails, let stamp = checked else {
            return inner.poster(path: path, durationMs: durationMs)
        }
        if let frame = thumbnails.read(path: path, stamp: stamp) { return frame }
        guard let frame = inner.poster(path: path, durationMs: durationMs) else { return nil }
        if self.stamp(path) == .some(stamp) { thumbnails.write(frame, path: path, stamp: stamp) }
        return frame
    }

    /// Saves the probe cache now if it has unsaved results.
    @discardableResult
    public func flush() -> Bool { cache.save() }

    private func scheduleSave() {
        let schedule: Bool = lock.withLock {
            defer { saveScheduled = true }
            return !saveScheduled
        }
        guard schedule else { return }
        saveQueue.asyncAfter(deadline: .now() + saveDelay) { [self] in
            lock.withLock { saveScheduled = false }
            cache.save()
        }
    }
}

/// Saves every registered cache when the process exits normally (`exit`, or returning from main).
private enum ExitFlush {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var caches: [ProbeCache] = []
    nonisolated(unsafe) private static var installed = false

    static func register(_ cache: ProbeCache) {
        lock.withLock {
            caches.append(cache)
            guard !installed else { return }
            installed = true
            atexit { ExitFlush.run() }
        }
    }

    private static func run() {
        let all = lock.withLock { caches }
        for cache in all { cache.save() }
    }
}
