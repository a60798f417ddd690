import Foundation
import VideoToyCore

/// Tiny clips of the encodings real libraries hold (cameras, phones, editors, old downloads), made with ffmpeg,
/// which writes many of them where GStreamer has no encoder (HEVC, Xvid, WMV, FLV, H.263, ProRes, AC-3).
public enum FormatCatalogue {
    /// A moving test picture (testsrc2 scrolls and counts) of `seconds` at `rate` frames per second.
    private static func picture(_ width: Int = 320, _ height: Int = 240, rate: Int = 25, seconds: Int = 2) -> [String] {
        ["-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height):rate=\(rate):duration=\(seconds)"]
    }

    /// A sine tone of `seconds` at `rate` Hz.
    private static func tone(rate: Int = 48000, seconds: Int = 2) -> [String] {
        ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=\(rate):duration=\(seconds)"]
    }

    private static let x265 = ["-c:v", "libx265", "-preset", "ultrafast"]
    private static let x264 = ["-c:v", "libx264", "-preset", "ultrafast"]
    private static let vp9 = ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8"]
    private static let bt2020 = ["-color_primaries", "bt2020", "-colorspace", "bt2020nc"]
    private static let hdr10Metadata =
        "log-level=error:hdr10=1:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1):max-cll=1000,400"

