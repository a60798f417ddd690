import Testing
import VideoToyCore
import VideoToyTesting

@testable import VideoToyDesktop

/// Durations, positions and offsets at the edges of 64 bits, through what the server answers on the bus: none may trap.
@MainActor
@Suite("MPRIS numbers")
struct MPRISNumbersTests {
    /// A probe (or a probe cache) claiming 9.3e15 ms: times 1000 it passes `Int64.max`.
    static let hugeMs = 9_300_000_000_000_000

    /// A rig playing `/v/a.mp4`, probed with `durationMs`, its player at `positionMs`, and a server that never joins the bus.
    private func playing(durationMs: Int?, positionMs: Int) async throws -> (BridgeRig, FakePlayer, MPRISServer) {
        let rig = try await BridgeRig(
            ["/v/a.mp4", "/v/b.mp4"],
            scripted: ["/v/a.mp4": .success(MediaInfo(durationMs: durationMs, videoSize: PixelSize(width: 320, height: 240)))])
        rig.bridge.play()
        let player = try rig.player("/v/a.mp4")
        player.durationMs = durationMs ?? 60_000
        player.emit(.playing(positionMs: positionMs))
        player.positionMs = positionMs
        return (rig, player, MPRISServer(target: rig.bridge, connect: false, report: { _ in }))
    }

    private func length(_ value: DBusValue?) -> DBusValue? {
        guard case .dictionary(let entries)? = value else { return nil }
        return entries["mpris:length"]
    }

    @Test("A duration of 9.3e15 ms from the probe is an unknown length, not a trap; a real one is sent in microseconds")
    func hugeDurationInMetadata() async throws {
        let (rig, _, server) = try await playing(durationMs: Self.hugeMs, positionMs: 0)
        let metadata = server.playerProperty("Metadata")
        #expect(metadata != nil)
        #expect(length(metadata) == nil, "a duration beyond 100 years is no length")
        let (plainRig, _, plain) = try await playing(durationMs: 61_000, positionMs: 0)
        #expect(length(plain.playerProperty("Metadata")) == .int64(61_000_000))
        // The server holds its target weakly: the rigs must outlive the questions.
        withExtendedLifetime((rig, plainRig)) {}
    }

    @Test("Position at Int.max ms is held within 100 years", arguments: [Int.max, Int.min, MediaTime.longestMs + 1, -1])
    func hugePosition(positionMs: Int) async throws {
        let (rig, _, server) = try await playing(durationMs: 61_000, positionMs: positionMs)
        defer { withExtendedLifetime(rig) {} }
        guard case .int64(let us)? = server.playerProperty("Position") else {
            Issue.record("no position")
            return
        }
        #expect((0...Int64(MediaTime.longestMs) * 1000).contains(us))
    }

    @Test(
        "Seek and SetPosition with extreme offsets seek only within the video, or go next",
        arguments: [Int64.max, Int64.min, Int64.max / 1000, Int64.min + 1, 0, 5_000_000, -5_000_000])
    func extremeOffsets(offsetUs: Int64) async throws {
        for duration in [61_000, Self.hugeMs, MediaTime.longestMs] {
            for position in [0, 30_000, Int.max, MediaTime.longestMs] {
                let (rig, player, server) = try await playing(durationMs: duration, positionMs: position)
                #expect(server.call(MPRISInterface.player, "Seek", [.int64(offsetUs)]) == nil, "the player is there")
                let trackID = try #require(rig.bridge.metadata?.trackID)
                #expect(server.call(MPRISInterface.player, "SetPosition", [.objectPath(trackID), .int64(offsetUs)]) == nil)
                let sane = MediaTime.durationMs(duration) ?? MediaTime.longestMs
                for case .seek(let ms) in player.commands {
                    #expect((0...sane).contains(ms), "sought to \(ms) in a video of \(duration) ms from \(position)")
                }
                for ms in rig.announcer.seeks { #expect((0...sane).contains(ms)) }
            }
        }
    }

    @Test("The seek rules as a table")
    func seekTable() {
        let rows: [(position: Int, offset: Int64, duration: Int?, next: Bool, move: MPRISPosition.Move)] = [
            (10_000, 5_000_000, 60_000, true, .seek(toMs: 15_000)),
            (10_000, -20_000_000, 60_000, true, .seek(toMs: 0)),
            (10_000, 60_000_000, 60_000, true, .next),
            (10_000, 60_000_000, 60_000, false, .ignore),
            (10_000, .max, 60_000, true, .next),
            (10_000, .min, 60_000, true, .seek(toMs: 0)),
            (.max, .max, nil, true, .next),
            (.max, 0, 60_000, true, .next),
            (.min, .min, nil, false, .seek(toMs: 0)),
            (0, .max, Self.hugeMs, false, .ignore),
            (0, 1_000_000, Self.hugeMs, false, .seek(toMs: 1000)),
        ]
        for row in rows {
            #expect(
                MPRISPosition.seek(fromMs: row.position, byMicroseconds: row.offset, durationMs: row.duration, canGoNext: row.next)
                    == row.move,
                "\(row)")
        }
        #expect(MPRISPosition.setPosition(microseconds: .max, durationMs: nil) == .ignore)
        #expect(MPRISPosition.setPosition(microseconds: .max, durationMs: Self.hugeMs) == .ignore)
        #expect(MPRISPosition.setPosition(microseconds: -1, durationMs: 60_000) == .ignore)
        #expect(MPRISPosition.setPosition(microseconds: 60_000_000, durationMs: 60_000) == .seek(toMs: 60_000))
        #expect(MPRISPosition.setPosition(microseconds: 60_001_000, durationMs: 60_000) == .ignore)
        #expect(MPRISPosition.microseconds(ms: .max) == Int64(MediaTime.longestMs) * 1000)
        #expect(MPRISPosition.microseconds(ms: .min) == 0)
    }
}
