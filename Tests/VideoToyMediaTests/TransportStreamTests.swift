import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

/// MPEG-TS clips and stream-only HDR, which GStreamer 1.22 reads short of what ffprobe reports.
@Suite("Transport streams", .serialized)
@MainActor
struct TransportStreamTests {
    private static func clip(_ clip: ClipFactory.TransportClip) throws -> String {
        try Fixtures.file(clip.rawValue) { try ClipFactory.make(clip, at: $0) }
    }

    private static func probe(_ path: String) async throws -> MediaInfo {
        try await Catalogue.onOwnThread { try MediaProber(timeoutSeconds: 10).probe(path: path).get() }
    }

    @Test(
        "a short MPEG-TS clip has a duration: from its first and last presentation times",
        arguments: [
            ClipFactory.TransportClip.oneSecondTS, .shortTS,
        ])
    func shortDuration(_ clip: ClipFactory.TransportClip) async throws {
        let info = try await Self.probe(try Self.clip(clip))
        let duration = try #require(info.durationMs, "no duration: \(info.summary)")
        // ffprobe says 1.0 s and 2.5 s; GStreamer says 2.57 s for the longer one, counting from its clock reference.
        #expect(abs(duration - clip.durationMs) <= 120, "\(duration) ms for \(clip.durationMs) ms")
        #expect(info.container == .mpegTS)
    }

    @Test("a DTS soundtrack of MPEG-TS stream type 0x82, which GStreamer skips, is named in the row")
    func skippedDTS() async throws {
        let info = try await Self.probe(try Self.clip(.dtsTS))
        #expect(info.missingDecoders == [MediaProber.skippedDTS], "\(info.summary)")
        #expect(info.summary.contains("no decoder for DTS soundtrack"), "\(info.summary)")
        #expect(info.videoCodec == "H.264")
    }

    @Test("an AAC MPEG-TS clip names no skipped soundtrack")
    func noSkippedTrack() async throws {
        let info = try await Self.probe(try Self.clip(.shortTS))
        #expect(info.missingDecoders.isEmpty, "\(info.summary)")
    }

    @Test("HEVC whose PQ transfer only the stream's VUI states reads as HDR (PQ)")
    func hdrInStream() async throws {
        let path = try Self.clip(.hdrInStream)
        let info = try await Self.probe(path)
        #expect(info.bitDepth == 10)
        #expect(info.transfer == .pq, "\(info.summary)")
        #expect(info.summary.contains("HDR (PQ)"), "\(info.summary)")
    }

    @Test("an MPEG-TS clip plays from 0 and finishes at its duration, not at the clock reference's offset")
    func positionsFromZero() throws {
        let clip = ClipFactory.TransportClip.shortTS
        let harness = PlayerHarness(path: try Self.clip(clip))
        let player = try #require(harness.player)
        defer { player.close() }
        let prerolled = harness.run(seconds: 15) { if case .prerolled = $0 { return true } else { return false } }
        // Before: 700 ms, the first presentation time less the first clock reference.
        #expect(prerolled == .prerolled(positionMs: 0), "\(harness.messages)")
        // A seek lands where asked on the same timeline.
        player.seek(toMs: 1000)
        _ = harness.run(seconds: 1.5) { _ in false }
        #expect(player.positionMs.map { abs($0 - 1000) <= 100 } == true, "after seek \(player.positionMs ?? -1)")
        player.seek(toMs: 0)
        _ = harness.run(seconds: 1.5) { _ in false }
        player.play()
        let end = harness.runToEnd(seconds: 20)
        try #require(end == .endOfStream, "\(harness.messages)")
        // Before: 3220 ms for a 2.5 s clip.
        let finished = try #require(player.positionMs)
        #expect(abs(finished - clip.durationMs) <= 150, "finished at \(finished) ms")
    }
}

/// A seeded xorshift generator, so a failing round repeats.
private struct Sequence: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}

/// The transport stream reader on bytes made here.
struct TransportTimesTests {
    /// A 188-byte packet on `pid` starting a PES packet of `streamID` with presentation time `pts`.
    private static func packet(pid: Int, streamID: UInt8, pts: Int64) -> [UInt8] {
        var bytes: [UInt8] = [0x47, 0x40 | UInt8(pid >> 8), UInt8(pid & 0xFF), 0x10]
        let marked: [UInt8] = [
            UInt8(0x21 | ((pts >> 29) & 0x0E)), UInt8((pts >> 22) & 0xFF), UInt8(((pts >> 14) & 0xFE) | 1),
            UInt8((pts >> 7) & 0xFF), UInt8(((pts << 1) & 0xFE) | 1),
        ]
        bytes += [0, 0, 1, streamID, 0, 0, 0x80, 0x80, 5] + marked
        return bytes + [UInt8](repeating: 0xFF, count: 188 - bytes.count)
    }

    /// Presentation times at the two ends of a stream, and the span they make.
    struct Span: Sendable {
        let start: Int64
        let ends: [Int64]
        let expected: Int
    }

    @Test(
        "the span runs from the first time to the end of the last frame, across a wrap of the 33-bit counter",
        arguments: [
            Span(start: 126_000, ends: [351_000, 354_600], expected: 2580),
            Span(start: (1 << 33) - 45_000, ends: [180_000, 183_600], expected: 2580),
        ])
    func span(_ sample: Span) {
        let head = (0..<3).flatMap { Self.packet(pid: 0x100, streamID: 0xE0, pts: sample.start + Int64($0) * 3600) }
        let tail =
            sample.ends.flatMap { Self.packet(pid: 0x100, streamID: 0xE0, pts: $0) }
            + Self.packet(pid: 0x100, streamID: 0xE0, pts: sample.ends[0] - 3600)
        #expect(TransportTimes.durationMs(head: head, tail: tail) == sample.expected)
    }

    @Test("random bytes give no duration and no skipped track, and never trap")
    func randomBytes() {
        var generator = Sequence(state: 28)
        for round in 0..<200 {
            var bytes = (0..<(188 * 6)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Half the rounds keep the sync bytes, so the packet parser itself meets the noise.
            if round % 2 == 0 { for index in stride(from: 0, to: bytes.count, by: 188) { bytes[index] = 0x47 } }
            _ = TransportTimes.durationMs(head: bytes, tail: bytes)
            _ = TransportTimes.skippedDTSTracks(head: bytes)
        }
        #expect(TransportTimes.durationMs(head: [], tail: []) == nil)
        #expect(TransportTimes.skippedDTSTracks(head: [UInt8](repeating: 0x47, count: 188 * 3)) == 0)
    }
}