    /// Every format of the catalogue, with the facts its clip must probe to.
    public static let formats: [CatalogueFormat] = [
        CatalogueFormat(
            name: "hevc", fileExtension: "mp4",
            arguments: picture() + tone() + x265 + ["-x265-params", "log-level=error", "-tag:v", "hvc1", "-c:a", "aac"],
            videoCodec: "H.265", audioCodec: "AAC", decoders: ["avdec_h265"], package: "gstreamer1.0-libav"),
        CatalogueFormat(
            name: "hevc-10bit", fileExtension: "mkv",
            arguments: picture() + tone() + x265 + ["-x265-params", "log-level=error", "-pix_fmt", "yuv420p10le", "-c:a", "aac"],
            videoCodec: "H.265", audioCodec: "AAC", bitDepth: 10, decoders: ["avdec_h265"], package: "gstreamer1.0-libav"),
        // HDR10 as phones and streaming rips write it: PQ transfer, BT.2020, mastering display and light levels.
        CatalogueFormat(
            name: "hevc-hdr10", fileExtension: "mp4",
            arguments: picture() + tone() + x265 + bt2020
                + ["-color_trc", "smpte2084", "-pix_fmt", "yuv420p10le", "-x265-params", hdr10Metadata, "-tag:v", "hvc1", "-c:a", "aac"],
            videoCodec: "H.265", audioCodec: "AAC", bitDepth: 10, transfer: .pq, decoders: ["avdec_h265"],
            package: "gstreamer1.0-libav"),
        CatalogueFormat(
            name: "vp9-hlg", fileExtension: "webm",
            arguments: picture() + tone() + vp9 + bt2020
                + ["-color_trc", "arib-std-b67", "-pix_fmt", "yuv420p10le", "-profile:v", "2", "-c:a", "libopus"],
            videoCodec: "VP9", audioCodec: "Opus", bitDepth: 10, transfer: .hlg, decoders: ["vp9dec", "opusdec"],
            package: "gstreamer1.0-plugins-good"),
        CatalogueFormat(
            name: "av1-opus", fileExtension: "mkv",
            arguments: picture() + tone() + ["-c:v", "libaom-av1", "-cpu-used", "8", "-usage", "realtime", "-c:a", "libopus"],
            videoCodec: "AV1", audioCodec: "Opus", decoders: ["av1dec", "opusdec"], package: "gstreamer1.0-plugins-bad"),
        CatalogueFormat(
            name: "vp9-opus", fileExtension: "webm", arguments: picture() + tone() + vp9 + ["-c:a", "libopus"],
            videoCodec: "VP9", audioCodec: "Opus", decoders: ["vp9dec", "opusdec"], package: "gstreamer1.0-plugins-good"),
        CatalogueFormat(
            name: "h264-10bit", fileExtension: "mkv", arguments: picture() + tone() + x264 + ["-pix_fmt", "yuv420p10le", "-c:a", "aac"],
            videoCodec: "H.264", audioCodec: "AAC", bitDepth: 10, decoders: ["avdec_h264"], package: "gstreamer1.0-libav"),
        // 4:2:2 10-bit H.264 with 24-bit PCM, as broadcast camcorders record it.
        CatalogueFormat(
            name: "h264-422", fileExtension: "mov",
            arguments: picture() + tone() + x264 + ["-pix_fmt", "yuv422p10le", "-c:a", "pcm_s24le"],
            videoCodec: "H.264", audioCodec: "PCM", bitDepth: 10, decoders: ["avdec_h264"], package: "gstreamer1.0-libav"),
        // A DVB recording: interlaced 576i MPEG-2 with MPEG audio layer 2.
        CatalogueFormat(
            name: "mpeg2-ts", fileExtension: "ts",
            arguments: picture(720, 576) + tone()
                + ["-c:v", "mpeg2video", "-b:v", "4M", "-flags", "+ildct+ilme", "-top", "1", "-c:a", "mp2", "-b:a", "192k"],
            size: PixelSize(width: 720, height: 576), videoCodec: "MPEG-2", audioCodec: "MP2", interlaced: true,
            container: .mpegTS, decoders: ["avdec_mpeg2video", "avdec_mp2float"], package: "gstreamer1.0-libav"),
        // An AVCHD camcorder: 1080i H.264 (two fields of 50p motion woven into each frame) with AC-3, in M2TS.
        CatalogueFormat(
            name: "avchd-1080i", fileExtension: "m2ts",
            arguments: picture(1920, 1080, rate: 50, seconds: 1) + tone(seconds: 1) + x264
                + [
                    "-vf", "tinterlace=interleave_top,fieldorder=tff", "-pix_fmt", "yuv420p", "-flags", "+ildct+ilme",
                    "-x264-params", "interlaced=1:tff=1", "-c:a", "ac3", "-f", "mpegts", "-mpegts_m2ts_mode", "1",
                ],
            durationMs: 1000, size: PixelSize(width: 1920, height: 1080), frames: 25, videoCodec: "H.264", audioCodec: "AC-3",
            interlaced: true, container: .m2ts, decoders: ["avdec_h264", "avdec_ac3"], package: "gstreamer1.0-libav"),
        CatalogueFormat(
            name: "xvid", fileExtension: "avi",
            arguments: picture() + tone(rate: 44100) + ["-c:v", "mpeg4", "-vtag", "XVID", "-qscale:v", "4", "-c:a", "libmp3lame"],
            videoCodec: "MPEG-4 Part 2", audioCodec: "MP3", decoders: ["avdec_mpeg4", "mpg123audiodec"], package: "gstreamer1.0-libav"),
        CatalogueFormat(
            name: "wmv", fileExtension: "wmv", arguments: picture() + tone(rate: 44100) + ["-c:v", "wmv2", "-c:a", "wmav2"],
            videoCodec: "WMV", audioCodec: "WMA", decoders: ["avdec_wmv2", "avdec_wmav2"], package: "gstreamer1.0-libav"),
        CatalogueFormat(
            name: "flash", fileExtension: "flv", arguments: picture() + tone(rate: 44100) + ["-c:v", "flv", "-c:a", "libmp3lame"],
            videoCodec: "Sorenson Spark", audioCodec: "MP3", decoders: ["avdec_flv", "mpg123audiodec"], package: "gstreamer1.0-libav"),
        // An early phone: QCIF H.263 at 15 frames per second with mono AAC.
        CatalogueFormat(
            name: "phone-h263", fileExtension: "3gp",
            arguments: picture(176, 144, rate: 15) + tone(rate: 16000) + ["-c:v", "h263", "-c:a", "aac", "-b:a", "32k"],
            size: PixelSize(width: 176, height: 144), frames: 30, videoCodec: "H.263", audioCodec: "AAC",
            decoders: ["avdec_h263", "avdec_aac"], package: "gstreamer1.0-libav"),
        CatalogueFormat(
            name: "theora", fileExtension: "ogv", arguments: picture() + tone() + ["-c:v", "libtheora", "-c:a", "libvorbis"],
            videoCodec: "Theora", audioCodec: "Vorbis", decoders: ["theoradec", "vorbisdec"], package: "gstreamer1.0-plugins-base"),
        CatalogueFormat(
            name: "prores", fileExtension: "mov",
            arguments: picture() + tone() + ["-c:v", "prores_ks", "-profile:v", "2", "-c:a", "pcm_s16le"],
            videoCodec: "ProRes", audioCodec: "PCM", bitDepth: 10, decoders: ["avdec_prores"], package: "gstreamer1.0-libav"),
        // A digital still camera's movie mode.
        CatalogueFormat(
            name: "mjpeg", fileExtension: "avi",
            arguments: picture() + tone() + ["-c:v", "mjpeg", "-pix_fmt", "yuvj422p", "-c:a", "pcm_s16le"],
            videoCodec: "Motion JPEG", audioCodec: "PCM", decoders: ["jpegdec"], package: "gstreamer1.0-plugins-good"),
        // DNxHD in MXF from an Avid editor.
        dnxhd(seconds: 1),
        // A phone's variable frame rate: two of every five frames left out, so the gaps between pictures vary.
        CatalogueFormat(
            name: "vfr", fileExtension: "mp4",
            arguments: picture() + tone() + x264 + ["-vf", "select='lt(mod(n\\,5)\\,3)'", "-fps_mode", "vfr", "-c:a", "aac"],
            frames: 30, videoCodec: "H.264", audioCodec: "AAC", decoders: ["avdec_h264"], package: "gstreamer1.0-libav"),
    ]

