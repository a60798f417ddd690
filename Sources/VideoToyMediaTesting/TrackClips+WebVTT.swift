import Foundation

extension TrackClips {
    /// Makes at `path` a WebM of `count` German WebVTT cues in a row, each `cueMs` long and numbered ("Zeile 1",
    /// "Zeile 2"…), over a dark picture and a tone, for reading cues up to a place where a copy is cut; returns the cues.
    public static func makeWebVTTCueRun(at path: String, count: Int = 20, cueMs: Int = 250) throws -> [FixtureCue] {
        guard let ffmpeg = FormatCatalogue.ffmpeg else {
            throw SetUpFailure(description: "ffmpeg is not installed; `scripts/setup test` installs it.")
        }
        let cues = (0..<count).map { FixtureCue(startMs: $0 * cueMs, endMs: ($0 + 1) * cueMs, text: "Zeile \($0 + 1)") }
        let source = path + ".vtt"
        try Data(("WEBVTT\n\n" + cues.map(\.webVTT).joined()).utf8).write(to: URL(fileURLWithPath: source))
        defer { try? FileManager.default.removeItem(atPath: source) }
        let seconds = String(Double(count * cueMs) / 1000)
        try FFmpegRun.run(
            ffmpeg,
            ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"]
                + ["-f", "lavfi", "-i", "color=c=0x101010:size=160x90:rate=25:duration=\(seconds)"]
                + ["-f", "lavfi", "-i", "sine=frequency=\(lowToneHz):sample_rate=48000:duration=\(seconds)", "-i", source]
                + ["-map", "0", "-map", "1", "-map", "2", "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-g", "25"]
                + ["-c:a", "libopus", "-c:s", "webvtt", "-metadata:s:s:0", "language=ger", "-fflags", "+bitexact", "-threads", "1", path],
            making: path)
        return cues
    }
}
