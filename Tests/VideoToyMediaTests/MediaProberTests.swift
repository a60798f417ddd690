import Foundation
import Glibc
import Testing
import VideoToyCore
import VideoToyMediaTesting
import VideoToyText

@testable import VideoToyMedia

/// A clip to probe and what the prober must report for it.
struct ProbeCase: Sendable, CustomTestStringConvertible {
    let name: String
    let spec: ClipSpec
    let size: PixelSize?
    let videoCodec: String?
    let audioCodec: String?
    var testDescription: String { name }
}

@Suite("MediaProber")
struct MediaProberTests {
    let prober = MediaProber(timeoutSeconds: 10)

    static let clips: [ProbeCase] = [
        ProbeCase(
            name: "h264-aac.mp4", spec: ClipSpec(width: 320, height: 240, durationMs: 2000),
            size: PixelSize(width: 320, height: 240), videoCodec: "H.264", audioCodec: "AAC"),
        ProbeCase(
            name: "vp8-vorbis.webm",
            spec: ClipSpec(width: 640, height: 360, durationMs: 3000, container: .webm, videoCodec: .vp8, pattern: "ball"),
            size: PixelSize(width: 640, height: 360), videoCodec: "VP8", audioCodec: "Vorbis"),
        ProbeCase(
            name: "h264-vorbis.mkv",
            spec: ClipSpec(width: 426, height: 240, durationMs: 1500, fps: 30, container: .mkv, pattern: "pinwheel"),
            size: PixelSize(width: 426, height: 240), videoCodec: "H.264", audioCodec: "Vorbis"),
        ProbeCase(
            name: "silent.mp4", spec: ClipSpec(width: 256, height: 144, durationMs: 2500, audio: false),
            size: PixelSize(width: 256, height: 144), videoCodec: "H.264", audioCodec: nil),
        ProbeCase(
            name: "audio-only.mp4", spec: ClipSpec(durationMs: 2000, videoCodec: .none),
            size: nil, videoCodec: nil, audioCodec: "AAC"),
        ProbeCase(
            name: "audio-only.webm", spec: ClipSpec(durationMs: 1800, container: .webm, videoCodec: .none),
            size: nil, videoCodec: nil, audioCodec: "Vorbis"),
    ]

    @Test("Generated clips report duration, size and codecs", arguments: clips)
    func probesClip(_ clip: ProbeCase) throws {
        let path = try Fixtures.clip(clip.name, clip.spec)
        let info = try prober.probe(path: path).get()
        let duration = try #require(info.durationMs)
        #expect(abs(duration - clip.spec.durationMs) <= 100, "duration \(duration) ms")
        #expect(info.videoSize == clip.size)
        #expect(info.videoCodec == clip.videoCodec)
        #expect(info.audioCodec == clip.audioCodec)
        #expect(info.rotation == 0)
        #expect(info.missingDecoders.isEmpty)
    }

    @Test("mkvmerge's WebVTT track counts as a German subtitle track, not as a format without a decoder")
    func mkvmergeWebVTT() throws {
        let path = try Fixtures.file("mkvmerge-webvtt.mkv") { _ = try TrackClips.makeMkvmergeWebVTT(at: $0) }
        let info = try prober.probe(path: path).get()
        #expect(info.subtitleLanguages == [Language(tag: "de")])
        #expect(info.missingDecoders.isEmpty, "\(info.missingDecoders)")
        #expect(info.videoCodec == "VP8")
    }

    @Test("A rotation stored in the MP4 track matrix is reported", arguments: [90, 180, 270])
    func rotation(_ degrees: Int) throws {
        let path = try Fixtures.clip("rotated-\(degrees).mp4", ClipSpec(width: 320, height: 180, rotation: degrees))
        let info = try prober.probe(path: path).get()
        #expect(info.rotation == degrees)
        #expect(info.videoSize == PixelSize(width: 320, height: 180))
        #expect(info.displaySize == (degrees == 180 ? PixelSize(width: 320, height: 180) : PixelSize(width: 180, height: 320)))
    }

