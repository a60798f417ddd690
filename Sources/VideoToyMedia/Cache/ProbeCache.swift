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
/// One compact text file (a header line, then one tab-separated line per result) is read once, in one read, on
/// whichever thread asks first. It is a log: a save appends only the results recorded since the last one (a later
/// line for a path replaces an earlier one, and a `gone` line forgets it), so one new file in a library of
/// 100,000 costs one line, not a rewrite. Once dead lines outnumber live ones, or the file is not one this
/// version wrote whole, the save rewrites it compactly and atomically (a temporary file renamed over the old one).
/// A file that is missing, of another version or has a malformed line is ignored: the cache starts empty. A last
/// line cut short (the process died mid-append) is dropped alone.
/// Only results that depend on the file's bytes alone are kept: not "vanished", "permission denied",
/// time-outs, missing decoders or other errors, which may change without the file changing. A file whose reading
/// crashed, hung or exhausted the media helper is kept too: trying it again at every start is what must not happen.
public final class ProbeCache: @unchecked Sendable {
    /// Where the cache is stored.
    public let file: String
    /// Ties the stored results to the media stack that produced them (such as the GStreamer version).
    public let fingerprint: String
    /// Entries beyond this many are dropped on save, keeping those used or recorded in this run.
    public let maxEntries: Int

    private struct Entry {
        var path: String
        var stamp: FileStamp
        var result: Result<MediaInfo, ProbeFailure>
    }

    private let lock = NSLock()
    private var entries: [PathKey: Entry] = [:]
    private var touched: Set<PathKey> = []
    private var loaded = false
    // Lines recorded since the last save, to append.
    private var unsaved: [String] = []
    // Result lines the file holds now (live or replaced since), and whether it must be rewritten whole.
    private var linesInFile = 0
    private var needsRewrite = true

    private static let magic = "videotoy-probe-cache"
    // 8 adds the missing decoders (for the media helper's answers, which use the same fields) and keeps files that
    // crashed, hung or exhausted the media helper; 7 keeps picture subtitle formats in a field of their own (a file with them is cached: no decoder is missing);
    // 6 names picture subtitles as formats not shown, and counts WebVTT in Matroska as shown; 5 added the audio and
    // subtitle languages; 4 made the file a log (with `gone` lines); 3 added bit depth,
    // HDR transfer, interlacing and container; 2 added the damage field; version 1 also refused files that
    // version 2 finds merely damaged.
    private static let version = "8"

    /// Creates a cache stored in `file`; nothing is read until the first use or `load()`.
    public init(file: String, fingerprint: String = "", maxEntries: Int = 200_000) {
        self.file = file
        // Tabs and newlines would break the header line.
        self.fingerprint = fingerprint.map { $0 == "\t" || $0 == "\n" ? " " : String($0) }.joined()
        self.maxEntries = max(1, maxEntries)
    }

    /// Reads the stored file once; later calls return at once. Safe from any thread.
    public func load() {
        lock.withLock { loadLocked() }
    }

    /// The stored result for `path`, if one was recorded for this very size and mtime.
    public func lookup(path: String, stamp: FileStamp) -> Result<MediaInfo, ProbeFailure>? {
        lookup(paths: [path], stamps: [stamp])[0]
    }

    /// The stored result of each path whose stamp matches (nil stamps and unknown paths give nil), under one lock.
    public func lookup(paths: [String], stamps: [FileStamp?]) -> [Result<MediaInfo, ProbeFailure>?] {
        lock.withLock {
            loadLocked()
            return zip(paths, stamps).map { path, stamp in
                let key = PathKey(path)
                guard let stamp, let entry = entries[key], entry.stamp == stamp else { return nil }
                touched.insert(key)
                return entry.result
            }
        }
    }

    /// Records the result of probing `path` at `stamp`; results that may change on their own are not kept.
    public func record(path: String, stamp: FileStamp, result: Result<MediaInfo, ProbeFailure>) {
        guard Self.isCacheable(result) else { return }
        lock.withLock {
            loadLocked()
            let key = PathKey(path)
            if let old = entries[key], old.stamp == stamp, Self.same(old.result, result) { return }
            let entry = Entry(path: path, stamp: stamp, result: result)
            entries[key] = entry
            touched.insert(key)
            unsaved.append(Self.line(entry))
        }
    }

    /// Forgets `path`.
    public func remove(path: String) {
        lock.withLock {
            loadLocked()
            if entries.removeValue(forKey: PathKey(path)) != nil { unsaved.append("\(Self.escape(path))\t\t\tgone\t.\n") }
        }
    }

    /// How many files the cache knows.
    public var count: Int {
        lock.withLock {
            loadLocked()
            return entries.count
        }
    }

    /// True when there are records not yet saved.
    public var hasUnsavedChanges: Bool {
        lock.withLock { !unsaved.isEmpty }
    }

    /// How many result lines the file holds, replaced ones included (for tests of the compaction).
    public var linesStored: Int {
        lock.withLock { linesInFile }
    }

