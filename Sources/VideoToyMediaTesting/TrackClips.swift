import Foundation
import VideoToyCore

/// Videos with several audio and subtitle tracks, and subtitle files beside a plain video, made with ffmpeg for
/// the track-choice tests.
///
/// Every picture is a flat dark grey (`pictureLevel`), so subtitles drawn on it show as light pixels in the lower band.
/// Each audio track is a sine tone of its own. Cues cover the whole clip, so a screenshot at any moment sees text
/// (`TrackClip.cues` and `SidecarFixture.cues` give every cue's times; "end" is the clip's length):
/// - `tracks.mkv` subtitles/0: `englishText` until end/2, then `englishSecondText`; subtitles/1: `frenchText`;
///   subtitles/2 (forced): `signsText`.
/// - `movtext.mp4`: `mp4Text`; `webvtt.webm`: `germanText` (GStreamer 1.22 cannot demux WebVTT in WebM; the app reads
///   it with libavformat).
/// - `plain.en.srt`, `plain.fr.srt`, `plain.de.srt`: their text in three cues meeting at end/3 + 20 ms and
///   2·end/3 + 20 ms; `plain.fr.forced.ass`: one cue; `plain.it.srt`: one cue per half, then garbage.
///
/// Matroska and WebM files shift every stream, cues included, by the audio encoder's priming (21 ms for AAC,
/// 14 ms for Opus). The same `seconds` always gives the same bytes.
public enum TrackClips {
    /// The pictures' size.
    public static let pictureSize = PixelSize(width: 640, height: 360)
    /// The red, green and blue level (of 255) of every pixel as encoded, before any subtitle is drawn; decoded to
    /// BGRA it reads 14 to 16.
    public static let pictureLevel = 0x10
    /// The tone of the first (default, English) audio track of `tracks.mkv`, and of the other clips' only track.
    public static let lowToneHz = 440
    /// The tone of the second (French) audio track of `tracks.mkv`.
    public static let highToneHz = 1760

    /// What `tracks.mkv`'s English SubRip track shows in the first half.
    public static let englishText = "Hello from the English track"
    /// What the English SubRip track shows in the second half.
    public static let englishSecondText = "Goodbye from the English track"
    /// What the French ASS track shows throughout, once its override tags (`{\b1}`…`{\b0}`) are left out.
    public static let frenchText = "Bonjour de la piste française"
    /// The ASS line the French track holds: `frenchText` with its first word in bold.
    public static let frenchLine = "{\\b1}Bonjour{\\b0} de la piste française"
    /// The title of the French audio track.
    public static let frenchTitle = "Français"
    /// What the forced English "Signs" track shows throughout.
    public static let signsText = "SIGN"
    /// The title of the forced subtitle track.
    public static let signsTitle = "Signs"
    /// What `movtext.mp4`'s mov_text track shows throughout.
    public static let mp4Text = "Hello from the MP4 text track"
    /// What `webvtt.webm`'s German WebVTT track shows throughout.
    public static let germanText = "Hallo aus der deutschen Spur"

