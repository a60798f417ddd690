import Foundation
import VideoToyMedia

/// Short MPEG-TS clips as ffmpeg writes them (first presentation time 1.4 s), and an HDR HEVC clip whose PQ
/// transfer is stated only in its stream: the cases GStreamer 1.22 reads short of what ffprobe does.
extension ClipFactory {
    /// The clips made here.
    public enum TransportClip: String, Sendable, CaseIterable {
        /// 2.5 s of H.264 and AAC in MPEG-TS.
        case shortTS = "short-2500.ts"
        /// 1 s of H.264 and AAC in MPEG-TS: too short for GStreamer's demuxer to give a duration.
        case oneSecondTS = "short-1000.ts"
        /// 2.5 s of H.264 with a DTS soundtrack, which ffmpeg marks with stream type 0x82 and no registration.
        case dtsTS = "dts-2500.ts"
        /// 1 s of 10-bit HEVC in Matroska whose PQ transfer only the SPS's VUI states: the container's colour
        /// fields are left unspecified, as ffmpeg leaves them when only x265's own parameters set the colour.
        case hdrInStream = "hdr-vui.mkv"

        /// How long the clip plays, in milliseconds.
        public var durationMs: Int { self == .oneSecondTS || self == .hdrInStream ? 1000 : 2500 }
    }

    /// Makes `clip` at `path`.
    public static func make(_ clip: TransportClip, at path: String) throws {
        guard let ffmpeg = FormatCatalogue.ffmpeg else {
            throw SetUpFailure(description: "ffmpeg is not installed; `scripts/setup test` installs it.")
        }
        let seconds = String(Double(clip.durationMs) / 1000)
        let picture = ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=\(seconds)"]
        let sound = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)"]
        let x264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
        let arguments: [String]
        switch clip {
        case .shortTS, .oneSecondTS: arguments = picture + sound + x264 + ["-c:a", "aac", "-f", "mpegts"]
        case .dtsTS: arguments = picture + sound + x264 + ["-c:a", "dca", "-strict", "-2", "-ac", "2", "-f", "mpegts"]
        case .hdrInStream:
            arguments =
                picture + [
                    "-c:v", "libx265", "-preset", "ultrafast", "-pix_fmt", "yuv420p10le", "-x265-params",
                    "colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:log-level=error",
                ]
        }
        try FFmpegRun.run(ffmpeg, ["-nostdin", "-loglevel", "error", "-y"] + arguments + ["-threads", "1", path], making: path)
    }
}
