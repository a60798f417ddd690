import Foundation
import VideoToyCore

/// The subtitle files beside `plain.mp4`: three text encodings, a forced ASS file, and three broken files.
extension TrackClips {
    /// What `plain.en.srt` (UTF-8, no byte-order mark) shows throughout.
    public static let sidecarEnglishText = "Coffee at the café"
    /// What `plain.fr.srt` (Windows-1252, CRLF line ends; "€" is byte 0x80 there) shows throughout.
    public static let sidecarFrenchText = "Déjà vu à la fenêtre, 20 €"
    /// What `plain.de.srt` (UTF-16 little-endian with a byte-order mark, CRLF line ends) shows throughout.
    public static let sidecarGermanText = "Grüße aus Köln"
    /// What the forced French ASS file `plain.fr.forced.ass` shows throughout.
    public static let sidecarForcedText = "PANNEAU"
    /// The two good cues of `plain.it.srt`, which cover the clip's first and second halves before its garbage.
    public static let sidecarItalianTexts = ["Primo sottotitolo", "Secondo sottotitolo"]
    /// The sidecar files' names, in the order `TrackClipSet.sidecars` holds them.
    public static let sidecarNames = [
        "plain.en.srt", "plain.fr.srt", "plain.de.srt", "plain.fr.forced.ass", "plain.it.srt", "plain.es.srt", "plain.pt.srt",
    ]

    /// Lines after the Italian file's good cues that no subtitle syntax allows: a timing line that is no timing,
    /// and stray text without a cue.
    private static let italianGarbage = "3\n00:00:0?,000 --> soon\n<<<<<<< not a cue\n@@@@ #### ~~~~ %%%%\n-->\n\n-->-->\n"

    /// Writes the sidecar files beside the video at `video`, their cues spanning `durationMs`.
    ///
    /// Each well-formed SubRip file holds its text in three back-to-back cues, which makes it as long as subtitle
    /// detectors need (GStreamer's typefinder reads 129 bytes and names nothing shorter); the cues meet 20 ms after
    /// a frame's time, so every frame of the 25 fps clip falls inside exactly one cue.
    static func makeSidecars(beside video: String, durationMs: Int) throws -> [SidecarFixture] {
        let folder = String(video[..<(video.lastIndex(of: "/") ?? video.startIndex)])
        let bound = { (third: Int) in third == 0 || third == 3 ? third * durationMs / 3 : third * durationMs / 3 + 20 }
        let thirds = { (text: String) in (0..<3).map { FixtureCue(startMs: bound($0), endMs: bound($0 + 1), text: text) } }
        let whole = { (text: String) in [FixtureCue(startMs: 0, endMs: durationMs, text: text)] }
        let italian = [
            FixtureCue(startMs: 0, endMs: durationMs / 2, text: sidecarItalianTexts[0]),
            FixtureCue(startMs: durationMs / 2, endMs: durationMs, text: sidecarItalianTexts[1]),
        ]
        let files:
            [(name: String, bytes: [UInt8], encoding: String.Encoding?, bom: Bool, damage: SidecarFixture.Damage, cues: [FixtureCue])] =
                [
                    ("plain.en.srt", Array(subRip(thirds(sidecarEnglishText)).utf8), .utf8, false, .none, thirds(sidecarEnglishText)),
                    (
                        "plain.fr.srt", try windows1252(subRip(thirds(sidecarFrenchText), newline: "\r\n")), .windowsCP1252, false, .none,
                        thirds(sidecarFrenchText)
                    ),
                    (
                        "plain.de.srt", [0xFF, 0xFE] + utf16LittleEndian(subRip(thirds(sidecarGermanText), newline: "\r\n")),
                        .utf16LittleEndian, true, .none, thirds(sidecarGermanText)
                    ),
                    (
                        "plain.fr.forced.ass", Array(ass(whole(sidecarForcedText).map { ($0, $0.text) }).utf8), .utf8, false, .none,
                        whole(sidecarForcedText)
                    ),
                    ("plain.it.srt", Array((subRip(italian) + "\n" + italianGarbage).utf8), .utf8, false, .malformedHalfway, italian),
                    ("plain.es.srt", noise(count: 2048), nil, false, .notText, []),
                    ("plain.pt.srt", [], nil, false, .empty, []),
                ]
        return try files.map { file in
            let path = folder + "/" + file.name
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
            let parts = file.name.split(separator: ".")
            let track = MediaTrack(
                id: .sidecar(file.name), language: Language(tag: String(parts[1])), codec: parts.last == "ass" ? "ASS" : "SubRip",
                isForced: parts.contains("forced"))
            return SidecarFixture(
                fileName: file.name, path: path, track: track, encoding: file.encoding, hasByteOrderMark: file.bom, damage: file.damage,
                cues: file.cues)
        }
    }

    /// `text` in Windows-1252: Latin-1 plus "€" at 0x80, the only character beyond Latin-1 the fixtures use.
    private static func windows1252(_ text: String) throws -> [UInt8] {
        try text.unicodeScalars.map { scalar in
            if scalar == "€" { return 0x80 }
            guard scalar.value < 0x100, !(0x80..<0xA0).contains(scalar.value) else {
                throw SetUpFailure(description: "'\(scalar)' has no Windows-1252 byte in this fixture's table.")
            }
            return UInt8(scalar.value)
        }
    }

    private static func utf16LittleEndian(_ text: String) -> [UInt8] {
        text.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
    }

    /// A PNG signature followed by reproducible noise: what a picture saved under a subtitle name starts with.
    private static func noise(count: Int) -> [UInt8] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        while bytes.count < count {
            // xorshift64, as OddFiles uses: the same bytes every run.
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            bytes.append(UInt8(truncatingIfNeeded: state))
        }
        return bytes
    }
}
