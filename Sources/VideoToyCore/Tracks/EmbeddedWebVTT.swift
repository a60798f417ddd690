/// The cues of one WebVTT track read packet by packet from a Matroska or WebM file: each packet holds one cue's text,
/// with its settings beside it, and the container gives its start and duration.
///
/// The packets are written back as a WebVTT document and read by the same parser as a WebVTT file beside the video,
/// so markup and placement are read one way wherever a cue comes from.
public struct EmbeddedWebVTT: Sendable {
    /// The cue text kept for one track at most (8 MiB, as for a subtitle file): real tracks hold a few hundred
    /// kilobytes, and a damaged or crafted file must not grow the app without bound.
    public static let largestText = SidecarSubtitles.largestFile

    private var blocks: [String] = []
    /// The bytes of text kept so far.
    public private(set) var byteCount = 0
    /// When the last cue kept starts, nil before the first.
    public private(set) var lastStartMs: Int?

    /// No cue yet.
    public init() {}

    /// Keeps one packet's cue: `text` its payload, `settings` the cue settings beside it ("line:0 align:start").
    /// Returns false, keeping nothing, once the text kept would pass `largestText`; a cue that never shows (no
    /// duration, or ending before the video starts) is passed over.
    public mutating func add(startMs: Int, durationMs: Int, text: [UInt8], settings: [UInt8] = []) -> Bool {
        guard byteCount + text.count + settings.count <= Self.largestText else { return false }
        let endMs = MediaTime.offset(startMs, by: durationMs)
        guard durationMs > 0, endMs > 0 else { return true }
        // A blank line or an arrow would end the cue early in the document; the format forbids both in cue text.
        let lines = String(decoding: text, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.replacing("-->", with: "→") }
            .filter { !$0.allSatisfy(\.isWhitespace) }
        guard !lines.isEmpty else { return true }
        let setting = String(decoding: settings, as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
            .replacing("-->", with: "")
        byteCount += text.count + settings.count
        lastStartMs = startMs
        blocks.append("\(Self.clock(max(0, startMs))) --> \(Self.clock(endMs)) \(setting)\n" + lines.joined(separator: "\n") + "\n\n")
        return true
    }

    /// The cues kept, in order of start, read as a WebVTT file's cues are.
    public var cues: [SubtitleCue] {
        guard !blocks.isEmpty else { return [] }
        return SubtitleDocument.parse("WEBVTT\n\n" + blocks.joined(), format: .webVTT).cues
    }

    /// "HH:MM:SS.mmm", hours as many digits as they need.
    private static func clock(_ ms: Int) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(ms / 3_600_000, 2)):\(padded(ms / 60_000 % 60, 2)):\(padded(ms / 1000 % 60, 2)).\(padded(ms % 1000, 3))"
    }
}
