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
        return String(cString: version)
    }

    @MainActor
    public func makePlayer(
        path: String, output: VideoOutput,
        onMessage: @escaping @MainActor (PlayerMessage) -> Void
    ) -> MediaPlayer? {
        inner.makePlayer(path: path, output: output, onMessage: onMessage)
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

// MARK: - The freedesktop.org thumbnail cache

/// Reads and writes thumbnails as the freedesktop.org Thumbnail Managing Standard describes them:
/// `<root>/<size>/<md5 of the file URI>.png`, fresh while its `Thumb::MTime` equals the file's mtime.
///
/// VideoToy writes "large" (at most 256×256) thumbnails, the size closest to its 188-pixel posters, and reads
/// "x-large" (512) or "large" ones, whoever made them; "normal" (128) ones are too small for a row.
public struct ThumbnailStore: Sendable {
    /// The thumbnail root, usually `~/.cache/thumbnails`.
    public let root: String
    /// The tallest poster returned, in pixels.
    public let maxPosterHeight: Int

    /// Creates a store rooted at `root`.
    public init(root: String, maxPosterHeight: Int = 188) {
        self.root = root
        self.maxPosterHeight = maxPosterHeight
        GStreamer.initialize()
    }

    /// The file URI of `path`, as file managers spell it.
    public static func uri(of path: String) -> String? {
        // The URI of the file's real bytes (`caf%E9.mp4`), as file managers compute it, not of the mapped string.
        guard let raw = PathBytes.withCString(path, { g_filename_to_uri($0, nil, nil) }) else { return nil }
        defer { g_free(raw) }
        return String(cString: raw)
    }

    /// Where the thumbnail of `path` lives in the folder for `size` ("normal", "large", "x-large").
    public func thumbnailPath(for path: String, size: String) -> String? {
        guard let uri = Self.uri(of: path),
            let digest = g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1)
        else { return nil }
        defer { g_free(digest) }
        return "\(root)/\(size)/\(String(cString: digest)).png"
    }

    /// A fresh thumbnail of `path` decoded as a poster, or nil.
    public func read(path: String, stamp: FileStamp) -> VideoFrame? {
        guard let uri = Self.uri(of: path) else { return nil }
        for size in ["x-large", "large"] {
            guard let file = thumbnailPath(for: path, size: size),
                let data = FileManager.default.contents(atPath: file)
            else { continue }
            let text = PNGChunks.textChunks([UInt8](data))
            guard text["Thumb::URI"] == uri, text["Thumb::MTime"] == String(stamp.mtimeSeconds) else { continue }
            if let frame = PNGCodec.decode(file: file, maxHeight: maxPosterHeight) { return frame }
        }
        return nil
    }

    /// Stores `frame` as the "large" thumbnail of `path`; failures are ignored (the cache is optional).
    public func write(_ frame: VideoFrame, path: String, stamp: FileStamp) {
        guard let uri = Self.uri(of: path), let file = thumbnailPath(for: path, size: "large"),
            let png = PNGCodec.encode(frame, box: 256)
        else { return }
        let tagged = PNGChunks.inserting(
            text: [
                ("Thumb::URI", uri), ("Thumb::MTime", String(stamp.mtimeSeconds)),
                ("Thumb::Size", String(stamp.size)), ("Software", "VideoToy"),
            ],
            into: png)
        let folder = (file as NSString).deletingLastPathComponent
        // The spec asks for private folders and files, written to a temporary name and renamed.
        guard
            (try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])) != nil
        else { return }
        let temporary = "\(file).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard
            FileManager.default.createFile(
                atPath: temporary, contents: Data(tagged),
                attributes: [.posixPermissions: 0o600])
        else { return }
        if rename(temporary, file) != 0 { unlink(temporary) }
    }
}

/// Reads and inserts PNG `tEXt` chunks.
enum PNGChunks {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The `tEXt` keywords and values before the image data; empty if the bytes are not a PNG.
    static func textChunks(_ bytes: [UInt8]) -> [String: String] {
        guard bytes.count > 8, Array(bytes[0..<8]) == signature else { return [:] }
        var result: [String: String] = [:]
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let start = offset + 8
            guard length >= 0, start + length + 4 <= bytes.count else { break }
            if type == "IDAT" || type == "IEND" { break }
            if type == "tEXt", let zero = bytes[start..<start + length].firstIndex(of: 0) {
                // tEXt is Latin-1; the keys and values the spec uses (URIs, numbers) are ASCII.
                let key = String(bytes[start..<zero].map { Character(Unicode.Scalar($0)) })
                let value = String(bytes[(zero + 1)..<(start + length)].map { Character(Unicode.Scalar($0)) })
                result[key] = value
            }
            offset = start + length + 4
        }
        return result
    }

    /// `png` with `text` chunks inserted right after its header chunk.
    static func inserting(text: [(String, String)], into png: [UInt8]) -> [UInt8] {
        guard png.count > 33, Array(png[0..<8]) == signature else { return png }
        let headerEnd = 8 + 4 + 4 + 13 + 4
        var out = Array(png[0..<headerEnd])
        for (key, value) in text {
            var body = Array("tEXt".utf8) + Array(key.utf8) + [0]
            body += value.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
            let length = UInt32(body.count - 4)
            out += withUnsafeBytes(of: length.bigEndian, Array.init)
            out += body
            out += withUnsafeBytes(of: CRC32.checksum(body).bigEndian, Array.init)
        }
        out += png[headerEnd...]
        return out
    }
}

