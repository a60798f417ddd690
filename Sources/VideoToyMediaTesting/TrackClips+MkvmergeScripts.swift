import Foundation

extension TrackClips {
    /// An SSA script as SSA-era editors write it (`[V4 Styles]`, `Marked=0`, zero-padded margins, CRLF): "Hello,
    /// world" from 0.5 s to 1.5 s, then "W" from 1.6 s to 1.9 s, both in the style AFF. mkvmerge stores its events
    /// with no Layer (`0,,AFF,,0000,0000,0000,,Hello, world`).
    public static let mkvmergeSSAScript = [
        "[Script Info]", "Title: SSA from mkvmerge", "ScriptType: v4.00", "PlayResX: 384", "PlayResY: 288", "", "[V4 Styles]",
        "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, TertiaryColour, BackColour, Bold, Italic, "
            + "BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, AlphaLevel, Encoding",
        "Style: AFF,Arial,20,16777215,65535,65535,0,0,0,1,2,0,2,10,10,10,0,0", "", "[Events]",
        "Format: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
        "Dialogue: Marked=0,0:00:00.50,0:00:01.50,AFF,,0000,0000,0000,,Hello, world",
        "Dialogue: Marked=0,0:00:01.60,0:00:01.90,AFF,,0000,0000,0000,,W", "",
    ].joined(separator: "\r\n")

    /// What `mkvmergeSSAScript` shows.
    public static let mkvmergeSSACues = [
        FixtureCue(startMs: 500, endMs: 1500, text: "Hello, world"), FixtureCue(startMs: 1600, endMs: 1900, text: "W"),
    ]

    /// An ASS script with headers that are unusual but that libass reads: a byte order mark, CRLF, no ScriptType,
    /// SSA's `[V4 Styles]` with a short Format line, odd spacing in the events' Format line, and Dialogue lines with
    /// Layer and the margins left empty: "Odd, but valid" from 0.5 s to 1.5 s at the top (the style Up), then "Plain"
    /// from 1.6 s to 1.9 s in a style the script lacks.
    public static let unusualASSScript = [
        "\u{FEFF}[Script Info]", "Title: Odd", "", "[V4 Styles]", "Format: Name,PrimaryColour,Bold,Alignment", "Style: Up,&H00FFFFFF,0,6",
        "", "[Events]", "Format:  Layer ,Start,  End,Style,Name,MarginL,MarginR,MarginV,Effect,Text",
        "Dialogue: ,0:00:00.50,0:00:01.50,Up,,,,,,Odd, but valid", "Dialogue: 0,0:00:01.60,0:00:01.90,Nobody,,0,0,0,,Plain", "",
    ].joined(separator: "\r\n")

    /// What `unusualASSScript` shows.
    public static let unusualASSCues = [
        FixtureCue(startMs: 500, endMs: 1500, text: "Odd, but valid"), FixtureCue(startMs: 1600, endMs: 1900, text: "Plain"),
    ]

    /// Makes at `path` a Matroska file whose one subtitle track mkvmerge wrote from `script`, a sidecar of the type
    /// `fileExtension` ("ssa" or "ass"), as files from mkvtoolnix carry it: the script's header as the codec private
    /// data, each Dialogue line a block.
    public static func makeMkvmergeScript(_ script: String, fileExtension: String, at path: String) throws {
        guard let ffmpeg = FormatCatalogue.ffmpeg else {
            throw SetUpFailure(description: "ffmpeg is not installed; `scripts/setup test` installs it.")
        }
        guard let mkvmerge = ["/usr/bin/mkvmerge", "/usr/local/bin/mkvmerge"].first(where: FileManager.default.isExecutableFile)
        else { throw SetUpFailure(description: "mkvmerge is not installed; `scripts/setup test` installs mkvtoolnix.") }
        let video = path + ".video.mkv", sidecar = path + "." + fileExtension
        defer { [video, sidecar].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        try FFmpegRun.run(
            ffmpeg,
            ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"]
                + ["-f", "lavfi", "-i", "color=c=0x101010:size=160x90:rate=25:duration=2"]
                + ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-threads", "1", video],
            making: video)
        try Data(script.utf8).write(to: URL(fileURLWithPath: sidecar))
        try FFmpegRun.run(mkvmerge, ["-q", "-o", path, video, sidecar], making: path)
    }
}