    @Test("An empty file is reported as empty")
    func empty() throws {
        let path = try Fixtures.file("empty.mp4") { try ClipFactory.makeEmpty(at: $0) }
        #expect(prober.probe(path: path) == .failure(.empty))
    }

    @Test("A text file named .mp4 is not media, and its content type says text")
    func textNamedMp4() throws {
        let path = try Fixtures.file("notes.mp4") { try ClipFactory.makeText(at: $0) }
        #expect(prober.probe(path: path) == .failure(.notMedia(contentType: "text/plain")))
    }

    @Test("An MP4 cut before its index is incomplete")
    func truncatedBeforeIndex() throws {
        let path = try Fixtures.file("cut-before-index.mp4") { try ClipFactory.makeTruncatedBeforeIndex(at: $0) }
        guard case .failure(.incomplete(let detail)) = prober.probe(path: path) else {
            Issue.record("expected .incomplete, got \(prober.probe(path: path))")
            return
        }
        #expect(detail.contains("moov"))
    }

    @Test("An MP4 cut in the middle of its data plays, with its index's full duration and the damage described")
    func truncatedMidData() throws {
        let whole = try Fixtures.file("whole-for-cut.mp4") { try ClipFactory.make(ClipSpec(durationMs: 3000, fastStart: true), at: $0) }
        let path = try Fixtures.file("cut-mid-data.mp4") { try ClipFactory.makeTruncatedMidData(at: $0) }
        let info = try prober.probe(path: path).get()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(info.videoCodec == "H.264" && info.audioCodec == "AAC")
        #expect(info.durationMs == (try prober.probe(path: whole).get()).durationMs, "the index still holds every sample")
        let damage = try #require(info.damage)
        // Cut at 60 % of the file, whose index and header are a small part of it: a little under 60 % of the data.
        let percent = try #require(damage.firstMatch(of: #/at (\d+) % of its media data/#).flatMap { Int($0.1) })
        #expect((50...59).contains(percent), "\(damage)")
        #expect(damage.contains("the file ends at byte \(size) of "), "\(damage)")
        #expect(MediaSummary(info).text(in: .english).hasSuffix(" · damaged: " + damage))
    }

    @Test("A still image is not a video")
    func stillImage() throws {
        let path = try Fixtures.file("picture.png") {
            try ClipFactory.runPipeline(
                "videotestsrc num-buffers=1 ! video/x-raw,width=64,height=48 ! pngenc ! filesink location=\"\($0)\"")
        }
        #expect(prober.probe(path: path) == .failure(.notMedia(contentType: "image/png")))
    }

    @Test("A valid clip with a wrong extension still probes")
    func wrongExtension() throws {
        let path = try Fixtures.file("really-a-video.txt") { try ClipFactory.makeWrongExtension(at: $0) }
        let info = try prober.probe(path: path).get()
        #expect(info.videoCodec == "H.264")
        #expect(info.audioCodec == "AAC")
    }

    @Test("No decoder for any stream is a missing-decoder failure naming the video codec")
    func missingAllDecoders() throws {
        let path = try Fixtures.file("dirac-ac4.mp4") { try ClipFactory.makeUndecodable(at: $0, video: true, audio: true) }
        #expect(prober.probe(path: path) == .failure(.missingDecoder(codec: "Dirac", package: nil)))
    }

    @Test("A stream without a decoder is listed when another stream still plays", arguments: [true, false])
    func missingOneDecoder(videoMissing: Bool) throws {
        let name = videoMissing ? "dirac-aac.mp4" : "h264-ac4.mp4"
        let path = try Fixtures.file(name) { try ClipFactory.makeUndecodable(at: $0, video: videoMissing, audio: !videoMissing) }
        let info = try prober.probe(path: path).get()
        #expect(info.missingDecoders == [videoMissing ? "Dirac" : "AC-4"])
        #expect(info.hasVideo)
    }