/// PNG encoding and decoding with GStreamer's `pngenc` and `pngdec`.
enum PNGCodec {
    /// Encodes `frame` scaled down to fit a `box`×`box` square (never up), as an RGB PNG.
    static func encode(_ frame: VideoFrame, box: Int) -> [UInt8]? {
        let (width, height) = fit(width: frame.width, height: frame.height, box: box)
        let description =
            "appsrc name=src format=time num-buffers=1 "
            + "caps=video/x-raw,format=BGRA,width=\(frame.width),height=\(frame.height),framerate=0/1 ! "
            + "videoconvert ! videoscale ! video/x-raw,format=RGB,width=\(width),height=\(height) ! "
            + "pngenc snapshot=true ! appsink name=out sync=false"
        return run(description) { pipeline in
            guard let source = gst_bin_get_by_name(gcast(pipeline), "src") else { return false }
            defer { gst_object_unref(source) }
            let rowBytes = frame.width * 4
            let size = rowBytes * frame.height
            guard let memory = g_malloc(gsize(size)) else { return false }
            for row in 0..<frame.height {
                (memory + row * rowBytes).copyMemory(from: frame.bytes + row * frame.stride, byteCount: rowBytes)
            }
            guard let buffer = gst_buffer_new_wrapped(memory, gsize(size)) else { g_free(memory); return false }
            // The buffer's reference passes to the source.
            guard appSrcPushBuffer(UnsafeMutableRawPointer(source), buffer) == GST_FLOW_OK else { return false }
            _ = appSrcEndOfStream(UnsafeMutableRawPointer(source))
            return true
        } take: { sample in
            guard let buffer = gst_sample_get_buffer(sample) else { return nil }
            var map = GstMapInfo()
            guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return nil }
            defer { gst_buffer_unmap(buffer, &map) }
            guard let data = map.data else { return nil }
            return [UInt8](UnsafeBufferPointer(start: data, count: Int(map.size)))
        }
    }

    /// Decodes the PNG at `file` as a BGRA frame at most `maxHeight` pixels high.
    static func decode(file: String, maxHeight: Int) -> VideoFrame? {
        let description =
            "filesrc name=file ! pngdec ! videoconvert ! videoscale ! "
            + "video/x-raw,format=BGRA,pixel-aspect-ratio=1/1,height=[1,\(max(1, maxHeight))] ! appsink name=out sync=false"
        return run(description) { pipeline in
            guard let source = gst_bin_get_by_name(gcast(pipeline), "file") else { return false }
            defer { gst_object_unref(source) }
            GProperty.set(UnsafeMutableRawPointer(source), "location", file)
            return true
        } take: { sample in
            PixelCopy.frame(from: sample)
        }
    }

    /// The size that fits `box` while keeping the aspect ratio, never larger than the original.
    static func fit(width: Int, height: Int, box: Int) -> (Int, Int) {
        guard width > box || height > box else { return (max(1, width), max(1, height)) }
        if width >= height { return (box, max(1, (height * box + width / 2) / width)) }
        return (max(1, (width * box + height / 2) / height), box)
    }

    /// Builds `description`, lets `prepare` feed it, plays it and hands the first sample of `out` to `take`.
    private static func run<T>(
        _ description: String, prepare: (UnsafeMutablePointer<GstElement>) -> Bool,
        take: (OpaquePointer) -> T?
    ) -> T? {
        GStreamer.initialize()
        var error: UnsafeMutablePointer<GError>?
        let parsed = gst_parse_launch(description, &error)
        let failed = error != nil
        if let error { g_error_free(error) }
        guard let pipeline = parsed else { return nil }
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        guard !failed, let sink = gst_bin_get_by_name(gcast(pipeline), "out") else { return nil }
        defer { gst_object_unref(sink) }
        guard prepare(pipeline) else { return nil }
        gst_element_set_state(pipeline, GST_STATE_PLAYING)
        let appsink = UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstAppSink.self)
        // A broken file ends in an error, not a sample; the bus is not needed, the timeout bounds the wait.
        guard let sample = gst_app_sink_try_pull_sample(appsink, 5 * 1_000_000_000) else { return nil }
        defer { vt_sample_unref(sample) }
        return take(sample)
    }
}

// appsrc's push functions; the shared C shim includes only the appsink header.
@_silgen_name("gst_app_src_push_buffer")
private func appSrcPushBuffer(_ source: UnsafeMutableRawPointer, _ buffer: UnsafeMutablePointer<GstBuffer>) -> GstFlowReturn

@_silgen_name("gst_app_src_end_of_stream")
private func appSrcEndOfStream(_ source: UnsafeMutableRawPointer) -> GstFlowReturn
