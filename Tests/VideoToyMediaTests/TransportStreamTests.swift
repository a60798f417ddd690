import Foundation
import Glibc
import Testing
import VideoToyCore
import VideoToyMediaTesting
import VideoToyText

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
        let duration = try #require(info.durationMs, "no duration: \(info)")
        // ffprobe says 1.0 s and 2.5 s; GStreamer says 2.57 s for the longer one, counting from its clock reference.
        #expect(abs(duration - clip.durationMs) <= 120, "\(duration) ms for \(clip.durationMs) ms")
        #expect(info.container == .mpegTS)
    }

    @Test("a DTS soundtrack of MPEG-TS stream type 0x82, which GStreamer's demuxer skips, is counted as a soundtrack")
    func dtsInRow() async throws {
        let info = try await Self.probe(try Self.clip(.dtsTS))
        // Before: "no decoder for DTS soundtrack (… skipped by GStreamer 1.22)".
        #expect(info.missingDecoders.isEmpty, "\(info)")
        #expect(info.audioCodec == "DTS", "\(info)")
        #expect(info.audioLanguages.count == 1, "\(info)")
        #expect(info.videoCodec == "H.264")
    }

    @Test("the DTS soundtrack plays: its tone is heard to the end of the picture")
    func dtsPlays() async throws {
        let clip = ClipFactory.TransportClip.dtsTS
        let recording = try Fixtures.newFolder("dts-ts") + "/heard.raw"
        let fd = open(recording, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        let harness = TrackPlayerHarness(path: try Self.clip(clip), soundSink: PlayerTests.Soundtracks.recorder(fd))
        let player = try #require(harness.player)
        defer { player.close() }
        let listed = try #require(await harness.tracks(), "no tracks: \(harness.messages)")
        // Before: no soundtrack, and nothing recorded.
        #expect(listed.audio.count == 1, "\(listed.audio)")
        player.play()
        let end = try #require(await harness.runToEnd(seconds: 30), "no end: \(harness.messages)")
        #expect(harness.heard[end].message == .endOfStream, "\(harness.messages)")
        let meter = try ToneMeter(path: recording, rate: PlayerTests.Soundtracks.rate)
        #expect(abs(meter.durationMs - clip.durationMs) < 300, "recorded \(meter.durationMs) ms")
        let windows = meter.windows().dropFirst().dropLast()
        #expect(!windows.isEmpty && windows.allSatisfy { abs($0.hertz - 440) < 30 }, "\(windows)")
    }

    @Test("the rewritten table: the DTS entry reads 0x8A, its CRC checks, and any cut into buffers gives the same bytes")
    func tableRewrite() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Self.clip(.dtsTS))))
        let plan = TransportDTS.plan(head: Array(bytes.prefix(TransportTimes.window)))
        #expect(plan.dts == 1 && plan.unchecked == 0, "\(plan)")
        let rewrite = try #require(plan.sections.values.first)
        #expect(plan.sections.count == 1)
        #expect(TransportDTS.mpegCRC(rewrite.old) == 0, "the file's own section checks")
        #expect(TransportDTS.mpegCRC(rewrite.new) == 0, "the rewritten section checks")
        #expect(zip(rewrite.old, rewrite.new).filter { $0 != $1 }.count <= 5, "one type byte and the CRC change")
        let whole = Self.rewritten(bytes, plan: plan, cuts: [bytes.count])
        // ffmpeg repeats the table; every copy is rewritten.
        let copies = Self.count(rewrite.new, in: whole)
        #expect(copies > 3 && Self.count(rewrite.old, in: whole) == 0, "\(copies) copies")
        var generator = Sequence(state: 82)
        for round in 0..<20 {
            var cuts: [Int] = []
            var left = bytes.count
            while left > 0 {
                let cut = min(left, Int.random(in: 1...(round % 2 == 0 ? 400 : 20_000), using: &generator))
                cuts.append(cut)
                left -= cut
            }
            let pieces = Self.rewritten(bytes, plan: plan, cuts: cuts, offsets: round % 3 != 0)
            let differing = whole.indices.filter { pieces[$0] != whole[$0] }
            #expect(differing.isEmpty, "round \(round): \(differing.count) bytes differ, the first at \(differing.first ?? -1)")
        }
    }

    @Test("a 0x82 stream that does not start with a DTS sync word (SCTE-27 uses the number too) is left as it is")
    func notDTS() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Self.clip(.dtsTS))).prefix(TransportTimes.window))
        var damaged = 0
        var at = 0
        while let found = Self.find([0x7F, 0xFE, 0x80, 0x01], in: bytes, from: at) {
            bytes.replaceSubrange(found..<found + 4, with: [0, 0, 0, 0])
            damaged += 1
            at = found + 4
        }
        #expect(damaged > 0)
        let plan = TransportDTS.plan(head: bytes)
        #expect(plan.sections.isEmpty && plan.dts == 0 && plan.unchecked == 0, "\(plan)")
    }

    /// `bytes` passed through a rewriter in pieces of `cuts` bytes, each with its offset in the file or none.
    private static func rewritten(_ bytes: [UInt8], plan: TransportDTS.Plan, cuts: [Int], offsets: Bool = true) -> [UInt8] {
        let rewriter = TableRewriter(plan: plan)
        var output: [UInt8] = []
        var start = 0
        for cut in cuts {
            var piece = Array(bytes[start..<start + cut])
            let changes = piece.withUnsafeBytes { rewriter.changes($0, at: offsets ? start : nil) }
            for change in changes { piece[change.index] = change.value }
            output += piece
            start += cut
        }
        return output
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard bytes.count >= needle.count, from <= bytes.count - needle.count else { return nil }
        return (from...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    private static func count(_ needle: [UInt8], in bytes: [UInt8]) -> Int {
        var found = 0
        var at = 0
        while let index = find(needle, in: bytes, from: at) {
            found += 1
            at = index + needle.count
        }
        return found
    }

    @Test("an AAC MPEG-TS clip names no skipped soundtrack")
    func noSkippedTrack() async throws {
        let info = try await Self.probe(try Self.clip(.shortTS))
        #expect(info.missingDecoders.isEmpty, "\(info)")
    }

    @Test("HEVC whose PQ transfer only the stream's VUI states reads as HDR (PQ)")
    func hdrInStream() async throws {
        let path = try Self.clip(.hdrInStream)
        let info = try await Self.probe(path)
        #expect(info.bitDepth == 10)
        #expect(info.transfer == .pq, "\(info)")
        #expect(MediaSummary(info).text(in: .english).contains("HDR (PQ)"), "\(info)")
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
            let plan = TransportDTS.plan(head: bytes)
            // A rewriter for a table the noise happens to hold must not trap on it either.
            let table = TransportDTS.Rewrite(old: Array(bytes[5..<30]), new: Array(bytes[6..<31]))
            let rewriter = TableRewriter(plan: TransportDTS.Plan(sections: [0x100: table, 0: table]))
            _ = bytes.withUnsafeBytes { rewriter.changes($0, at: round % 3 == 0 ? nil : round * 7) }
            _ = plan
        }
        #expect(TransportTimes.durationMs(head: [], tail: []) == nil)
        #expect(TransportDTS.plan(head: [UInt8](repeating: 0x47, count: 188 * 3)) == TransportDTS.Plan())
    }
}
