import Foundation
import VideoToyMedia

/// Fragmented MP4 clips as ffmpeg writes them for streaming (an empty movie box, then one fragment per key frame),
/// and one whose soundtrack's first decode time holds −1 as a 32-bit number, as a faulty muxer writes it.
extension ClipFactory {
    /// The clips made here.
    public enum FragmentClip: String, Sendable, CaseIterable {
        /// 1 s of H.264 and 44.1 kHz AAC, fragmented.
        case fragmented = "fragmented-1000.mp4"
        /// The same, with the soundtrack's 'tfdt' set to 4,294,967,295: 97,391,548 ms at 44.1 kHz.
        case lateSound = "fragmented-late-sound.mp4"

        /// How long the picture plays, in milliseconds (ffmpeg ends the last frame at 1,023 ms).
        public var durationMs: Int { 1000 }
    }

    /// Where the late soundtrack starts: (2³² − 1) ticks of 44.1 kHz.
    public static let lateSoundStartMs = 97_391_548

    /// Makes `clip` at `path`.
    public static func make(_ clip: FragmentClip, at path: String) throws {
        guard let ffmpeg = FormatCatalogue.ffmpeg else {
            throw SetUpFailure(description: "ffmpeg is not installed; `scripts/setup test` installs it.")
        }
        try FFmpegRun.run(
            ffmpeg,
            [
                "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1", "-f", "lavfi",
                "-i", "sine=frequency=440:sample_rate=44100:duration=1", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt",
                "yuv420p", "-c:a", "aac", "-movflags", "+frag_keyframe+empty_moov+default_base_moof", "-threads", "1", path,
            ], making: path)
        guard clip == .lateSound else { return }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // ffmpeg numbers the tracks in map order: the soundtrack is track 2.
        guard setDecodeTime(UInt32.max, track: 2, in: &bytes) > 0 else {
            throw SetUpFailure(description: "no soundtrack fragment in \(path)")
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Sets the 'tfdt' of every fragment of `track` to `ticks`, in place; returns how many were set.
    static func setDecodeTime(_ ticks: UInt32, track: UInt32, in bytes: inout [UInt8]) -> Int {
        var set = 0
        for moof in boxes(bytes, 0..<bytes.count) where moof.type == "moof" {
            for traf in boxes(bytes, moof.body) where traf.type == "traf" {
                let children = boxes(bytes, traf.body)
                guard let tfhd = children.first(where: { $0.type == "tfhd" }), tfhd.body.count >= 8,
                    number(bytes, tfhd.body.lowerBound + 4, 4) == UInt64(track),
                    let tfdt = children.first(where: { $0.type == "tfdt" })
                else { continue }
                // Version 1 holds 64 bits: the value is the same 32-bit −1, zero-extended.
                let width = bytes[tfdt.body.lowerBound] == 1 ? 8 : 4
                guard tfdt.body.count >= 4 + width else { continue }
                for index in 0..<width {
                    let shift = 8 * (width - 1 - index)
                    bytes[tfdt.body.lowerBound + 4 + index] = shift >= 32 ? 0 : UInt8(truncatingIfNeeded: ticks >> UInt32(shift))
                }
                set += 1
            }
        }
        return set
    }

    private static func boxes(_ bytes: [UInt8], _ range: Range<Int>) -> [(type: String, body: Range<Int>)] {
        var found: [(type: String, body: Range<Int>)] = []
        var at = range.lowerBound
        while at + 8 <= range.upperBound {
            let size = Int(number(bytes, at, 4))
            guard size >= 8, at + size <= range.upperBound else { break }
            found.append((String(decoding: bytes[at + 4..<at + 8], as: UTF8.self), at + 8..<at + size))
            at += size
        }
        return found
    }

    private static func number(_ bytes: [UInt8], _ at: Int, _ length: Int) -> UInt64 {
        bytes[at..<at + length].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
