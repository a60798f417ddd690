import CGLib
import Dispatch
import Glibc
import VideoToyCore

/// Finds or makes the image MPRIS clients show for a video (`mpris:artUrl`).
///
/// In order: the freedesktop.org thumbnail of the video (shared with file managers), a poster image next to
/// it (`clip.jpg` for `clip.mp4`, or the folder's `poster`, `cover` or `folder` image), and last the app's
/// poster frame, written once as a PNG under a cache folder that keeps only the newest `keep` files. Encoding and
/// writing happen off the main thread; `onArtReady` says when a written file can be asked for.
@MainActor
public final class MPRISArtwork {
    private let folder: String
    private let thumbnails: String
    private let keep: Int
    private let encode: @Sendable (VideoFrame) -> [UInt8]?
    private let retryAfterMs: Int
    private var known: [String: String] = [:]
    private var misses: [String: UInt64] = [:]
    private var writing: Set<String> = []
    private let queue = DispatchQueue(label: "videotoy.mpris-art", qos: .utility)
    /// Called on the main thread when a poster frame has been written as art, so clients can be told.
    public var onArtReady: (@MainActor () -> Void)?

    /// Art files go to `folder` (default `$XDG_CACHE_HOME/videotoy/mpris-art`), at most `keep` of them; `encode` turns
    /// a poster frame into PNG bytes (the media adapter's encoder, so this one needs no image library); a video with no
    /// art is looked at again after `retryAfterMs`.
    public init(
        folder: String? = nil, keep: Int = 100, retryAfterMs: Int = 2000, encode: @escaping @Sendable (VideoFrame) -> [UInt8]?
    ) {
        let cache = String(cString: g_get_user_cache_dir())
        self.folder = folder ?? cache + "/videotoy/mpris-art"
        self.thumbnails = cache + "/thumbnails"
        self.keep = max(1, keep)
        self.encode = encode
        self.retryAfterMs = max(0, retryAfterMs)
    }

    /// The art file for the video at `path`, or nil while there is none; `poster` is asked only when needed.
    ///
    /// After a miss the same video is looked at again at most every `retryAfterMs`, so polling callers stay cheap
    /// and a poster frame made later is still picked up. A poster frame is written in the background: this call
    /// returns nil meanwhile, and `onArtReady` follows.
    public func path(forVideo path: String, poster: () -> VideoFrame?) -> String? {
        if let found = known[path] { return found }
        guard !writing.contains(path) else { return nil }
        let now = g_get_monotonic_time() / 1000
        if let miss = misses[path], UInt64(now) < miss + UInt64(retryAfterMs) { return nil }
        if let found = thumbnail(of: path) ?? sibling(of: path) {
            known[path] = found
            misses[path] = nil
            return found
        }
        if let frame = poster() { write(frame, for: path) } else { misses[path] = UInt64(now) }
        return nil
    }

    private func thumbnail(of path: String) -> String? {
        // The URI of the file's real bytes, as the thumbnailer that made the file computed it.
        guard let uri = PathBytes.withCString(path, { g_filename_to_uri($0, nil, nil) }) else { return nil }
        defer { g_free(uri) }
        // The thumbnail spec names files by the MD5 of the video's URI.
        guard let digest = g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1) else { return nil }
        defer { g_free(digest) }
        let name = String(cString: digest) + ".png"
        for size in ["large", "x-large", "xx-large", "normal"] {
            let candidate = "\(thumbnails)/\(size)/\(name)"
            if g_file_test(candidate, G_FILE_TEST_IS_REGULAR) != 0 { return candidate }
        }
        return nil
    }

    private func sibling(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let directory = String(path[..<slash])
        let name = path[path.index(after: slash)...]
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? String(name)
        for base in [stem, "poster", "cover", "folder"] {
            for ext in ["jpg", "jpeg", "png"] {
                let candidate = "\(directory)/\(base).\(ext)"
                if PathBytes.withCString(candidate, { g_file_test($0, G_FILE_TEST_IS_REGULAR) }) != 0 { return candidate }
            }
        }
        return nil
    }

    private func write(_ frame: VideoFrame, for path: String) {
        guard frame.width > 0, frame.height > 0, let digest = g_compute_checksum_for_string(G_CHECKSUM_SHA1, path, -1)
        else { return }
        defer { g_free(digest) }
        let (file, folder, keep, encode) = ("\(folder)/\(String(cString: digest)).png", folder, keep, encode)
        writing.insert(path)
        queue.async { [weak self] in
            var written = false
            if let bytes = encode(frame) {
                g_mkdir_with_parents(folder, 0o700)
                // g_file_set_contents writes a temporary file and renames it: a client never reads half a PNG.
                written =
                    bytes.withUnsafeBufferPointer { buffer in
                        buffer.withMemoryRebound(to: CChar.self) { g_file_set_contents(file, $0.baseAddress, gssize($0.count), nil) }
                    } != 0
                if written { Self.prune(folder, keep: keep) }
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.writing.remove(path)
                    if written {
                        self.known[path] = file
                        self.onArtReady?()
                    } else {
                        self.misses[path] = UInt64(g_get_monotonic_time() / 1000)
                    }
                }
            }
        }
    }

    /// Deletes all but the newest `keep` art files, so playing many videos does not fill the cache.
    nonisolated private static func prune(_ folder: String, keep: Int) {
        guard let dir = g_dir_open(folder, 0, nil) else { return }
        defer { g_dir_close(dir) }
        var files: [(path: String, modified: Int)] = []
        while let name = g_dir_read_name(dir) {
            let path = "\(folder)/\(String(cString: name))"
            var info = stat()
            guard path.hasSuffix(".png"), stat(path, &info) == 0 else { continue }
            files.append((path, info.st_mtim.tv_sec))
        }
        guard files.count > keep else { return }
        for file in files.sorted(by: { ($0.modified, $0.path) > ($1.modified, $1.path) }).dropFirst(keep) {
            unlink(file.path)
        }
    }
}
