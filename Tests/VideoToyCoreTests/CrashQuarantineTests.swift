import Testing
import VideoToyCore
import VideoToyTesting

/// Files open when the app last died: which are marked, what the journal holds, and what the controller opens by itself.
@MainActor
struct CrashQuarantineTests {
    static let dwell = Preroll.dwellMilliseconds

    @Test(
        "The journal a start reads marks exactly its files",
        arguments: [
            ([], []), (["/v/a.mp4"], ["/v/a.mp4"]), (["/v/a.mp4", "/v/b.mkv"], ["/v/a.mp4", "/v/b.mkv"]),
            (["/v/a.mp4", "/v/a.mp4"], ["/v/a.mp4"]),
        ] as [([String], Set<String>)])
    func journalToMarks(journal: [String], marks: Set<String>) {
        let quarantine = CrashQuarantine(journal: journal)
        #expect(quarantine.marked == marks)
        for path in ["/v/a.mp4", "/v/b.mkv", "/v/c.webm"] {
            #expect(quarantine.isMarked(path) == marks.contains(path))
            #expect(quarantine.mayOpenUnasked(path) == !marks.contains(path))
        }
        #expect(quarantine.journal == marks.sorted(), "marks stay in the journal until cleared, so a second crash keeps them")
    }

    @Test("The journal names a file before its player exists and forgets it once closed; a played close clears the mark")
    func journalFollowsPlayers() {
        var quarantine = CrashQuarantine(journal: ["/v/m.mp4"])
        #expect(quarantine.opening("/v/a.mp4") == ["/v/a.mp4", "/v/m.mp4"])
        #expect(quarantine.opening("/v/a.mp4") == nil, "a second player of the same file changes nothing")
        #expect(quarantine.closed("/v/a.mp4", played: true) == nil, "one is still open")
        #expect(quarantine.closed("/v/a.mp4", played: true) == ["/v/m.mp4"])
        #expect(quarantine.opening("/v/m.mp4") == nil, "a marked file is in the journal already")
        #expect(quarantine.closed("/v/m.mp4", played: false) == nil, "a dropped pre-roll or a failed player keeps the mark")
        #expect(quarantine.isMarked("/v/m.mp4"))
        #expect(quarantine.opening("/v/m.mp4") == nil)
        #expect(quarantine.closed("/v/m.mp4", played: true) == [], "played and closed: cleared, and the journal empty")
        #expect(!quarantine.isMarked("/v/m.mp4"))
        #expect(quarantine.closed("/v/never.mp4", played: true) == nil)
    }

    /// A rig whose last run died playing /v/b.mp4, and what the controller wrote to the journal since.
    private func afterCrash(onEnd: OnEnd = .stop) async throws -> (Rig, JournalWrites) {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4", "/v/c.mp4"], onEnd: onEnd)
        let writes = JournalWrites()
        rig.controller.useCrashJournal(["/v/b.mp4"]) { writes.all.append($0) }
        return (rig, writes)
    }

    @Test func theMarkedRowSaysSoAndIsNotPreRolled() async throws {
        let (rig, writes) = try await afterCrash()
        let b = rig.ids[1]
        #expect(rig.controller.row(for: b)?.status == .closedWhilePlaying)
        #expect(rig.controller.row(for: b)?.status == .closedWhilePlaying)
        #expect(rig.controller.row(for: rig.ids[0])?.status == .idle)
        rig.controller.selected(b)
        rig.timers.advance(by: 10 * Self.dwell)
        #expect(rig.backend.makePlayerCalls == 0, "a marked file is not opened by a selection")
        #expect(rig.records("preroll").isEmpty)
        #expect(writes.all.isEmpty)
        rig.controller.selected(rig.ids[2])
        rig.timers.advance(by: Self.dwell)
        #expect(rig.backend.makePlayerCalls == 1, "another row still pre-rolls")
        #expect(writes.all == [["/v/b.mp4", "/v/c.mp4"]], "the pre-roll's file was journalled before its player was made")
    }

    @Test func playingItExplicitlyOpensItAndANormalCloseClearsTheMark() async throws {
        let (rig, writes) = try await afterCrash()
        let b = rig.ids[1]
        rig.controller.activate(b)
        let player = try #require(rig.backend.player(for: "/v/b.mp4"))
        player.emit(.playing(positionMs: 0))
        #expect(rig.controller.row(for: b)?.status == .playing)
        #expect(rig.controller.quarantine.isMarked("/v/b.mp4"), "still marked while it plays: a second crash keeps it")
        rig.controller.activate(rig.ids[0])  // another video starts: b closes normally
        rig.controller.shutDown()
        #expect(!rig.controller.quarantine.isMarked("/v/b.mp4"))
        #expect(rig.controller.row(for: b)?.status != .closedWhilePlaying)
        #expect(writes.all.last == [], "a clean quit leaves an empty journal")
    }

    @Test func aPlaylistPassesOverTheMarkedFile() async throws {
        let (rig, _) = try await afterCrash(onEnd: .next)
        rig.controller.activate(rig.ids[0])
        let a = try #require(rig.backend.player(for: "/v/a.mp4"))
        a.emit(.playing(positionMs: 0))
        a.emit(.endOfStream)
        #expect(rig.backend.player(for: "/v/b.mp4") == nil, "the marked file is not started by the playlist")
        #expect(rig.backend.player(for: "/v/c.mp4") != nil, "the next one is")
    }
}

/// What the controller wrote to the journal, in order.
@MainActor
final class JournalWrites {
    var all: [[String]] = []
}
