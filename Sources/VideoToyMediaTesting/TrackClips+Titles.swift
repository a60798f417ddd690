import Foundation

extension TrackClips {
    /// The title of the MP4 `makeTitledMovie` makes, which none of its tracks has.
    public static let movieTitle = "A Titled Movie"

    /// Makes at `path` a two-second MP4 titled `movieTitle` with three mov_text tracks of no title of their own.
    public static func makeTitledMovie(at path: String) throws {
        guard let ffmpeg = FormatCatalogue.ffmpeg else {
            throw SetUpFailure(description: "ffmpeg is not installed; `scripts/setup test` installs it.")
        }
        let cues = path + ".srt"
        try Data("1\n00:00:00,200 --> 00:00:01,500\nHello\n".utf8).write(to: URL(fileURLWithPath: cues))
        defer { try? FileManager.default.removeItem(atPath: cues) }
        try FFmpegRun.run(
            ffmpeg,
            ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"]
                + ["-f", "lavfi", "-i", "color=c=0x101010:size=160x90:rate=25:duration=2", "-i", cues, "-i", cues, "-i", cues]
                + ["-map", "0", "-map", "1", "-map", "2", "-map", "3", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:s", "mov_text"]
                + ["-metadata", "title=\(movieTitle)", "-threads", "1", path],
            making: path)
    }
}
