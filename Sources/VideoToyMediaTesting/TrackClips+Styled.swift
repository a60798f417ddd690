import Foundation

/// A copy of `plain.mp4` with a styled SubRip file of its own name beside it, for the end-to-end check that the view
/// draws a cue's colour and place.
extension TrackClips {
    /// What `styled.srt` shows throughout, in yellow at the top.
    public static let styledText = "Yellow at the top"
    /// The cue's line: `styledText` placed by `{\an8}` and coloured by `<font>`.
    public static let styledLine = "{\\an8}<font color=\"#ffff00\">\(styledText)</font>"

    /// Copies `plain` into `folder` as `styled.mp4` and writes `styled.srt` beside it, `styledLine` over
    /// the whole clip in three cues (a file with the video's name alone, so it is shown at open); returns the video's path.
    public static func styledCopy(of plain: TrackClip, in folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let video = folder + "/styled.mp4"
        try? FileManager.default.removeItem(atPath: video)
        try FileManager.default.copyItem(atPath: plain.path, toPath: video)
        // Three back-to-back cues, as the other SubRip fixtures hold, long enough for any subtitle detector.
        let third = plain.durationMs / 3
        let cues = (0..<3).map { FixtureCue(startMs: $0 * third, endMs: $0 == 2 ? plain.durationMs : ($0 + 1) * third, text: styledLine) }
        try Data(subRip(cues).utf8).write(to: URL(fileURLWithPath: folder + "/styled.srt"))
        return video
    }
}