    /// Writes what changed: appended to the file, or the whole cache when it is due for compaction; returns false
    /// if writing failed.
    @discardableResult
    public func save() -> Bool {
        lock.lock()
        guard !unsaved.isEmpty else { lock.unlock(); return true }
        let lines = unsaved
        unsaved = []
        let total = linesInFile + lines.count
        let compact = needsRewrite || total > 2 * entries.count + 1000 || entries.count > maxEntries
        var snapshot: [Entry] = []
        if compact {
            if entries.count > maxEntries {
                // Keep what this run used; the rest belongs to files the user no longer opens.
                entries = entries.filter { touched.contains($0.key) }
            }
            snapshot = Array(entries.values)
        }
        lock.unlock()

        let written = compact ? rewrite(snapshot) : append(lines)
        lock.withLock {
            if written {
                if compact { (linesInFile, needsRewrite) = (snapshot.count, false) } else { linesInFile += lines.count }
            } else {
                unsaved = lines + unsaved
                // The file may be gone or unwritable: the next save writes it whole, from what is in memory.
                needsRewrite = true
            }
        }
        return written
    }

    private func rewrite(_ snapshot: [Entry]) -> Bool {
        var text = "\(Self.magic)\t\(Self.version)\t\(fingerprint)\n"
        text.reserveCapacity(snapshot.count * 120)
        for entry in snapshot { text += Self.line(entry) }
        let folder = (file as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
            return true
        } catch {
            return false
        }
    }

    private func append(_ lines: [String]) -> Bool {
        let bytes = Array(lines.joined().utf8)
        let fd = open(file, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        // One write: the kernel appends it whole, so another instance's lines never land inside one of these.
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    /// Whether a result depends only on the file's bytes, so it stays true while size and mtime do.
    public static func isCacheable(_ result: Result<MediaInfo, ProbeFailure>) -> Bool {
        switch result {
        case .success(let info): return info.missingDecoders.isEmpty
        case .failure(.empty), .failure(.notMedia), .failure(.incomplete): return true
        // Reading these again would crash, hang or exhaust the media helper again at every start.
        case .failure(.readerCrashed), .failure(.readerStuck), .failure(.readerOutOfMemory): return true
        case .failure: return false
        }
    }

    // MARK: Reading

    private func loadLocked() {
        guard !loaded else { return }
        loaded = true
        guard let data = FileManager.default.contents(atPath: file) else { return }
        var parsed: [PathKey: Entry] = [:]
        var header = true
        var valid = true
        var whole = true
        var lines = 0
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count, valid {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                // A line without its newline was cut short mid-append: it alone is dropped, and the file rewritten.
                guard end < bytes.count else { whole = false; break }
                let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                start = end + 1
                if header {
                    header = false
                    valid = line == "\(Self.magic)\t\(Self.version)\t\(fingerprint)"
                    continue
                }
                lines += 1
                switch Self.parse(line) {
                case .entry(let entry)?: parsed[PathKey(entry.path)] = entry
                case .gone(let path)?: parsed[PathKey(path)] = nil
                case nil: valid = false
                }
            }
        }
        // Any malformed line means the whole file is suspect: start empty rather than trust part of it.
        guard valid && !header else { return }
        entries = parsed
        linesInFile = lines
        needsRewrite = !whole
    }

    // MARK: Line format

    // entry: path size mtime, then the result's fields (ProbeRecord), then "."
    // gone:  path "" "" "gone" "."

    private enum Parsed {
        case entry(Entry)
        case gone(String)
    }

    private static func line(_ entry: Entry) -> String {
        let fields = [escape(entry.path), String(entry.stamp.size), String(entry.stamp.mtimeNs)] + ProbeRecord.fields(entry.result) + ["."]
        return fields.joined(separator: "\t") + "\n"
    }

    private static func parse(_ line: String) -> Parsed? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 5, fields.last == ".", !fields[0].isEmpty else { return nil }
        if fields[3] == "gone" {
            return fields.count == 5 && fields[1].isEmpty && fields[2].isEmpty ? .gone(unescape(fields[0])) : nil
        }
        guard let size = Int64(fields[1]), let mtime = Int64(fields[2]) else { return nil }
        // Only what this version records: a line holding a result it never keeps is not one it wrote.
        guard let result = ProbeRecord.result(fields[3..<(fields.count - 1)]), isCacheable(result) else { return nil }
        return .entry(Entry(path: unescape(fields[0]), stamp: FileStamp(size: size, mtimeNs: mtime), result: result))
    }

    private static func same(_ a: Result<MediaInfo, ProbeFailure>, _ b: Result<MediaInfo, ProbeFailure>) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): return x == y
        case (.failure(let x), .failure(let y)): return x == y
        default: return false
        }
    }

    private static func escape(_ text: String) -> String { ProbeRecord.escape(text) }

    private static func unescape(_ text: String) -> String { ProbeRecord.unescape(text) }
}
