import Foundation
import VideoToyMedia

/// An MP4 whose subtitle track runs far past its picture, as in a DVD rip whose last subtitle is stamped long after
/// the film: the movie's duration is the subtitles', and GStreamer 1.22's qtdemux takes the video and sound for
/// previews.
extension ClipFactory {
    /// How long the picture and sound of `makeStretched` last.
    public static let stretchedPictureMs = 6000
    /// Where its subtitle track ends, and so the movie's duration in its header.
    public static let stretchedMovieMs = 39_500
    /// The cue it shows within the picture, and when.
    public static let stretchedCue = (startMs: 1000, endMs: 2000, text: "Hello")

    /// Makes 6 s of H.264 and AAC with an English mov_text track whose second cue ends at 39.5 s, at `path`.
    public static func makeStretched(at path: String) throws {
        guard let ffmpeg = FormatCatalogue.ffmpeg else {
            throw SetUpFailure(description: "ffmpeg is not installed; `scripts/setup test` installs it.")
        }
        let srt = path + ".srt"
        defer { try? FileManager.default.removeItem(atPath: srt) }
        try "1\n00:00:01,000 --> 00:00:02,000\n\(stretchedCue.text)\n\n2\n00:00:38,000 --> 00:00:39,500\nLong after\n"
            .write(toFile: srt, atomically: true, encoding: .utf8)
        let seconds = String(stretchedPictureMs / 1000)
        try FFmpegRun.run(
            ffmpeg,
            [
                "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=\(seconds)", "-f",
                "lavfi", "-i", "sine=frequency=440:duration=\(seconds)", "-i", srt, "-map", "0", "-map", "1", "-map", "2", "-c:v",
                "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-c:s", "mov_text", "-metadata:s:s:0",
                "language=eng", "-threads", "1", path,
            ], making: path)
    }
}
