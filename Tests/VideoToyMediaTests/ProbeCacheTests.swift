import CGLib
import Foundation
import Glibc
import Testing
import VideoToyCore
import VideoToyFiles
import VideoToyMedia

/// A backend that answers from a table and counts how often it is asked.
private final class CountingBackend: MediaBackend, @unchecked Sendable {
    private let lock = NSLock()
    private var probeCalls = 0
    private var posterCalls = 0
    var answer: Result<MediaInfo, ProbeFailure>

    init(answer: Result<MediaInfo, ProbeFailure>) { self.answer = answer }

    var probes: Int { lock.withLock { probeCalls } }
    var posters: Int { lock.withLock { posterCalls } }

    @MainActor
    func makePlayer(
        path: String, output: VideoOutput,
        onMessage: @escaping @MainActor (PlayerMessage) -> Void
    ) -> MediaPlayer? { nil }

    func probe(path: String) -> Result<MediaInfo, ProbeFailure> {
        lock.withLock {
            probeCalls += 1
            return answer
        }
    }

    func sidecars(path: String) -> SidecarSubtitles { SidecarSubtitles() }
    func containerSubtitles(path: String) -> ContainerSubtitles { ContainerSubtitles() }

    func poster(path: String, durationMs: Int?) -> VideoFrame? {
        lock.withLock { posterCalls += 1 }
        return Self.frame(width: 334, height: 188)
    }

    /// A picture with a gradient, so scaling and encoding have something to do.
    static func frame(width: Int, height: Int) -> VideoFrame {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = (y * width + x) * 4
                bytes[p] = UInt8(x * 255 / width)
                bytes[p + 1] = UInt8(y * 255 / height)
                bytes[p + 2] = 128
            }
        }
        let box = Box(bytes)
        return box.bytes.withUnsafeBytes { raw in
            VideoFrame(width: width, height: height, stride: width * 4, bytes: raw.baseAddress!, owner: box)
        }
    }

    private final class Box {
        let bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }
}

private let h264 = MediaInfo(
    durationMs: 20_021, videoSize: PixelSize(width: 1920, height: 1080),
    videoCodec: "H.264", audioCodec: "AAC", rotation: 90)

@Suite("Probe cache and caching backend")
struct ProbeCacheTests {
    private func scratch() throws -> String {
        let folder = try Fixtures.newFolder("probe-cache")
        try Data("not really a video".utf8).write(to: URL(fileURLWithPath: folder + "/clip.mp4"))
        return folder
    }

    private func backend(_ inner: CountingBackend, folder: String, thumbnails: Bool = false) -> CachingBackend {
        CachingBackend(
            wrapping: inner, cache: ProbeCache(file: folder + "/cache.tsv", fingerprint: "test"),
            thumbnailFolder: thumbnails ? folder + "/thumbnails" : nil, saveDelay: 3600)
    }

