import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

extension PlayerTests.Cues {
    /// A script mkvmerge muxed, the name of its file, and what it shows.
    nonisolated static let mkvmergeScripts: [(script: String, fileExtension: String, name: String, cues: [FixtureCue])] = [
        (TrackClips.mkvmergeSSAScript, "ssa", "mkvmerge-ssa.mkv", TrackClips.mkvmergeSSACues),
        (TrackClips.unusualASSScript, "ass", "mkvmerge-unusual-ass.mkv", TrackClips.unusualASSCues),
    ]

    @Test(
        "an SSA track and an ASS track with unusual headers, as mkvmerge writes them, show their texts as their sidecars do, no block fields",
        arguments: mkvmergeScripts.indices)
    func mkvmergeScriptCues(index: Int) async throws {
        let (script, fileExtension, name, declared) = Self.mkvmergeScripts[index]
        let path = try Fixtures.file(name) { try TrackClips.makeMkvmergeScript(script, fileExtension: fileExtension, at: $0) }
        // The sidecar reads the same.
        let sidecar = SubtitleDocument.parse(script, format: fileExtension == "ssa" ? .ssa : .ass)
        #expect(sidecar.cues.map(\.text) == declared.map(\.text), "\(sidecar)")
        let harness = TrackPlayerHarness(path: path)
        let player = try #require(harness.player)
        defer { player.close() }
        let tracks = try #require(await harness.tracks(), "no tracks message: \(harness.messages)")
        #expect(tracks.subtitles.count == 1, "\(tracks)")
        player.play()
        let end = try #require(await harness.runToEnd(seconds: 30), "no end within 30 s: \(harness.messages)")
        #expect(harness.heard[end].message == .endOfStream, "\(harness.messages)")
        #expect(harness.cues.map(\.text) == declared.map(\.text), "\(harness.cues)")
        for (cue, want) in zip(harness.cues, declared) {
            #expect(Self.matches(cue, want), "\(cue) for \(want)")
        }
        // The unusual script's first cue is in its style Up, at the top; the other cues at the bottom.
        let placements = harness.cues.map(\.placement)
        #expect(placements == (index == 1 ? [.top, .bottom] : [.bottom, .bottom]), "\(harness.cues)")
    }
}