    /// DNxHD 36 as Avid writes it for offline editing: 1080p25, large intra-only frames, PCM, in MXF.
    public static func dnxhd(seconds: Int) -> CatalogueFormat {
        CatalogueFormat(
            name: seconds == 1 ? "dnxhd" : "dnxhd-\(seconds)s", fileExtension: "mxf",
            arguments: picture(1920, 1080, seconds: seconds) + tone(seconds: seconds)
                + ["-c:v", "dnxhd", "-b:v", "36M", "-pix_fmt", "yuv422p", "-c:a", "pcm_s16le"],
            durationMs: seconds * 1000, size: PixelSize(width: 1920, height: 1080), frames: seconds * 25, videoCodec: "DNxHD",
            audioCodec: "PCM", container: .mxf, decoders: ["avdec_dnxhd"], package: "gstreamer1.0-libav")
    }

    /// Where ffmpeg is, or nil when it is not installed (`scripts/setup test` installs it).
    public static let ffmpeg: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Makes a clip of each format in `folder`, at most `concurrency` at a time; returns their paths by format name.
    public static func make(_ formats: [CatalogueFormat], in folder: String, concurrency: Int = 2) throws -> [String: String] {
        guard let ffmpeg else { throw SetUpFailure(description: "ffmpeg is not installed; `scripts/setup test` installs it.") }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = max(1, concurrency)
        let failures = FailureList()
        for format in formats {
            queue.addOperation {
                do { try run(ffmpeg, format, to: folder + "/" + format.fileName) } catch { failures.add("\(format.name): \(error)") }
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        let problems = failures.all
        guard problems.isEmpty else { throw SetUpFailure(description: problems.joined(separator: "\n")) }
        return Dictionary(uniqueKeysWithValues: formats.map { ($0.name, folder + "/" + $0.fileName) })
    }

    private static func run(_ ffmpeg: String, _ format: CatalogueFormat, to path: String) throws {
        // One encoder thread each: the catalogue is made two clips at a time on two cores.
        let arguments = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + format.arguments + ["-threads", "1", path]
        try FFmpegRun.run(ffmpeg, arguments)
    }
}

/// Failures collected from generator threads.
private final class FailureList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func add(_ item: String) { lock.withLock { items.append(item) } }

    var all: [String] { lock.withLock { items } }
}
