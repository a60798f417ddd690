import Testing
import VideoToyCore

/// The show: its order, its cue, and edits that keep the position on the same video.
@Suite("Show")
struct ShowTests {
    static func show(_ count: Int) -> Show {
        Show(entries: (0..<count).map { ShowEntry(path: "/talk/\($0).mp4") })
    }

    @Test("Start cues the first video; next steps to it and then on; previous goes back and stops at the first")
    func steps() {
        var show = Self.show(3)
        let step1 = show.next()
        #expect(step1 == nil)
        let step2 = show.start()
        #expect(step2)
        #expect(show.upNext == 0)
        let step3 = show.next()
        #expect(step3 == 0)
        #expect(show.upNext == 1)
        let step4 = show.next()
        #expect(step4 == 1)
        let step5 = show.next()
        #expect(step5 == 2)
        #expect(show.upNext == nil)
        let step6 = show.next()
        #expect(step6 == nil)
        #expect(show.position == 2)
        let step7 = show.previous()
        #expect(step7 == 1)
        let step8 = show.previous()
        #expect(step8 == 0)
        let step9 = show.previous()
        #expect(step9 == 0)
        show.end()
        #expect(!show.running)
        #expect(show.position == nil)
        #expect(show.entries.count == 3)
    }

    @Test("An empty show does not start; Shift+F5 cues the video asked for", arguments: [(nil as Int?, 0), (2, 2), (7, 0)])
    func start(cue: Int?, expected: Int) {
        var empty = Show()
        let emptyStarted = empty.start()
        #expect(!emptyStarted)
        var show = Self.show(3)
        let step10 = show.start(cueing: cue)
        #expect(step10)
        #expect(show.upNext == expected)
    }

    @Test(
        "Edits keep the position on the same video",
        arguments: [
            // (position, edit, expected position)
            (2, "remove 0", 1), (2, "remove 2", 1), (2, "remove 3", 2), (0, "remove 0", nil),
            (2, "move 2 0", 0), (2, "move 0 3", 1), (2, "move 4 1", 3), (2, "move 3 4", 2),
        ] as [(Int, String, Int?)])
    func edits(position: Int, edit: String, expected: Int?) {
        var show = Self.show(5)
        show.start(cueing: position)
        _ = show.next()
        #expect(show.position == position)
        let path = show.entries[position].path
        let parts = edit.split(separator: " ")
        if parts[0] == "remove" {
            show.remove(at: Int(parts[1])!)
        } else {
            show.move(from: Int(parts[1])!, to: Int(parts[2])!)
        }
        #expect(show.position == expected)
        if let expected, parts[0] == "move" || Int(parts[1])! != position { #expect(show.entries[expected].path == path) }
        #expect(show.edited)
    }

    @Test("A video started from the list moves the show to it, the next occurrence first")
    func follows() {
        var show = Show(entries: ["/a", "/b", "/a", "/c"].map { ShowEntry(path: $0) })
        show.started(path: "/b")
        #expect(show.position == nil, "a show that does not run follows nothing")
        show.start()
        show.started(path: "/a")
        #expect(show.position == 0)
        show.started(path: "/a")
        #expect(show.position == 0, "the same video again is the same entry")
        show.started(path: "/c")
        #expect(show.position == 3)
        show.started(path: "/a")
        #expect(show.position == 0)
        show.started(path: "/elsewhere")
        #expect(show.position == 0)
    }

    @Test("A show holds at most its capacity")
    func capacity() {
        var show = Show(entries: (0..<(Show.capacity + 5)).map { ShowEntry(path: "/v/\($0)") })
        #expect(show.entries.count == Show.capacity)
        let appended = show.append(ShowEntry(path: "/v/more"))
        #expect(!appended)
    }

    @Test("An entry's title is its file name unless given")
    func titles() {
        #expect(ShowEntry(path: "/talk/intro clip.mp4").title == "intro clip.mp4")
        #expect(ShowEntry(path: "/talk/a.mp4", title: "Opening").title == "Opening")
    }

    @Test(
        "The stage clock: elapsed, remaining rounded up, and its tone",
        arguments: [
            (0, 90_000 as Int?, "0:00", "−1:30" as String?, StageClock.Tone.normal),
            (59_500, 90_000, "0:59", "−0:31", .normal),
            (60_000, 90_000, "1:00", "−0:30", .amber),
            (80_000, 90_000, "1:20", "−0:10", .red),
            (89_999, 90_000, "1:29", "−0:01", .red),
            (95_000, 90_000, "1:35", "−0:00", .red),
            (3_723_000, nil, "1:02:03", nil, .normal),
            (-5, 0, "0:00", nil, .normal),
        ])
    func clock(position: Int, duration: Int?, elapsed: String, remaining: String?, tone: StageClock.Tone) {
        let clock = StageClock(positionMs: position, durationMs: duration)
        #expect(clock.elapsedText == elapsed)
        #expect(clock.remainingText == remaining)
        #expect(clock.tone == tone)
    }
}
