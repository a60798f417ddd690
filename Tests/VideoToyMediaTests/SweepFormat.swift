import Testing
import VideoToyMedia

/// A codec in a container that GStreamer can both write and play here, for clips played end to end.
enum SweepFormat: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case h264Mp4 = "h264-mp4"
    case vp8Webm = "vp8-webm"
    case vp9Webm = "vp9-webm"
    case av1Mkv = "av1-mkv"
    case dnxhdMxf = "dnxhd-mxf"
    case mjpegAvi = "mjpeg-avi"
    case theoraOgg = "theora-ogg"

    /// The name test reports show.
    var testDescription: String { rawValue }

    /// The elements writing and playing this format need; a format missing any of them is skipped.
    var elements: [String] {
        switch self {
        case .h264Mp4: return ["x264enc", "mp4mux", "avenc_aac", "avdec_h264"]
        case .vp8Webm: return ["vp8enc", "webmmux", "vorbisenc", "vp8dec"]
        case .vp9Webm: return ["vp9enc", "webmmux", "opusenc", "vp9dec"]
        case .av1Mkv: return ["av1enc", "av1parse", "matroskamux", "opusenc", "av1dec"]
        case .dnxhdMxf: return ["avenc_dnxhd", "mxfmux", "avdec_dnxhd"]
        case .mjpegAvi: return ["jpegenc", "avimux", "jpegdec"]
        case .theoraOgg: return ["theoraenc", "oggmux", "vorbisenc", "theoradec"]
        }
    }

    /// Whether every element this format needs is installed.
    var isAvailable: Bool { elements.allSatisfy(GStreamer.hasElement) }

    /// The file name extension.
    var fileExtension: String {
        switch self {
        case .h264Mp4: return "mp4"
        case .vp8Webm, .vp9Webm: return "webm"
        case .av1Mkv: return "mkv"
        case .dnxhdMxf: return "mxf"
        case .mjpegAvi: return "avi"
        case .theoraOgg: return "ogv"
        }
    }

    /// The `gst-launch` description of a clip `seconds` long at `path`, with a sine track when `audio` is set.
    func pipeline(seconds: Int, audio: Bool, path: String) -> String {
        // DNxHD encodes only a few broadcast sizes, in 4:2:2.
        let raw =
            self == .dnxhdMxf
            ? "video/x-raw,width=1280,height=720,framerate=25/1,format=Y42B"
            : "video/x-raw,width=320,height=240,framerate=25/1"
        let (encoder, mux, sound): (String, String, String)
        switch self {
        case .h264Mp4: (encoder, mux, sound) = ("x264enc speed-preset=ultrafast key-int-max=25 ! h264parse", "mp4mux", "avenc_aac")
        case .vp8Webm: (encoder, mux, sound) = ("vp8enc deadline=1 cpu-used=8", "webmmux", "vorbisenc")
        case .vp9Webm: (encoder, mux, sound) = ("vp9enc deadline=1 cpu-used=8", "webmmux", "opusenc")
        case .av1Mkv: (encoder, mux, sound) = ("av1enc cpu-used=8 end-usage=q usage-profile=realtime ! av1parse", "matroskamux", "opusenc")
        // MXF and AVI take the sound as plain PCM, as cameras and editors write it.
        case .dnxhdMxf: (encoder, mux, sound) = ("avenc_dnxhd bitrate=90000000", "mxfmux", "audio/x-raw,format=S16LE")
        case .mjpegAvi: (encoder, mux, sound) = ("jpegenc", "avimux", "audio/x-raw,format=S16LE")
        case .theoraOgg: (encoder, mux, sound) = ("theoraenc", "oggmux", "vorbisenc")
        }
        var parts = [
            "videotestsrc pattern=ball num-buffers=\(seconds * 25) ! \(raw) ! \(encoder) ! queue ! "
                + "\(mux) name=mux ! filesink location=\"\(path)\""
        ]
        if audio {
            // 10 ms buffers make the sound exactly as long as the pictures.
            parts.append(
                "audiotestsrc wave=sine num-buffers=\(seconds * 100) samplesperbuffer=480 ! "
                    + "audio/x-raw,rate=48000,channels=2 ! audioconvert ! \(sound) ! queue ! mux.")
        }
        return parts.joined(separator: "  ")
    }
}