    /// Sets the file's mtime to `seconds` since the epoch, keeping its size.
    private func touch(_ path: String, seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test("A second probe of an unchanged file is answered without the inner backend")
    func hitAvoidsInnerProbe() throws {
        let folder = try scratch()
        let inner = CountingBackend(answer: .success(h264))
        let caching = backend(inner, folder: folder)
        #expect(try caching.probe(path: folder + "/clip.mp4").get() == h264)
        // Answered from the cache, with the file's size and date from the stamp taken for the lookup.
        let cached = try caching.probe(path: folder + "/clip.mp4").get()
        #expect(cached.durationMs == h264.durationMs && cached.videoCodec == h264.videoCodec)
        #expect(cached.file?.size == 18)
        #expect(inner.probes == 1)
    }

    @Test("A saved cache answers the next run, and a changed mtime or size probes again")
    func persistsAndNoticesChanges() throws {
        let folder = try scratch()
        let clip = folder + "/clip.mp4"
        touch(clip, seconds: 1_700_000_000)
        let first = CountingBackend(answer: .success(h264))
        let firstRun = backend(first, folder: folder)
        _ = firstRun.probe(path: clip)
        #expect(firstRun.flush())

        let second = CountingBackend(answer: .success(h264))
        let secondRun = backend(second, folder: folder)
        let cached = try secondRun.probe(path: clip).get()
        #expect(cached.videoCodec == h264.videoCodec && cached.file?.modified == 1_700_000_000)
        #expect(second.probes == 0)

        touch(clip, seconds: 1_700_000_100)
        _ = secondRun.probe(path: clip)
        #expect(second.probes == 1)

        let size = try #require(FileStamp.of(path: clip)).size
        try Data("longer contents, same mtime".utf8).write(to: URL(fileURLWithPath: clip))
        touch(clip, seconds: 1_700_000_100)
        #expect(try #require(FileStamp.of(path: clip)).size != size)
        _ = secondRun.probe(path: clip)
        #expect(second.probes == 2)
    }

    @Test("A file with picture subtitles is cached with them (no decoder is missing), and they come back named")
    func pictureSubtitlesAreCached() throws {
        let folder = try scratch()
        // The scratch folder's clip stands for a DVD rip: the backend's answer is what matters here.
        let clip = folder + "/clip.mp4"
        touch(clip, seconds: 1_700_000_000)
        var rip = h264
        rip.unshownSubtitles = ["DVD subtitles", "PGS subtitles"]
        #expect(ProbeCache.isCacheable(.success(rip)))
        let firstRun = backend(CountingBackend(answer: .success(rip)), folder: folder)
        _ = firstRun.probe(path: clip)
        #expect(firstRun.flush())
        let second = CountingBackend(answer: .success(h264))
        let cached = try backend(second, folder: folder).probe(path: clip).get()
        #expect(second.probes == 0)
        #expect(cached.unshownSubtitles == ["DVD subtitles", "PGS subtitles"])
    }

    @Test("Failures that depend on the file are kept; time-outs and vanished files are not")
    func cachesOnlyStableFailures() throws {
        let folder = try scratch()
        let clip = folder + "/clip.mp4"
        let inner = CountingBackend(answer: .failure(.notMedia(contentType: "text/plain")))
        let caching = backend(inner, folder: folder)
        _ = caching.probe(path: clip)
        #expect(caching.probe(path: clip) == .failure(.notMedia(contentType: "text/plain")))
        #expect(inner.probes == 1)

        inner.answer = .failure(.timedOut(seconds: 10))
        touch(clip, seconds: 1_600_000_000)
        _ = caching.probe(path: clip)
        _ = caching.probe(path: clip)
        #expect(inner.probes == 3)

        inner.answer = .success(
            MediaInfo(
                durationMs: 1000, videoSize: PixelSize(width: 320, height: 240), videoCodec: "H.264",
                missingDecoders: ["AC-4"]))
        touch(clip, seconds: 1_600_000_001)
        _ = caching.probe(path: clip)
        _ = caching.probe(path: clip)
        #expect(inner.probes == 5)
    }

    @Test(
        "Every field survives a save and load, including tabs and newlines in paths",
        arguments: [
            Result<MediaInfo, ProbeFailure>.success(h264),
            .success(MediaInfo(durationMs: nil, videoSize: nil, videoCodec: nil, audioCodec: "Opus")),
            .success(
                MediaInfo(
                    durationMs: 2000, videoSize: PixelSize(width: 320, height: 240), videoCodec: "H.264",
                    damage: "cut short at 59 % of its media data\t(the file\nends \\ here)")),
            .success(
                MediaInfo(
                    durationMs: 1000, videoSize: PixelSize(width: 1920, height: 1080), videoCodec: "H.265", audioCodec: "AC-3",
                    bitDepth: 10, transfer: .hlg, interlaced: true, container: .m2ts)),
            .success(MediaInfo(durationMs: 1000, videoSize: PixelSize(width: 1920, height: 1080), videoCodec: "DNxHD", container: .mxf)),
            .success(
                MediaInfo(
                    durationMs: 2000, videoSize: PixelSize(width: 320, height: 240), videoCodec: "H.264", audioCodec: "AAC",
                    container: .common, audioLanguages: [Language(tag: "eng"), Language(tag: "fre"), nil],
                    subtitleLanguages: [nil, Language(tag: "de"), Language(tag: "haw"), Language(tag: "zh-Hant")])),
            .success(MediaInfo(durationMs: 500, audioCodec: "Opus", audioLanguages: [nil], subtitleLanguages: [nil])),
            .failure(.empty),
            .failure(.notMedia(contentType: nil)),
            .failure(.incomplete(detail: "the 'moov' box\tneeds\nmore \\ bytes")),
        ])
    func roundTrip(result: Result<MediaInfo, ProbeFailure>) throws {
        let folder = try scratch()
        let path = folder + "/odd\tname\r\nwith é.mp4"
        let stamp = FileStamp(size: 12_345, mtimeNs: 1_700_000_000_123_456_789)
        let cache = ProbeCache(file: folder + "/cache.tsv", fingerprint: "test")
        cache.record(path: path, stamp: stamp, result: result)
        #expect(cache.save())
        let reloaded = ProbeCache(file: folder + "/cache.tsv", fingerprint: "test")
        #expect(reloaded.lookup(path: path, stamp: stamp) == result)
        #expect(reloaded.lookup(path: path, stamp: FileStamp(size: 12_345, mtimeNs: 1_700_000_000_123_456_790)) == nil)
        #expect(ProbeCache(file: folder + "/cache.tsv", fingerprint: "other GStreamer").count == 0)
    }

    @Test(
        "A corrupt or cut-short cache file is ignored and the file is probed",
        arguments: [
            "garbage\u{0}\u{1}\u{2} not a cache\n",
            "videotoy-probe-cache\t7\ttest\n/x\tnot-a-size\t1\tok\t1\t1\t1\tH.264\t\t0\t\t\t\t\t\t\t\t\t.\n",
            // A version-4 line (no languages) in a version-7 file.
            "videotoy-probe-cache\t7\ttest\n/x\t1\t1\tok\t1\t1\t1\tH.264\t\t0\t\t\t\t\t\t.\n",
            // A transfer this version does not know.
            "videotoy-probe-cache\t7\ttest\n/x\t1\t1\tok\t1\t1\t1\tH.265\t\t0\t\t10\tsdr-ish\t\t\t\t\t\t.\n",
            // A language code this version does not write: the bibliographic "fre" is stored as "fra".
            "videotoy-probe-cache\t7\ttest\n/x\t1\t1\tok\t1\t1\t1\tH.264\t\t0\t\t\t\t\t\teng,fre\t\t\t.\n",
            // An empty entry in a language list, which is written as "-".
            "videotoy-probe-cache\t7\ttest\n/x\t1\t1\tok\t1\t1\t1\tH.264\t\t0\t\t\t\t\t\t\teng,,fra\t\t.\n",
            // A "gone" line with a stamp.
            "videotoy-probe-cache\t7\ttest\n/x\t1\t1\tgone\t.\n",
            "",
        ])
    func corruptFileIgnored(contents: String) throws {
        let folder = try scratch()
        let clip = folder + "/clip.mp4"
        let stamp = try #require(FileStamp.of(path: clip))
        // A valid line for the clip itself, followed by the damage: nothing of the file may be trusted.
        let valid = "videotoy-probe-cache\t7\ttest\n\(clip)\t\(stamp.size)\t\(stamp.mtimeNs)\tok\t5\t2\t2\tH.264\t\t0\t\t\t\t\t\t\t\t\t.\n"
        let damaged = contents.hasPrefix("videotoy-probe-cache") ? valid + contents.split(separator: "\n", maxSplits: 1).last! : contents
        try Data(damaged.utf8).write(to: URL(fileURLWithPath: folder + "/cache.tsv"))
        let inner = CountingBackend(answer: .success(h264))
        let caching = backend(inner, folder: folder)
        #expect(try caching.probe(path: clip).get() == h264)
        #expect(inner.probes == 1)
        #expect(caching.cache.count == 1)
    }

    @Test("A last line cut short (the process died mid-append) is dropped alone, and the next save rewrites the file")
    func cutShortTailDropped() throws {
        let folder = try scratch()
        let clip = folder + "/clip.mp4"
        let stamp = try #require(FileStamp.of(path: clip))
        let text =
            "videotoy-probe-cache\t8\ttest\n\(clip)\t\(stamp.size)\t\(stamp.mtimeNs)\tok\t5\t2\t2\tH.264\t\t0\t\t\t\t\t\t\t\t\t\t.\n"
            + "/y\t1\t1\tok\t1\t1"
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/cache.tsv"))
        let cache = ProbeCache(file: folder + "/cache.tsv", fingerprint: "test")
        #expect(cache.count == 1)
        #expect(cache.lookup(path: clip, stamp: stamp) != nil)
        cache.record(path: folder + "/other.mp4", stamp: stamp, result: .success(h264))
        #expect(cache.save())
        let reloaded = ProbeCache(file: folder + "/cache.tsv", fingerprint: "test")
        #expect(reloaded.count == 2)
        #expect(reloaded.linesStored == 2)
    }

    @Test(
        "A file that crashed, hung or exhausted the media helper is kept across runs, and transient failures are not",
        arguments: [
            (ProbeFailure.readerCrashed, true), (.readerStuck(seconds: 15), true), (.readerOutOfMemory(megabytes: 4096), true),
            (.timedOut(seconds: 10), false), (.other("Unable to open"), false),
        ])
    func helperFailuresKept(_ failure: ProbeFailure, kept: Bool) throws {
        let folder = try scratch()
        let clip = folder + "/clip.mp4"
        let stamp = try #require(FileStamp.of(path: clip))
        let cache = ProbeCache(file: folder + "/cache.tsv", fingerprint: "test")
        cache.record(path: clip, stamp: stamp, result: .failure(failure))
        #expect(cache.save())
        let reloaded = ProbeCache(file: folder + "/cache.tsv", fingerprint: "test")
        #expect(reloaded.lookup(path: clip, stamp: stamp) == (kept ? .failure(failure) : nil))
    }

    @Test("A save appends only what changed: one new result in a cache of 5,000 adds one line")
    func saveAppends() throws {
        let folder = try scratch()
        let file = folder + "/cache.tsv"
        let stamp = FileStamp(size: 10, mtimeNs: 20)
        let cache = ProbeCache(file: file, fingerprint: "test")
        for i in 0..<5000 { cache.record(path: "\(folder)/clip\(i).mp4", stamp: stamp, result: .success(h264)) }
        #expect(cache.save())
        let whole = try #require(FileStamp.of(path: file))
        cache.record(path: folder + "/new.mp4", stamp: stamp, result: .failure(.empty))
        cache.remove(path: folder + "/clip7.mp4")
        #expect(cache.save())
        let grown = try #require(FileStamp.of(path: file))
        // Two short lines, not the whole file again.
        #expect(grown.size > whole.size && grown.size - whole.size < 400)
        let reloaded = ProbeCache(file: file, fingerprint: "test")
        #expect(reloaded.count == 5000)
        #expect(reloaded.lookup(path: folder + "/new.mp4", stamp: stamp) == .failure(.empty))
        #expect(reloaded.lookup(path: folder + "/clip7.mp4", stamp: stamp) == nil)
        #expect(reloaded.lookup(path: folder + "/clip8.mp4", stamp: stamp) == .success(h264))
    }

    @Test("A cache file deleted while the app runs is written whole again by the next save")
    func deletedFileRewritten() throws {
        let folder = try scratch()
        let file = folder + "/cache.tsv"
        let stamp = FileStamp(size: 10, mtimeNs: 20)
        let cache = ProbeCache(file: file, fingerprint: "test")
        cache.record(path: folder + "/a.mp4", stamp: stamp, result: .success(h264))
        #expect(cache.save())
        try FileManager.default.removeItem(atPath: file)
        cache.record(path: folder + "/b.mp4", stamp: stamp, result: .success(h264))
        // The append finds no file; the next save rewrites it from memory.
        #expect(!cache.save())
        #expect(cache.save())
        let reloaded = ProbeCache(file: file, fingerprint: "test")
        #expect(reloaded.count == 2)
    }

    @Test("Once replaced lines outnumber live ones the file is compacted to one line per file")
    func compacts() throws {
        let folder = try scratch()
        let file = folder + "/cache.tsv"
        let cache = ProbeCache(file: file, fingerprint: "test")
        let paths = (0..<100).map { "\(folder)/clip\($0).mp4" }
        for round in 0..<30 {
            for path in paths { cache.record(path: path, stamp: FileStamp(size: 10, mtimeNs: Int64(round)), result: .success(h264)) }
            #expect(cache.save())
            #expect(cache.linesStored <= 2 * paths.count + 1000 + paths.count)
        }
        let reloaded = ProbeCache(file: file, fingerprint: "test")
        #expect(reloaded.count == 100)
        #expect(reloaded.linesStored < 30 * 100)
        #expect(reloaded.lookup(path: paths[5], stamp: FileStamp(size: 10, mtimeNs: 29)) == .success(h264))
    }

    @Test("A cache written by version 1, which refused files now found merely damaged, is ignored")
    func versionOneIgnored() throws {
        let folder = try scratch()
        let clip = folder + "/clip.mp4"
        let stamp = try #require(FileStamp.of(path: clip))
        let old =
            "videotoy-probe-cache\t1\ttest\n\(clip)\t\(stamp.size)\t\(stamp.mtimeNs)\tfail\tincomplete\tthe 'mdat' box needs more\t.\n"
        try Data(old.utf8).write(to: URL(fileURLWithPath: folder + "/cache.tsv"))
        let inner = CountingBackend(answer: .success(h264))
        #expect(try backend(inner, folder: folder).probe(path: clip).get() == h264)
        #expect(inner.probes == 1)
    }

    @Test("A cache written by version 4, which knew no languages, is ignored: its files are probed once more")
    func versionFourIgnored() throws {
        let folder = try scratch()
        let clip = folder + "/clip.mp4"
        let stamp = try #require(FileStamp.of(path: clip))
        let old = "videotoy-probe-cache\t4\ttest\n\(clip)\t\(stamp.size)\t\(stamp.mtimeNs)\tok\t5\t2\t2\tH.264\t\t0\t\t\t\t\t\t.\n"
        try Data(old.utf8).write(to: URL(fileURLWithPath: folder + "/cache.tsv"))
        let english = MediaInfo(
            durationMs: 5, videoSize: PixelSize(width: 2, height: 2), videoCodec: "H.264", subtitleLanguages: [Language(tag: "en")])
        let inner = CountingBackend(answer: .success(english))
        let caching = backend(inner, folder: folder)
        #expect(try caching.probe(path: clip).get().subtitleLanguages == [Language(tag: "en")])
        #expect(inner.probes == 1)
        #expect(caching.flush())
        // Once: the rewritten file is this version's, and the next run answers from it.
        let next = CountingBackend(answer: .success(h264))
        #expect(try backend(next, folder: folder).probe(path: clip).get().subtitleLanguages == [Language(tag: "en")])
        #expect(next.probes == 0)
    }

    @Test("Posters are stored as freedesktop thumbnails and read back while fresh")
    func thumbnails() throws {
        let folder = try scratch()
        let clip = folder + "/clip.mp4"
        touch(clip, seconds: 1_700_000_000)
        let inner = CountingBackend(answer: .success(h264))
        let caching = backend(inner, folder: folder, thumbnails: true)
        let made = try #require(caching.poster(path: clip, durationMs: 1000))
        #expect((made.width, made.height) == (334, 188))

        let store = ThumbnailStore(root: folder + "/thumbnails")
        let uri = try #require(ThumbnailStore.uri(of: clip))
        let digest = try #require(g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1))
        let name = String(cString: digest)
        g_free(digest)
        let file = try #require(store.thumbnailPath(for: clip, size: "large"))
        #expect(file == folder + "/thumbnails/large/\(name).png")
        let png = try #require(FileManager.default.contents(atPath: file))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let text = String(decoding: png.prefix(2000), as: UTF8.self)
        #expect(text.contains("Thumb::URI\u{0}\(uri)"))
        #expect(text.contains("Thumb::MTime\u{0}1700000000"))

        let again = try #require(caching.poster(path: clip, durationMs: 1000))
        #expect(inner.posters == 1)
        // "large" is at most 256 pixels on its longer side.
        #expect((again.width, again.height) == (256, 144))

        touch(clip, seconds: 1_700_000_001)
        _ = caching.poster(path: clip, durationMs: 1000)
        #expect(inner.posters == 2)
    }
}
