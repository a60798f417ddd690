import Foundation

/// The pitch of a recorded sine tone, window by window: raw signed 16-bit mono samples, as a test's sound sink
/// writes them, read back by counting zero crossings.
struct ToneMeter {
    /// One window of sound: where it starts in the recording, and the tone's frequency there.
    struct Window: CustomStringConvertible {
        let startMs: Int
        let hertz: Double

        var description: String { "\(startMs) ms: \(Int(hertz.rounded())) Hz" }
    }

    /// The samples per second of the recording.
    let rate: Int
    /// The samples.
    let samples: [Int16]

    /// Reads the raw little-endian recording at `path`, made at `rate` samples per second.
    init(path: String, rate: Int) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        self.rate = rate
        samples = stride(from: 0, to: data.count - 1, by: 2).map { Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8) }
    }

    /// The recording's length in milliseconds.
    var durationMs: Int { samples.count * 1000 / rate }

    /// The tone in each whole window of `ms` milliseconds, in order.
    func windows(ms: Int = 100) -> [Window] {
        let size = rate * ms / 1000
        return stride(from: 0, to: samples.count - size + 1, by: size).map { start in
            Window(startMs: start * 1000 / rate, hertz: hertz(samples[start..<start + size]))
        }
    }

    /// The frequency of the tone in `part`, from its crossings of zero. A crossing counts only from well below zero
    /// to well above it, or back: AAC's coding noise makes the signal chatter around zero (the tones peak near 4096).
    private func hertz(_ part: ArraySlice<Int16>) -> Double {
        var (side, crossings) = (0, 0)
        for sample in part where abs(Int(sample)) > 1000 {
            let now = sample > 0 ? 1 : -1
            if now != side { (side, crossings) = (now, crossings + 1) }
        }
        return Double(max(0, crossings - 1)) / 2 / (Double(part.count) / Double(rate))
    }
}
