import Foundation
import Glibc
import VideoToyCore
import VideoToyMedia
import VideoToyPOSIX

/// Odd but realistic inputs for reliability tests: unusual containers, extra tracks, huge pictures, damage,
/// and file-system objects that are not plain files. Everything is generated in-process with GStreamer.
public enum OddFiles {
    /// Raw test video caps (I420, so x264 writes a profile every decoder handles).
    private static func video(width: Int = 320, height: Int = 240, frames: Int = 50, fps: Int = 25, pattern: String = "smpte") -> String {
        "videotestsrc pattern=\(pattern) num-buffers=\(frames) ! video/x-raw,format=I420,width=\(width),height=\(height),framerate=\(fps)/1"
    }

    private static func sine(ms: Int, freq: Int = 440) -> String {
        "audiotestsrc wave=sine freq=\(freq) volume=0.3 samplesperbuffer=480 num-buffers=\(max(1, ms / 10)) ! "
            + "audio/x-raw,rate=48000,channels=2 ! audioconvert ! audioresample"
    }

    private static let h264 = "x264enc speed-preset=ultrafast key-int-max=25 ! h264parse"

    private static func quoted(_ path: String) -> String { "\"\(path.replacingOccurrences(of: "\"", with: "\\\""))\"" }

    /// A two-second H.264 MKV with a subtitle track; `undecodable` relabels it with a codec nobody decodes.
    public static func makeWithSubtitles(at path: String, undecodable: Bool) throws {
        let srt = path + ".srt"
        defer { unlink(srt) }
        try Data("1\n00:00:00,000 --> 00:00:01,000\nHello\n\n2\n00:00:01,000 --> 00:00:02,000\nWorld\n".utf8)
            .write(to: URL(fileURLWithPath: srt))
        try ClipFactory.runPipeline(
            "matroskamux name=mux ! filesink location=\(quoted(path))  "
                + "\(video()) ! \(h264) ! queue ! mux.  "
                + "filesrc location=\(quoted(srt)) ! subparse ! text/x-raw,format=utf8 ! queue ! mux.")
        if undecodable {
            // Same length, so every EBML size stays valid: the demuxer sees a track type it cannot name.
            try replace(in: path, "S_TEXT/UTF8", with: "X_BLOB/DATA")
        }
    }

    /// An MP4 with video and two AAC tracks; the first audio track is relabelled AC-4, which nothing decodes here.
    public static func makeSecondAudioUndecodable(at path: String) throws {
        try ClipFactory.runPipeline(
            "mp4mux name=mux ! filesink location=\(quoted(path))  "
                + "\(video()) ! \(h264) ! queue ! mux.  "
                + "\(sine(ms: 2000)) ! \(ClipFactory.audioEncoder(for: ClipSpec())) ! queue ! mux.  "
                + "\(sine(ms: 2000, freq: 880)) ! \(ClipFactory.audioEncoder(for: ClipSpec())) ! queue ! mux.")
        try replace(in: path, "mp4a", with: "ac-4")
    }

    /// A clip of a single (or `frames`) huge picture(s); 16384×16384 takes about 3 s and 400 MB while encoding.
    public static func makeHuge(width: Int, height: Int, frames: Int = 1, at path: String) throws {
        try ClipFactory.runPipeline(
            "\(video(width: width, height: height, frames: frames)) ! \(h264) ! mp4mux ! filesink location=\(quoted(path))")
    }

    /// An MP4 whose frame timestamps are irregular: about 40% of the frames are dropped at random before encoding.
    public static func makeVariableFrameRate(at path: String) throws {
        try ClipFactory.runPipeline(
            "mp4mux name=mux ! filesink location=\(quoted(path))  "
                + "\(video(frames: 75, pattern: "ball")) ! identity drop-probability=0.4 ! \(h264) ! queue ! mux.  "
                + "\(sine(ms: 3000)) ! \(ClipFactory.audioEncoder(for: ClipSpec())) ! queue ! mux.")
    }

    /// A fragmented MP4 (moof/mdat pairs every half second, as streaming recorders write).
    public static func makeFragmented(at path: String) throws {
        try ClipFactory.runPipeline(
            "mp4mux name=mux fragment-duration=500 ! filesink location=\(quoted(path))  "
                + "\(video(frames: 75)) ! \(h264) ! queue ! mux.  "
                + "\(sine(ms: 3000)) ! \(ClipFactory.audioEncoder(for: ClipSpec())) ! queue ! mux.")
    }

    /// A Matroska file written for live streaming: no duration in its header and no index (Cues).
    public static func makeWithoutDuration(at path: String) throws {
        try ClipFactory.runPipeline(
            "matroskamux name=mux streamable=true ! filesink location=\(quoted(path))  "
                + "\(video(frames: 50)) ! \(h264) ! queue ! mux.  "
                + "\(sine(ms: 2000)) ! vorbisenc ! queue ! mux.")
    }

    /// A two-second H.264 MKV whose Segment Info claims to last `claimedMs` milliseconds (1.2e13 is about 380 years):
    /// the 8-byte float of its Duration element (ID 0x4489) is overwritten in place, so every other byte stays valid.
    public static func makeWithClaimedDuration(_ claimedMs: Double, at path: String) throws {
        try ClipFactory.runPipeline(
            "matroskamux name=mux ! filesink location=\(quoted(path))  "
                + "\(video(frames: 50)) ! \(h264) ! queue ! mux.  "
                + "\(sine(ms: 2000)) ! vorbisenc ! queue ! mux.")
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        // The Info element (ID 0x1549A966) holds Duration; matroskamux writes it as an 8-byte float (size byte 0x88).
        guard let info = data.range(of: Data([0x15, 0x49, 0xA9, 0x66])),
            let duration = data.range(of: Data([0x44, 0x89, 0x88]), in: info.upperBound..<min(data.count, info.upperBound + 4096))
        else { throw failure("no 8-byte Segment Duration", path) }
        let bits = claimedMs.bitPattern
        let bytes = (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * $0)) }
        data.replaceSubrange(duration.upperBound..<duration.upperBound + 8, with: bytes)
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// A fast-start MP4 whose bytes from `start` (a fraction of the size) are overwritten with seeded noise.
    public static func makeCorrupted(at path: String, start: Double = 0.5, length: Int = 20_000, seed: UInt64 = 1) throws {
        try ClipFactory.make(ClipSpec(durationMs: 3000, fastStart: true), at: path)
        var data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var state = seed
        let from = Int(Double(data.count) * start)
        for index in from..<min(data.count, from + length) {
            // xorshift64: a reproducible byte stream without Foundation's random.
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            data[index] = UInt8(truncatingIfNeeded: state)
        }
        try Data(data).write(to: URL(fileURLWithPath: path))
    }

    /// A FIFO at `path`.
    public static func makeFIFO(at path: String) throws {
        guard mkfifo(path, 0o644) == 0 else { throw failure("mkfifo", path) }
    }

    /// A bound Unix socket at `path`; the returned descriptor keeps it alive until closed.
    public static func makeSocket(at path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw failure("socket path too long", path) }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { close(fd); throw failure("bind", path) }
        return fd
    }

    /// Two symlinks pointing at each other: `path` → `path`.other → `path`.
    public static func makeSymlinkLoop(at path: String) throws {
        guard symlink(path + ".other", path) == 0, symlink(path, path + ".other") == 0 else { throw failure("symlink", path) }
    }

    /// A symlink to a file that does not exist.
    public static func makeDanglingSymlink(at path: String) throws {
        guard symlink(path + ".missing-target", path) == 0 else { throw failure("symlink", path) }
    }

    /// Writes a copy of the clip at `source` under a name given as raw bytes (which need not be UTF-8) in `folder`
    /// (itself a `PathBytes` string).
    ///
    /// Returns the new file's path as a `PathBytes` string, as the scanner lists it.
    @discardableResult
    public static func copy(_ source: String, toFolder folder: String, rawName: [UInt8]) throws -> String {
        guard let data = OpenFile.reading(source)?.readToEnd() else { throw failure("read", PathBytes.display(source)) }
        let target = PathBytes.decode(PathBytes.encode(folder) + [UInt8(ascii: "/")] + rawName)
        guard let file = OpenFile.writing(target) else { throw failure("open", PathBytes.display(target)) }
        guard file.write(data) else { throw failure("write", PathBytes.display(target)) }
        return target
    }

    /// Replaces the first occurrence of `old` with `new` (the same length) in the file at `path`.
    public static func replace(in path: String, _ old: String, with new: String) throws {
        precondition(old.utf8.count == new.utf8.count, "a replacement must keep the length")
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let range = data.range(of: Data(old.utf8)) else {
            throw SetUpFailure(description: "No '\(old)' found in \(path).")
        }
        data.replaceSubrange(range, with: Data(new.utf8))
        try data.write(to: URL(fileURLWithPath: path))
    }

    private static func failure(_ what: String, _ path: String) -> SetUpFailure {
        SetUpFailure(description: "\(what) failed for \(path): \(String(cString: strerror(errno)))")
    }
}

