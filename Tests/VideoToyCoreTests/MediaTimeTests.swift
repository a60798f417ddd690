import Testing
import VideoToyCore

/// The checked conversions every number from a file, a cache, the settings or the bus goes through.
struct MediaTimeTests {
    static let longest = MediaTime.longestMs

    @Test(
        "Positions to nanoseconds and microseconds clamp within 0 and 100 years",
        arguments: [
            (Int.min, Int64(0), Int64(0)), (-1, 0, 0), (0, 0, 0), (1, 1_000_000, 1000),
            (9_300_000_000_000, Int64(longest) * 1_000_000, Int64(longest) * 1000),
            (longest, Int64(longest) * 1_000_000, Int64(longest) * 1000),
            (longest + 1, Int64(longest) * 1_000_000, Int64(longest) * 1000),
            (Int.max, Int64(longest) * 1_000_000, Int64(longest) * 1000),
        ])
    func toSmallerUnits(ms: Int, ns: Int64, us: Int64) {
        #expect(MediaTime.nanoseconds(ms: ms) == ns)
        #expect(MediaTime.microseconds(ms: ms) == us)
        #expect(MediaTime.positionMs(ms) == Int(ns / 1_000_000))
    }

    @Test("100 years in nanoseconds leaves room in 64 bits for a sum of two")
    func boundFits() {
        #expect(Int64(Self.longest).multipliedReportingOverflow(by: 2_000_000).overflow == false)
    }

    @Test(
        "Durations: not positive or beyond 100 years is unknown",
        arguments: [
            (Int?.none, Int?.none), (Int.min, nil), (-1, nil), (0, nil), (1, 1), (61_000, 61_000), (longest, longest),
            (longest + 1, nil), (12_000_000_000_000, nil), (9_300_000_000_000_000, nil), (Int.max, nil),
        ])
    func durations(ms: Int?, known: Int?) {
        #expect(MediaTime.durationMs(ms) == known)
    }

    @Test("Durations from nanoseconds and microseconds round to the nearest and never trap")
    func durationsFromSmallerUnits() {
        let ns: [(UInt64, Int?)] = [
            (0, nil), (499_999, nil), (500_000, 1), (1_499_999, 1), (61_000_000_000, 61_000), (UInt64.max, nil), (UInt64.max - 1, nil),
            (UInt64(Int64.max), nil), (12_000_000_000_000_000_000, nil), (UInt64(Self.longest) * 1_000_000, Self.longest),
        ]
        for (value, expected) in ns { #expect(MediaTime.durationMs(nanoseconds: value) == expected, "\(value) ns") }
        let us: [(Int64, Int?)] = [
            (Int64.min, nil), (-1, nil), (0, nil), (499, nil), (500, 1), (61_000_000, 61_000), (Int64.max, nil), (Int64.max - 499, nil),
            (12_000_000_000_000_000, nil), (Int64(Self.longest) * 1000, Self.longest),
        ]
        for (value, expected) in us { #expect(MediaTime.durationMs(microseconds: value) == expected, "\(value) µs") }
    }

    @Test("Smaller units to milliseconds truncate and never trap")
    func toMilliseconds() {
        #expect(MediaTime.milliseconds(nanoseconds: Int64.max) == Int(Int64.max / 1_000_000))
        #expect(MediaTime.milliseconds(nanoseconds: Int64.min) == Int(Int64.min / 1_000_000))
        #expect(MediaTime.milliseconds(nanoseconds: UInt64.max) == Int(UInt64.max / 1_000_000))
        #expect(MediaTime.milliseconds(nanoseconds: Int64(1_999_999)) == 1)
        #expect(MediaTime.milliseconds(microseconds: Int64.max) == Int(Int64.max / 1000))
        #expect(MediaTime.milliseconds(microseconds: Int64.min) == Int(Int64.min / 1000))
        #expect(MediaTime.milliseconds(microseconds: -1999) == -1)
    }

    @Test(
        "Offsets saturate",
        arguments: [
            (Int.max, 1, Int.max), (Int.min, -1, Int.min), (Int.max, Int.max, Int.max), (Int.min, Int.min, Int.min),
            (Int.max, Int.min, -1), (10, -20, -10), (0, 0, 0), (Int.max - 5, 5, Int.max), (Int.min + 5, -5, Int.min),
        ])
    func offsets(ms: Int, delta: Int, expected: Int) {
        #expect(MediaTime.offset(ms, by: delta) == expected)
    }

    @Test("Seconds from a preference or a seek bar: NaN, infinities and huge values are held within 100 years")
    func seconds() {
        let rows: [(Double, Int)] = [
            (.nan, 0), (-.infinity, 0), (.infinity, Self.longest), (-1, 0), (0, 0), (0.0004, 0), (0.0005, 1), (2, 2000),
            (1e300, Self.longest), (-1e300, 0), (Double(Int.max), Self.longest), (9.3e12, Self.longest),
        ]
        for (value, expected) in rows { #expect(MediaTime.milliseconds(seconds: value) == expected, "\(value) s") }
    }

    @Test("A row's clock reads any position without trapping, as at most 'h:mm:ss'")
    func clockExtremes() {
        #expect(TimeFormat.clock(milliseconds: Int.min) == "0:00")
        #expect(TimeFormat.clock(milliseconds: Int.max) == "2562047788015:12:55")
    }

    @Test("A SubRip time of 99999999:59:59,999 is read, placed on the timeline and timed without a trap")
    func hugeSubRipTimes() {
        let text = "1\n00:00:01,000 --> 99999999:59:59,999\nlate\n\n2\n99999999:59:59,000 --> 99999999:59:59,999\nlast\n"
        let document = SubtitleDocument.parse(text, format: .subRip)
        let end = ((99_999_999 * 60 + 59) * 60 + 59) * 1000 + 999
        #expect(document.cues.map(\.endMs) == [end, end])
        let timeline = CueTimeline(document.cues)
        #expect(timeline.text(atMs: 2000) == "late")
        #expect(timeline.nextChange(afterMs: 2000) == end - 999)
        #expect(timeline.nextChange(afterMs: Int.max) == nil)
        #expect(timeline.text(atMs: Int.max) == nil && timeline.text(atMs: Int.min) == nil)
        #expect(TimeFormat.clock(milliseconds: end) == "99999999:59:59")
    }
}
