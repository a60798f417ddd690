/// SubRip text of a subtitle track's cues, for a TV that fetches subtitles by URL: plain lines, times as
/// `HH:MM:SS,mmm`, numbered from 1, bounded in count and size.
public enum SubRipWriter {
    /// The most cues written; a track with more is cut there (no film has nearly as many).
    public static let maxCues = 20_000
    /// The most bytes written; the text stops at the last whole cue before it.
    public static let maxBytes = 4 << 20

    /// The cues that show (end after start), in start order, as SubRip; nil when none does.
    public static func text(of cues: [SubtitleCue]) -> String? {
        var out = ""
        var number = 0
        for cue in cues.filter({ $0.endMs > $0.startMs && $0.startMs >= 0 }).sorted(by: { $0.startMs < $1.startMs }) {
            let lines = cue.text.split(omittingEmptySubsequences: true) { $0.isNewline }
            guard !lines.isEmpty, number < maxCues else { continue }
            number += 1
            let block = "\(number)\n\(clock(cue.startMs)) --> \(clock(cue.endMs))\n\(lines.joined(separator: "\n"))\n\n"
            guard out.utf8.count + block.utf8.count <= maxBytes else { break }
            out += block
        }
        return out.isEmpty ? nil : out
    }

    /// `HH:MM:SS,mmm`, hours as many digits as they need (cue times are already bounded by the parsers).
    static func clock(_ ms: Int) -> String {
        let ms = max(0, ms)
        func pad(_ n: Int, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(ms / 3_600_000, 2)):\(pad(ms / 60_000 % 60, 2)):\(pad(ms / 1000 % 60, 2)),\(pad(ms % 1000, 3))"
    }
}