    @Test("A path that does not exist, or a dangling symlink, has vanished")
    func vanished() throws {
        let folder = try Fixtures.newFolder("vanished")
        #expect(prober.probe(path: folder + "/nothing.mp4") == .failure(.vanished))
        symlink(folder + "/nothing.mp4", folder + "/dangling.mp4")
        #expect(prober.probe(path: folder + "/dangling.mp4") == .failure(.vanished))
    }

    @Test("Folders, devices and sockets are not regular files")
    func notRegular() throws {
        let folder = try Fixtures.newFolder("special")
        #expect(prober.probe(path: folder) == .failure(.notRegularFile(kind: .folder)))
        #expect(prober.probe(path: "/dev/null") == .failure(.notRegularFile(kind: .characterDevice)))
        let socketPath = folder + "/s.mp4"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(socketPath.utf8)
            raw.copyBytes(from: bytes.prefix(raw.count - 1))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        #expect(prober.probe(path: socketPath) == .failure(.notRegularFile(kind: .socket)))
    }

    @Test("A FIFO is refused at once, never opened", .timeLimit(.minutes(1)))
    func fifo() throws {
        let path = try Fixtures.newFolder("fifo") + "/pipe.mp4"
        try #require(mkfifo(path, 0o644) == 0)
        let start = Date()
        #expect(prober.probe(path: path) == .failure(.notRegularFile(kind: .fifo)))
        // Opening it would block until the probe's 10 s timeout; the bound leaves a loaded machine room.
        #expect(Date().timeIntervalSince(start) < 3)
    }

    @Test("An unreadable file is permission-denied for a user the mode bits exclude")
    func permissionDenied() throws {
        let path = try Fixtures.newFolder("denied") + "/locked.mp4"
        try ClipFactory.make(ClipSpec(durationMs: 500), at: path)
        try #require(chmod(path, 0) == 0)
        let prober = self.prober
        let (opened, result) =
            geteuid() == 0
            ? asUnprivilegedThread { (canOpen(path), prober.probe(path: path)) }
            : (canOpen(path), prober.probe(path: path))
        try #require(!opened, "the unprivileged identity could still open a mode-000 file")
        #expect(result == .failure(.permissionDenied))
    }

    @Test("As root, mode bits do not stop reading, so a mode-000 file still probes", .enabled(if: geteuid() == 0))
    func rootReadsModeZero() throws {
        let path = try Fixtures.newFolder("root") + "/locked.mp4"
        try ClipFactory.make(ClipSpec(durationMs: 500), at: path)
        try #require(chmod(path, 0) == 0)
        #expect(canOpen(path))
        #expect((try? prober.probe(path: path).get())?.videoCodec == "H.264")
    }

    @Test("Type bits and sizes classify without opening anything")
    func classify() {
        #expect(FileCheck.classify(mode: S_IFREG | 0o644, size: 0) == .empty)
        #expect(FileCheck.classify(mode: S_IFREG | 0o644, size: 10) == nil)
        #expect(FileCheck.classify(mode: S_IFIFO | 0o644, size: 0) == .notRegularFile(kind: .fifo))
        #expect(FileCheck.classify(mode: S_IFBLK | 0o644, size: 0) == .notRegularFile(kind: .blockDevice))
    }

    @Test("Probing from several threads at once gives the same answers")
    func concurrent() throws {
        let paths = try Self.clips.prefix(4).map { try Fixtures.clip($0.name, $0.spec) }
        let expected = paths.map { prober.probe(path: $0) }
        let results = ResultsBox(count: paths.count * 4)
        DispatchQueue.concurrentPerform(iterations: paths.count * 4) { index in
            results.set(index, prober.probe(path: paths[index % paths.count]))
        }
        for index in 0..<paths.count * 4 {
            #expect(results.get(index) == expected[index % paths.count])
        }
    }
}

