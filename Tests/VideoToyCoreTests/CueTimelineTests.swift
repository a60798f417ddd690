import Testing
import VideoToyCore

/// Which cues show when, with cues that overlap, touch, nest and sit at the top.
@Suite("Cue timeline")
struct CueTimelineTests {
    static func cue(_ start: Int, _ end: Int, _ text: String, _ placement: SubtitlePlacement = .bottom) -> SubtitleCue {
        SubtitleCue(startMs: start, endMs: end, text: text, placement: placement)
    }

    /// A long narration over three short lines, two that touch, a sign at the top and one that never shows.
    static let cues = [
        cue(5000, 6000, "touching B"),
        cue(1000, 10000, "long"),
        cue(2000, 3000, "short 1"),
        cue(3000, 4000, "short 2"),
        cue(4000, 6000, "touching A"),
        cue(7000, 8000, "sign", .top),
        cue(9000, 9000, "never"),
        cue(12000, 13000, "alone"),
    ]

    static let textCases: [(Int, String?)] = [
        (0, nil), (999, nil), (1000, "long"), (1999, "long"), (2000, "long\nshort 1"), (2999, "long\nshort 1"),
        (3000, "long\nshort 2"), (4500, "long\ntouching A"), (5000, "long\ntouching A\ntouching B"), (6000, "long"),
        (7500, "long"), (9000, "long"), (9999, "long"), (10000, nil), (12500, "alone"), (13000, nil), (-5, nil),
    ]

    @Test("Bottom text at a time", arguments: textCases)
    func text(_ ms: Int, _ expected: String?) {
        #expect(CueTimeline(Self.cues).text(atMs: ms) == expected)
    }

    @Test("Cues at a time, the top ones too")
    func cuesAt() {
        let timeline = CueTimeline(Self.cues)
        #expect(timeline.cues(atMs: 7500).map(\.text) == ["long", "sign"])
        #expect(timeline.text(atMs: 7500, placement: .top) == "sign")
        #expect(timeline.text(atMs: 6500, placement: .top) == nil)
        #expect(timeline.cues(atMs: 5500).map(\.text) == ["long", "touching A", "touching B"])
        #expect(timeline.cues(atMs: 11000).isEmpty)
    }

    static let changeCases: [(Int, Int?)] = [
        (-1, 1000), (0, 1000), (1000, 2000), (1500, 2000), (2000, 3000), (3000, 4000), (4000, 5000), (5999, 6000), (6000, 7000),
        (8000, 10000), (9000, 10000), (10000, 12000), (12999, 13000), (13000, nil), (50000, nil),
    ]

    @Test("The next change after a time", arguments: changeCases)
    func nextChange(_ ms: Int, _ expected: Int?) {
        #expect(CueTimeline(Self.cues).nextChange(afterMs: ms) == expected)
    }

    @Test("No cues")
    func empty() {
        let timeline = CueTimeline([])
        #expect(timeline.cues(atMs: 0).isEmpty)
        #expect(timeline.text(atMs: 0) == nil)
        #expect(timeline.nextChange(afterMs: 0) == nil)
    }

    @Test("Identical cues both show, in the order given")
    func duplicates() {
        let timeline = CueTimeline([Self.cue(0, 10, "b"), Self.cue(0, 10, "a"), Self.cue(0, 10, "b")])
        #expect(timeline.text(atMs: 5) == "b\na\nb")
    }

    @Test("A film's worth of cues under one long one")
    func tenThousand() {
        let short = (0..<10_000).map { Self.cue($0 * 1000, $0 * 1000 + 800, "cue \($0)") }
        let timeline = CueTimeline(short + [Self.cue(500, 9_999_500, "narration")])
        #expect(timeline.text(atMs: 4_321_100) == "narration\ncue 4321")
        #expect(timeline.text(atMs: 4_321_900) == "narration")
        #expect(timeline.text(atMs: 9_999_400) == "narration\ncue 9999")
        #expect(timeline.text(atMs: 9_999_600) == "cue 9999")
        #expect(timeline.nextChange(afterMs: 4_321_100) == 4_321_800)
        #expect(timeline.nextChange(afterMs: 0) == 500)
        #expect(timeline.nextChange(afterMs: 9_999_600) == 9_999_800)
    }
}
