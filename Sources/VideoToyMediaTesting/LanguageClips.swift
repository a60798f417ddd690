import Foundation
import VideoToyCore

/// Two-second clips with tagged soundtracks and embedded subtitles, made with ffmpeg, for the probe and the track
/// choice: each soundtrack is its own tone and each subtitle track its own line of text, so a test can tell which
/// one plays or shows.
public enum LanguageClips {
    /// One clip: its container, and the tracks it carries in stream order.
    public struct Clip: Sendable, CustomStringConvertible {
        /// A short name for test reports and file names.
        public let name: String
        /// The file name extension.
        public let fileExtension: String
        /// Each soundtrack's language tag as written into the file ("eng"), in stream order.
        public let audio: [String]
        /// Each subtitle track's language tag as written into the file, in stream order.
        public let subtitles: [String]
        /// ffmpeg's video and audio encoding arguments for this container.
        let encoding: [String]
        /// ffmpeg's subtitle codec for this container ("srt", "mov_text", "webvtt").
        let subtitleCodec: String

        /// The file name the clip is made under.
        public var fileName: String { "\(name).\(fileExtension)" }

        /// The name.
        public var description: String { name }
    }

    /// An MKV with an English and a French soundtrack and SubRip subtitles in both languages.
    public static let matroska = Clip(
        name: "two-languages", fileExtension: "mkv", audio: ["eng", "fre"], subtitles: ["eng", "fre"],
        encoding: ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"], subtitleCodec: "srt")

    /// An MP4 with one soundtrack and English 3GPP timed text (`mov_text`), as phones and converters write it.
    public static let timedText = Clip(
        name: "timed-text", fileExtension: "mp4", audio: ["eng"], subtitles: ["eng"],
        encoding: ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"], subtitleCodec: "mov_text")

    /// A WebM with one soundtrack and German WebVTT subtitles, as web video tools write it.
    public static let webVTT = Clip(
        name: "webvtt", fileExtension: "webm", audio: ["ger"], subtitles: ["ger"],
        encoding: ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus"], subtitleCodec: "webvtt")

    /// Every clip.
    public static let all = [matroska, timedText, webVTT]

    /// An MKV like `matroska` with other language tags ("und" writes a track without a language).
    public static func matroska(name: String, audio: [String], subtitles: [String]) -> Clip {
        Clip(name: name, fileExtension: "mkv", audio: audio, subtitles: subtitles, encoding: matroska.encoding, subtitleCodec: "srt")
    }

    /// The tone of the soundtrack at `index`, in hertz: 440, 660, 880…
    public static func toneHz(_ index: Int) -> Int { 440 + 220 * index }

    /// The line the subtitle track at `index` shows for the whole clip, such as "Subtitle 1 (fre)".
    public static func text(_ clip: Clip, subtitle index: Int) -> String { "Subtitle \(index) (\(clip.subtitles[index]))" }

    /// Makes `clip` at `path`.
    public static func make(_ clip: Clip, at path: String) throws {
        guard let ffmpeg = FormatCatalogue.ffmpeg else {
            throw SetUpFailure(description: "ffmpeg is not installed; `scripts/setup test` installs it.")
        }
        let sources = path + ".srt-sources"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: sources) }
        var inputs = ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2"]
        for index in clip.audio.indices {
            inputs += ["-f", "lavfi", "-i", "sine=frequency=\(toneHz(index)):sample_rate=48000:duration=2"]
        }
        for index in clip.subtitles.indices {
            let file = sources + "/\(index).srt"
            try Data("1\n00:00:00,000 --> 00:00:02,000\n\(text(clip, subtitle: index))\n\n".utf8).write(to: URL(fileURLWithPath: file))
            inputs += ["-i", file]
        }
        var tags: [String] = []
        for (index, language) in clip.audio.enumerated() { tags += ["-metadata:s:a:\(index)", "language=\(language)"] }
        for (index, language) in clip.subtitles.enumerated() { tags += ["-metadata:s:s:\(index)", "language=\(language)"] }
        let maps = (0..<(1 + clip.audio.count + clip.subtitles.count)).flatMap { ["-map", "\($0)"] }
        let arguments =
            ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + inputs + maps + clip.encoding + ["-c:s", clip.subtitleCodec]
            + tags + ["-threads", "1", path]
        try run(ffmpeg, arguments)
    }

    private static func run(_ ffmpeg: String, _ arguments: [String]) throws {
        try FFmpegRun.run(ffmpeg, arguments)
    }
}