/// Holds a write lease on a file, as Samba and NFS servers do: another process's blocking `open` then waits
/// until the lease is released or `/proc/sys/fs/lease-break-time` (45 s by default) has passed.
public final class FileLease: @unchecked Sendable {
    private let fd: Int32

    /// Takes a write lease on `path` (root, or the file's owner, on a file nobody else has open).
    public init(path: String) throws {
        // Leased before the instance exists: a failure must not reach `deinit`, which would close the
        // descriptor a second time, by then perhaps another part of the process's.
        fd = try Self.lease(path)
    }

    private static func lease(_ path: String) throws -> Int32 {
        // The kernel signals the holder with SIGIO when someone wants the file; the default action would kill us.
        signal(SIGIO, SIG_IGN)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SetUpFailure(description: "open \(path): \(String(cString: strerror(errno)))") }
        // F_SETLEASE is 1024, F_WRLCK 1; a lease needs a read-only descriptor of the file, and no other open one
        // anywhere: a child another test spawns at the moment the file was being written may hold a copy of the
        // writer's descriptor for a while (EAGAIN), so the lease is asked again for up to 5 s.
        var attempts = 0
        while fcntl(fd, 1024, Int32(F_WRLCK)) != 0 {
            attempts += 1
            if errno == EAGAIN, attempts < 100 {
                usleep(50_000)
                continue
            }
            let reason = String(cString: strerror(errno))
            close(fd)
            throw SetUpFailure(description: "F_SETLEASE on \(path): \(reason)")
        }
        return fd
    }

    /// Gives the lease up; openers waiting for it continue.
    public func release() {
        _ = fcntl(fd, 1024, Int32(F_UNLCK))
    }

    deinit {
        release()
        close(fd)
    }
}