/// A lock-protected array for results written from several threads.
final class ResultsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Result<MediaInfo, ProbeFailure>?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Result<MediaInfo, ProbeFailure>) { lock.withLock { values[index] = value } }
    func get(_ index: Int) -> Result<MediaInfo, ProbeFailure>? { lock.withLock { values[index] } }
}

/// Codec names as people know them, from the caps GStreamer's parsers give.
struct CodecNameTests {
    @Test(
        "One name per codec people tell apart",
        arguments: [
            ("video/mpeg, mpegversion=(int)1, systemstream=(boolean)false", "MPEG-1"),
            ("video/mpeg, mpegversion=(int)2, systemstream=(boolean)false", "MPEG-2"),
            ("video/mpeg, mpegversion=(int)4, systemstream=(boolean)false", "MPEG-4 Part 2"),
            ("video/x-h263, variant=(string)itu", "H.263"),
            ("video/x-dnxhd, profile=(string)dnxhd", "DNxHD"),
            ("video/x-flash-video, flvversion=(int)1", "Sorenson Spark"),
            ("video/x-h264, stream-format=(string)avc", "H.264"),
            ("audio/mpeg, mpegversion=(int)1, layer=(int)3", "MP3"),
            ("audio/mpeg, mpegversion=(int)1, layer=(int)2", "MP2"),
            ("audio/mpeg, mpegversion=(int)1, layer=(int)1", "MPEG audio"),
            ("audio/mpeg, mpegversion=(int)4", "AAC"),
            ("video/x-ffv, ffvversion=(int)1", "FFV1"),
            ("video/x-gst-fourcc-vvc1", "H.266 (VVC)"),
            ("audio/x-gst-fourcc-mhm1", "MPEG-H 3D Audio"),
            ("audio/x-gst-fourcc-mha1", "MPEG-H 3D Audio"),
        ])
    func name(caps: String, expected: String) {
        #expect(CodecNames.name(forCaps: caps) == expected)
    }

    @Test(
        "A codec without a decoder is named with the Debian 12 package that decodes it",
        arguments: [
            ("video/x-h265", "gstreamer1.0-libav"), ("video/x-h264", "gstreamer1.0-libav"), ("video/mpeg", "gstreamer1.0-libav"),
            ("video/x-h263", "gstreamer1.0-libav"), ("video/x-flash-video", "gstreamer1.0-libav"),
            ("video/x-dnxhd", "gstreamer1.0-libav"), ("video/x-prores", "gstreamer1.0-libav"), ("video/x-wmv", "gstreamer1.0-libav"),
            ("audio/x-wma", "gstreamer1.0-libav"), ("audio/x-ac3", "gstreamer1.0-libav"), ("video/x-vp9", "gstreamer1.0-plugins-good"),
            ("image/jpeg", "gstreamer1.0-plugins-good"), ("video/x-av1", "gstreamer1.0-plugins-bad"),
            ("video/x-theora", "gstreamer1.0-plugins-base"), ("audio/x-opus", "gstreamer1.0-plugins-base"),
            ("audio/AMR", "gstreamer1.0-plugins-ugly"), ("video/x-ffv", "gstreamer1.0-libav"),
        ])
    func package(mediaType: String, expected: String) {
        #expect(CodecNames.package(forMediaType: mediaType) == expected)
        // Every package of the table is installed here, so a decoder for the type must be found.
        #expect(CodecNames.hasDecoder(forMediaType: mediaType))
    }

    @Test(
        "HDR is the PQ or HLG transfer of the caps' colorimetry, in its named or numeric form",
        arguments: [
            ("bt2100-pq", VideoTransfer.pq), ("bt2100-hlg", .hlg), ("1:6:14:9", .pq), ("1:6:15:9", .hlg),
            ("bt709", nil), ("bt2020-10", nil), ("2:0:0:0", nil), ("not a colorimetry", nil),
        ])
    func transfer(colorimetry: String, expected: VideoTransfer?) {
        GStreamer.initialize()
        #expect(VideoTraits.transfer(colorimetry: colorimetry) == expected)
    }
}