    /// Makes `tracks.mkv`, `movtext.mp4`, `webvtt.webm` and `plain.mp4` with its sidecar files in `folder`, each
    /// clip `seconds` long.
    public static func make(in folder: String, seconds: Int = 6) throws -> TrackClipSet {
        guard let ffmpeg = FormatCatalogue.ffmpeg else {
            throw SetUpFailure(description: "ffmpeg is not installed; `scripts/setup test` installs it.")
        }
        let sources = folder + "/.track-sources"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: sources) }
        let maker = Maker(ffmpeg: ffmpeg, folder: folder, sources: sources, durationMs: seconds * 1000)
        return TrackClipSet(
            folder: folder, tracks: try maker.tracks(), movText: try maker.movText(), webVTT: try maker.webVTT(),
            plain: try maker.plain(), sidecars: try makeSidecars(beside: folder + "/plain.mp4", durationMs: seconds * 1000))
    }

    /// Writes each clip: its subtitle sources first, then one ffmpeg run.
    private struct Maker {
        let ffmpeg: String
        let folder: String
        let sources: String
        let durationMs: Int

        private var seconds: Int { durationMs / 1000 }
        private var half: Int { durationMs / 2 }

        private var picture: [String] {
            let size = "\(pictureSize.width)x\(pictureSize.height)"
            return ["-f", "lavfi", "-i", "color=c=0x101010:size=\(size):rate=25:duration=\(seconds)"]
        }

        private func tone(_ hertz: Int) -> [String] {
            ["-f", "lavfi", "-i", "sine=frequency=\(hertz):sample_rate=48000:duration=\(seconds)"]
        }

        // A key frame every second, so accurate seeks decode little.
        private let h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p"]

        func tracks() throws -> TrackClip {
            let english = [
                FixtureCue(startMs: 0, endMs: half, text: englishText),
                FixtureCue(startMs: half, endMs: durationMs, text: englishSecondText),
            ]
            let french = FixtureCue(startMs: 0, endMs: durationMs, text: frenchText)
            let signs = FixtureCue(startMs: 0, endMs: durationMs, text: signsText)
            let englishFile = try write("tracks.en.srt", TrackClips.subRip(english))
            let frenchFile = try write("tracks.fr.ass", TrackClips.ass([(french, frenchLine)]))
            let signsFile = try write("tracks.signs.srt", TrackClips.subRip([signs]))
            let path = folder + "/tracks.mkv"
            try run(
                picture + tone(lowToneHz) + tone(highToneHz) + ["-i", englishFile, "-i", frenchFile, "-i", signsFile]
                    + (0...5).flatMap { ["-map", String($0)] } + h264
                    + ["-c:a", "aac", "-c:s:0", "srt", "-c:s:1", "ass", "-c:s:2", "srt"]
                    + ["-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fre", "-metadata:s:a:1", "title=\(frenchTitle)"]
                    + ["-metadata:s:s:0", "language=eng", "-metadata:s:s:1", "language=fre"]
                    + ["-metadata:s:s:2", "language=eng", "-metadata:s:s:2", "title=\(signsTitle)"]
                    + ["-disposition:v:0", "default", "-disposition:a:0", "default", "-disposition:a:1", "0"]
                    + ["-disposition:s:0", "0", "-disposition:s:1", "0", "-disposition:s:2", "forced"],
                to: path)
            return TrackClip(
                path: path, durationMs: durationMs,
                audio: [
                    MediaTrack(id: .audio(0), language: Language(tag: "eng"), codec: "AAC", isDefault: true),
                    MediaTrack(id: .audio(1), language: Language(tag: "fre"), title: frenchTitle, codec: "AAC"),
                ],
                subtitles: [
                    MediaTrack(id: .subtitles(0), language: Language(tag: "eng"), codec: "SubRip"),
                    MediaTrack(id: .subtitles(1), language: Language(tag: "fre"), codec: "ASS"),
                    MediaTrack(id: .subtitles(2), language: Language(tag: "eng"), title: signsTitle, codec: "SubRip", isForced: true),
                ],
                tones: [.audio(0): lowToneHz, .audio(1): highToneHz],
                cues: [.subtitles(0): english, .subtitles(1): [french], .subtitles(2): [signs]])
        }

        func movText() throws -> TrackClip {
            let cue = FixtureCue(startMs: 0, endMs: durationMs, text: mp4Text)
            let source = try write("movtext.srt", TrackClips.subRip([cue]))
            let path = folder + "/movtext.mp4"
            try run(
                picture + tone(lowToneHz) + ["-i", source, "-map", "0", "-map", "1", "-map", "2"] + h264
                    + ["-c:a", "aac", "-c:s", "mov_text", "-metadata:s:a:0", "language=eng", "-metadata:s:s:0", "language=eng"],
                to: path)
            // ffmpeg's MP4 writer enables the first track of each kind whatever the disposition says, and an
            // enabled track reads back as the default one.
            return TrackClip(
                path: path, durationMs: durationMs,
                audio: [MediaTrack(id: .audio(0), language: Language(tag: "eng"), codec: "AAC", isDefault: true)],
                subtitles: [MediaTrack(id: .subtitles(0), language: Language(tag: "eng"), codec: "Timed Text", isDefault: true)],
                tones: [.audio(0): lowToneHz], cues: [.subtitles(0): [cue]])
        }

        func webVTT() throws -> TrackClip {
            let cue = FixtureCue(startMs: 0, endMs: durationMs, text: germanText)
            let source = try write("webvtt.vtt", "WEBVTT\n\n" + cue.webVTT)
            let path = folder + "/webvtt.webm"
            try run(
                picture + tone(lowToneHz) + ["-i", source, "-map", "0", "-map", "1", "-map", "2"]
                    + ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-g", "25", "-b:v", "200k"]
                    + ["-c:a", "libopus", "-c:s", "webvtt", "-metadata:s:s:0", "language=ger"]
                    + ["-disposition:v:0", "default", "-disposition:a:0", "default", "-disposition:s:0", "0"],
                to: path)
            return TrackClip(
                path: path, durationMs: durationMs, audio: [MediaTrack(id: .audio(0), codec: "Opus", isDefault: true)],
                subtitles: [MediaTrack(id: .subtitles(0), language: Language(tag: "ger"), codec: "WebVTT")],
                tones: [.audio(0): lowToneHz], cues: [.subtitles(0): [cue]])
        }

        func plain() throws -> TrackClip {
            let path = folder + "/plain.mp4"
            try run(picture + tone(lowToneHz) + h264 + ["-c:a", "aac"], to: path)
            return TrackClip(
                path: path, durationMs: durationMs, audio: [MediaTrack(id: .audio(0), codec: "AAC", isDefault: true)], subtitles: [],
                tones: [.audio(0): lowToneHz], cues: [:])
        }

        private func write(_ name: String, _ text: String) throws -> String {
            let path = sources + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }

        private func run(_ arguments: [String], to path: String) throws {
            // Bit-exact and one thread: the same bytes every run, without encoder versions in the tags.
            let exact = [
                "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact", "-flags:s", "+bitexact", "-threads", "1",
            ]
            try FFmpegRun.run(ffmpeg, ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + arguments + exact + [path], making: path)
        }
    }

    /// `cues` as a SubRip file.
    static func subRip(_ cues: [FixtureCue], newline: String = "\n") -> String {
        cues.enumerated().map { $1.subRip(number: $0 + 1, newline: newline) }.joined()
    }

    /// An ASS script of white bottom-centred lines on a 640×360 canvas, one `Dialogue` per cue with its `line`.
    static func ass(_ lines: [(cue: FixtureCue, line: String)]) -> String {
        """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 640
        PlayResY: 360

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, \
        StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,Sans,28,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,20,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """ + lines.map { $0.cue.assDialogue(line: $0.line) }.joined()
    }
}
