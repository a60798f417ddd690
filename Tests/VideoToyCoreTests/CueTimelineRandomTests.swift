import Testing
import VideoToyCore
import VideoToyTesting

/// The timeline against a brute-force oracle on seeded random cue sets: short and long cues, nested, touching,
/// duplicated, empty and backwards ones.
@Suite("Cue timeline random sets")
struct CueTimelineRandomTests {
    /// `count` cues starting within `span` ms: one in `longOdds` is long (a quarter of the span or more), one in ten
    /// empty, one in ten backwards, the rest short (up to `short` ms).
    static func randomCues(_ rng: inout SeededGenerator, count: Int, span: Int, longOdds: Int = 10, short: Int) -> [SubtitleCue] {
        (0..<count).map { index in
            let start = Int.random(in: 0...span, using: &rng)
            let length: Int
            switch Int.random(in: 0..<10 * longOdds, using: &rng) {
            case 0..<longOdds: length = 0
            case longOdds..<2 * longOdds: length = -Int.random(in: 1...20, using: &rng)
            case 2 * longOdds..<2 * longOdds + 10: length = Int.random(in: span / 4...span, using: &rng)
            default: length = Int.random(in: 1...short, using: &rng)
            }
            let placement: SubtitlePlacement = Int.random(in: 0..<5, using: &rng) == 0 ? .top : .bottom
            return SubtitleCue(startMs: start, endMs: start + length, text: "cue \(index)", placement: placement)
        }
    }

    /// What the timeline must answer, by looking at every cue.
    struct Oracle {
        let ordered: [SubtitleCue]
        let boundaries: [Int]

        init(_ cues: [SubtitleCue]) {
            ordered = cues.enumerated().sorted { ($0.element.startMs, $0.offset) < ($1.element.startMs, $1.offset) }.map(\.element)
            boundaries = cues.filter { $0.endMs > $0.startMs }.flatMap { [$0.startMs, $0.endMs] }
        }

        func cues(atMs ms: Int) -> [SubtitleCue] { ordered.filter { $0.startMs <= ms && ms < $0.endMs } }

        func text(atMs ms: Int) -> String? {
            let texts = cues(atMs: ms).filter { $0.placement == .bottom }.map(\.text)
            return texts.isEmpty ? nil : texts.joined(separator: "\n")
        }

        func nextChange(afterMs ms: Int) -> Int? {
            var next: Int?
            for boundary in boundaries where boundary > ms && boundary < (next ?? .max) { next = boundary }
            return next
        }

        /// Where the timeline answers otherwise at `ms`, if it does.
        func mismatch(_ timeline: CueTimeline, atMs ms: Int) -> String? {
            if timeline.cues(atMs: ms) != cues(atMs: ms) { return "cues at \(ms)" }
            if timeline.text(atMs: ms) != text(atMs: ms) { return "text at \(ms)" }
            if timeline.nextChange(afterMs: ms) != nextChange(afterMs: ms) { return "change after \(ms)" }
            return nil
        }
    }

    @Test("Small sets at every millisecond", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func small(_ seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<20 {
            let cues = Self.randomCues(&rng, count: Int.random(in: 0...30, using: &rng), span: 300, short: 30)
            let timeline = CueTimeline(cues), oracle = Oracle(cues)
            let mismatches = (-2...620).compactMap { oracle.mismatch(timeline, atMs: $0) }
            #expect(mismatches.isEmpty, "\(mismatches.prefix(5)) for \(cues)")
        }
    }

    @Test("Ten thousand cues at random times")
    func large() {
        var rng = SeededGenerator(seed: 13)
        let cues = Self.randomCues(&rng, count: 10_000, span: 7_200_000, longOdds: 200, short: 6000)
        let timeline = CueTimeline(cues), oracle = Oracle(cues)
        let boundaries = cues.flatMap { [$0.startMs, $0.endMs, $0.endMs - 1] }
        var mismatches: [String] = []
        for step in 0..<400 {
            let ms = step % 2 == 0 ? Int.random(in: -1...7_300_000, using: &rng) : boundaries.randomElement(using: &rng)!
            if let mismatch = oracle.mismatch(timeline, atMs: ms) { mismatches.append(mismatch) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
