import Foundation

extension TrackClips {
    /// Makes at `path` a Matroska file whose German WebVTT track mkvmerge wrote (codec ID `S_TEXT/WEBVTT`, the cue
    /// settings in BlockAdditions), as files from mkvtoolnix carry it: "Oben" at the top from 0.5 s to 1.5 s, then
    /// "Unten" at the bottom from 1.6 s to 1.9 s; returns the cues.
    public static func makeMkvmergeWebVTT(at path: String) throws -> [FixtureCue] {
        guard let ffmpeg = FormatCatalogue.ffmpeg else {
            throw SetUpFailure(description: "ffmpeg is not installed; `scripts/setup test` installs it.")
        }
        guard let mkvmerge = ["/usr/bin/mkvmerge", "/usr/local/bin/mkvmerge"].first(where: FileManager.default.isExecutableFile)
        else { throw SetUpFailure(description: "mkvmerge is not installed; `scripts/setup test` installs mkvtoolnix.") }
        let video = path + ".video.mkv", cues = path + ".de.vtt"
        defer { [video, cues].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        try FFmpegRun.run(
            ffmpeg,
            ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"]
                + ["-f", "lavfi", "-i", "color=c=0x101010:size=160x90:rate=25:duration=2"]
                + ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-threads", "1", video],
            making: video)
        let text = """
            WEBVTT

            NOTE mkvmerge keeps this comment in the block's additions

            first
            00:00:00.500 --> 00:00:01.500 line:0 align:center
            Oben

            00:00:01.600 --> 00:00:01.900
            Unten

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: cues))
        try FFmpegRun.run(mkvmerge, ["-q", "-o", path, video, "--language", "0:de", cues], making: path)
        return [FixtureCue(startMs: 500, endMs: 1500, text: "Oben"), FixtureCue(startMs: 1600, endMs: 1900, text: "Unten")]
    }
}
