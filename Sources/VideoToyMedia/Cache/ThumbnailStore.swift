import CGLib
import CGStreamer
import Foundation
import Glibc
import VideoToyCore
import VideoToyGObject

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
