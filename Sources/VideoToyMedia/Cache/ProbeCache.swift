import CGLib
import Foundation
import Glibc
import VideoToyCore
import VideoToyPOSIX

/// What identifies one version of a file for the caches: its size and modification time.
public struct FileStamp: Hashable, Sendable {
    /// Size in bytes.
    public var size: Int64
    /// Modification time in nanoseconds since the epoch.
    public var mtimeNs: Int64

    /// Creates a stamp.
    public init(size: Int64, mtimeNs: Int64) {
        self.size = size
        self.mtimeNs = mtimeNs
    }

    /// Whole seconds of the modification time, as the thumbnail spec's `Thumb::MTime` stores it.
    public var mtimeSeconds: Int64 { mtimeNs >= 0 ? mtimeNs / 1_000_000_000 : (mtimeNs + 1) / 1_000_000_000 - 1 }

    /// The stamp of the regular file at `path` (symlinks followed), or nil if there is none.
    public static func of(path: String) -> FileStamp? {
        guard let info = PathCalls.status(path), info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileStamp(
            size: Int64(info.st_size),
            mtimeNs: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}

/// Remembers probe results across runs, keyed by path and checked against the file's size and mtime.
///
/// One compact text file (a header line, then one tab-separated line per file) is read once, on
/// whichever thread asks first, and written atomically (a temporary file renamed over the old one).
/// A file that is missing, unreadable, of another version or malformed is ignored: the cache starts empty.
/// Only results that depend on the file's bytes alone are kept: not "vanished", "permission denied",
/// time-outs, missing decoders or other errors, which may change without the file changing.
public final class ProbeCache: @unchecked Sendable {
    /// Where the cache is stored.
    public let file: String
    /// Ties the stored results to the media stack that produced them (such as the GStreamer version).
    public let fingerprint: String
    /// Entries beyond this many are dropped on save, keeping those used or recorded in this run.
    public let maxEntries: Int

    private struct Entry {
        var stamp: FileStamp
        var result: Result<MediaInfo, ProbeFailure>
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var touched: Set<String> = []
    private var loaded = false
    private var changes = 0

    private static let magic = "videotoy-probe-cache"
    // 2 added the damage field; version 1 also refused files that version 2 finds merely damaged.
    // 3 added bit depth, HDR transfer, interlacing and container.
    private static let version = "3"

    /// Creates a cache stored in `file`; nothing is read until the first use or `load()`.
    public init(file: String, fingerprint: String = "", maxEntries: Int = 200_000) {
        self.file = file
        // Tabs and newlines would break the header line.
        self.fingerprint = fingerprint.map { $0 == "\t" || $0 == "\n" ? " " : String($0) }.joined()
        self.maxEntries = max(1, maxEntries)
    }

    /// Reads the stored file once; later calls return at once. Safe from any thread.
    public func load() {
        lock.lock()
        defer { lock.unlock() }
        loadLocked()
    }

    /// The stored result for `path`, if one was recorded for this very size and mtime.
    public func lookup(path: String, stamp: FileStamp) -> Result<MediaInfo, ProbeFailure>? {
        lock.lock()
        defer { lock.unlock() }
        loadLocked()
        guard let entry = entries[path], entry.stamp == stamp else { return nil }
        touched.insert(path)
        return entry.result
    }

    /// Records the result of probing `path` at `stamp`; results that may change on their own are not kept.
    public func record(path: String, stamp: FileStamp, result: Result<MediaInfo, ProbeFailure>) {
        guard Self.isCacheable(result) else { return }
        lock.lock()
        defer { lock.unlock() }
        loadLocked()
        if let old = entries[path], old.stamp == stamp, Self.same(old.result, result) { return }
        entries[path] = Entry(stamp: stamp, result: result)
        touched.insert(path)
        changes += 1
    }

    /// Forgets `path`.
    public func remove(path: String) {
        lock.lock()
        defer { lock.unlock() }
        loadLocked()
        if entries.removeValue(forKey: path) != nil { changes += 1 }
    }

    /// How many files the cache knows.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        loadLocked()
        return entries.count
    }

    /// True when there are records not yet saved.
    public var hasUnsavedChanges: Bool {
        lock.lock()
        defer { lock.unlock() }
        return changes > 0
    }

    /// Writes the cache if anything changed; returns false if writing failed.
    @discardableResult
    public func save() -> Bool {
        lock.lock()
        guard changes > 0 else { lock.unlock(); return true }
        if entries.count > maxEntries {
            // Keep what this run used; the rest belongs to files the user no longer opens.
            entries = entries.filter { touched.contains($0.key) }
        }
        let snapshot = entries
        let savedChanges = changes
        changes = 0
        lock.unlock()

        var text = "\(Self.magic)\t\(Self.version)\t\(fingerprint)\n"
        text.reserveCapacity(snapshot.count * 120)
        for (path, entry) in snapshot { text += Self.line(path: path, entry: entry) }
        let folder = (file as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
            return true
        } catch {
            lock.withLock { changes += savedChanges }
            return false
        }
    }

    /// Whether a result depends only on the file's bytes, so it stays true while size and mtime do.
    public static func isCacheable(_ result: Result<MediaInfo, ProbeFailure>) -> Bool {
        switch result {
        case .success(let info): return info.missingDecoders.isEmpty
        case .failure(.empty), .failure(.notMedia), .failure(.incomplete): return true
        case .failure: return false
        }
    }

    // MARK: Reading

    private func loadLocked() {
        guard !loaded else { return }
        loaded = true
        guard let data = FileManager.default.contents(atPath: file) else { return }
        var parsed: [String: Entry] = [:]
        var header = true
        var valid = true
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count, valid {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                // A line without its newline was cut short: the file is not one this cache wrote whole.
                guard end < bytes.count else { valid = false; break }
                let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                start = end + 1
                if header {
                    header = false
                    valid = line == "\(Self.magic)\t\(Self.version)\t\(fingerprint)"
                    continue
                }
                guard let (path, entry) = Self.parse(line) else { valid = false; break }
                parsed[path] = entry
            }
        }
        // Any damage means the whole file is suspect: start empty rather than trust part of it.
        if valid && !header { entries = parsed }
    }

    // MARK: Line format

    // ok:   path size mtime "ok" duration width height video audio rotation damage depth transfer interlaced container "."
    // fail: path size mtime "fail" code detail "."
    // Empty fields are nil; tabs, newlines and backslashes in text are escaped.

    private static func line(path: String, entry: Entry) -> String {
        var fields = [escape(path), String(entry.stamp.size), String(entry.stamp.mtimeNs)]
        switch entry.result {
        case .success(let info):
            fields += [
                "ok", info.durationMs.map(String.init) ?? "",
                info.videoSize.map { String($0.width) } ?? "", info.videoSize.map { String($0.height) } ?? "",
                escape(info.videoCodec ?? ""), escape(info.audioCodec ?? ""), String(info.rotation),
                escape(info.damage ?? ""), info.bitDepth.map(String.init) ?? "", info.transfer?.rawValue ?? "",
                info.interlaced ? "i" : "", info.container?.rawValue ?? "",
            ]
        case .failure(let failure):
            fields += ["fail", failure.code]
            switch failure {
            case .notMedia(let type): fields.append(escape(type ?? ""))
            case .incomplete(let detail): fields.append(escape(detail))
            default: fields.append("")
            }
        }
        fields.append(".")
        return fields.joined(separator: "\t") + "\n"
    }

    private static func parse(_ line: String) -> (String, Entry)? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 5, fields.last == ".", !fields[0].isEmpty,
            let size = Int64(fields[1]), let mtime = Int64(fields[2])
        else { return nil }
        let path = unescape(fields[0])
        let stamp = FileStamp(size: size, mtimeNs: mtime)
        switch fields[3] {
        case "ok":
            guard fields.count == 16 else { return nil }
            var info = MediaInfo()
            if !fields[4].isEmpty { guard let ms = Int(fields[4]) else { return nil }; info.durationMs = ms }
            if !fields[5].isEmpty || !fields[6].isEmpty {
                guard let width = Int(fields[5]), let height = Int(fields[6]) else { return nil }
                info.videoSize = PixelSize(width: width, height: height)
            }
            info.videoCodec = fields[7].isEmpty ? nil : unescape(fields[7])
            info.audioCodec = fields[8].isEmpty ? nil : unescape(fields[8])
            guard let rotation = Int(fields[9]), [0, 90, 180, 270].contains(rotation) else { return nil }
            info.rotation = rotation
            info.damage = fields[10].isEmpty ? nil : unescape(fields[10])
            if !fields[11].isEmpty { guard let depth = Int(fields[11]) else { return nil }; info.bitDepth = depth }
            if !fields[12].isEmpty {
                guard let transfer = VideoTransfer(rawValue: fields[12]) else { return nil }; info.transfer = transfer
            }
            info.interlaced = fields[13] == "i"
            if !fields[14].isEmpty { guard let kind = MediaContainer(rawValue: fields[14]) else { return nil }; info.container = kind }
            return (path, Entry(stamp: stamp, result: .success(info)))
        case "fail":
            guard fields.count == 7 else { return nil }
            let detail = unescape(fields[5])
            let failure: ProbeFailure
            switch fields[4] {
            case "empty": failure = .empty
            case "not-media": failure = .notMedia(contentType: detail.isEmpty ? nil : detail)
            case "incomplete": failure = .incomplete(detail: detail)
            default: return nil
            }
            return (path, Entry(stamp: stamp, result: .failure(failure)))
        default:
            return nil
        }
    }

    private static func same(_ a: Result<MediaInfo, ProbeFailure>, _ b: Result<MediaInfo, ProbeFailure>) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): return x == y
        case (.failure(let x), .failure(let y)): return x == y
        default: return false
        }
    }

    private static func escape(_ text: String) -> String {
        // Scalars, not Characters: "\r\n" is one Character and would slip past a Character test.
        guard text.unicodeScalars.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    private static func unescape(_ text: String) -> String {
        guard text.unicodeScalars.contains("\\") else { return text }
        var out = String.UnicodeScalarView()
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                switch scalar {
                case "t": out.append("\t")
                case "n": out.append("\n")
                case "r": out.append("\r")
                default: out.append(scalar)
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
