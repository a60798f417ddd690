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
/// time-outs, missing decoders or other errors, which may change without the file changing.
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
    // 7 keeps picture subtitle formats in a field of their own (a file with them is cached: no decoder is missing);
    // 6 names picture subtitles as formats not shown, and counts WebVTT in Matroska as shown; 5 added the audio and
    // subtitle languages; 4 made the file a log (with `gone` lines); 3 added bit depth,
    // HDR transfer, interlacing and container; 2 added the damage field; version 1 also refused files that
    // version 2 finds merely damaged.
    private static let version = "7"

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

    // ok:   path size mtime "ok" duration width height video audio rotation damage depth transfer interlaced container
    //       audio-languages subtitle-languages "."
    // fail: path size mtime "fail" code detail "."
    // gone: path "" "" "gone" "."
    // Empty fields are nil; tabs, newlines and backslashes in text are escaped. A language list holds one code
    // per stream, comma-separated, "-" for a stream without a language.

    private enum Parsed {
        case entry(Entry)
        case gone(String)
    }

    private static func line(_ entry: Entry) -> String {
        var fields = [escape(entry.path), String(entry.stamp.size), String(entry.stamp.mtimeNs)]
        switch entry.result {
        case .success(let info):
            fields += [
                "ok", info.durationMs.map(String.init) ?? "",
                info.videoSize.map { String($0.width) } ?? "", info.videoSize.map { String($0.height) } ?? "",
                escape(info.videoCodec ?? ""), escape(info.audioCodec ?? ""), String(info.rotation),
                escape(info.damage ?? ""), info.bitDepth.map(String.init) ?? "", info.transfer?.rawValue ?? "",
                info.interlaced ? "i" : "", info.container?.rawValue ?? "", languages(info.audioLanguages),
                languages(info.subtitleLanguages), escape(info.unshownSubtitles.joined(separator: ", ")),
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

    private static func parse(_ line: String) -> Parsed? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 5, fields.last == ".", !fields[0].isEmpty else { return nil }
        if fields[3] == "gone" {
            return fields.count == 5 && fields[1].isEmpty && fields[2].isEmpty ? .gone(unescape(fields[0])) : nil
        }
        guard let size = Int64(fields[1]), let mtime = Int64(fields[2]) else { return nil }
        let path = unescape(fields[0])
        let stamp = FileStamp(size: size, mtimeNs: mtime)
        switch fields[3] {
        case "ok":
            guard fields.count == 19 else { return nil }
            var info = MediaInfo()
            // No probe writes a duration beyond 100 years or a picture beyond 65,535 pixels a side: such a line is
            // damage, and the file is probed again rather than trusted.
            if !fields[4].isEmpty { guard let ms = MediaTime.durationMs(Int(fields[4])) else { return nil }; info.durationMs = ms }
            if !fields[5].isEmpty || !fields[6].isEmpty {
                guard let width = Int(fields[5]), let height = Int(fields[6]), (1...65_535).contains(width), (1...65_535).contains(height)
                else { return nil }
                info.videoSize = PixelSize(width: width, height: height)
            }
            info.videoCodec = fields[7].isEmpty ? nil : unescape(fields[7])
            info.audioCodec = fields[8].isEmpty ? nil : unescape(fields[8])
            guard let rotation = Int(fields[9]), [0, 90, 180, 270].contains(rotation) else { return nil }
            info.rotation = rotation
            info.damage = fields[10].isEmpty ? nil : unescape(fields[10])
            if !fields[11].isEmpty {
                guard let depth = Int(fields[11]), (1...32).contains(depth) else { return nil }; info.bitDepth = depth
            }
            if !fields[12].isEmpty {
                guard let transfer = VideoTransfer(rawValue: fields[12]) else { return nil }; info.transfer = transfer
            }
            info.interlaced = fields[13] == "i"
            if !fields[14].isEmpty { guard let kind = MediaContainer(rawValue: fields[14]) else { return nil }; info.container = kind }
            guard let audioLanguages = languages(fields[15]), let subtitleLanguages = languages(fields[16]) else { return nil }
            info.audioLanguages = audioLanguages
            info.subtitleLanguages = subtitleLanguages
            // The names come from SubtitleFormats' table, none of which holds ", ".
            info.unshownSubtitles = fields[17].isEmpty ? [] : unescape(fields[17]).components(separatedBy: ", ")
            return .entry(Entry(path: path, stamp: stamp, result: .success(info)))
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
            return .entry(Entry(path: path, stamp: stamp, result: .failure(failure)))
        default:
            return nil
        }
    }

    private static func languages(_ list: [Language?]) -> String {
        list.map { $0?.code ?? "-" }.joined(separator: ",")
    }

    /// The languages of a list field, or nil when an entry is not a code this version writes.
    private static func languages(_ field: String) -> [Language?]? {
        guard !field.isEmpty else { return [] }
        var list: [Language?] = []
        for code in field.split(separator: ",", omittingEmptySubsequences: false) {
            if code == "-" {
                list.append(nil)
            } else {
                guard let language = Language(tag: String(code)), language.code == code else { return nil }
                list.append(language)
            }
        }
        return list
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
