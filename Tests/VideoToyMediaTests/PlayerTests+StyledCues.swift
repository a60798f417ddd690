import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

extension PlayerTests.Cues {
    @Test("an embedded ASS track's cue keeps its override tags and its style: a bold first word, in the style's white")
    func assCueKeepsItsStyles() async throws {
        let clip = try await TrackClipFixtures.clip("tracks.mkv")
        let declared = try #require(clip.cues[.subtitles(1)]?.first)
        let harness = TrackPlayerHarness(path: clip.path)
        let player = try #require(harness.player)
        defer { player.close() }
        try #require(await harness.tracks() != nil, "no tracks message: \(harness.messages)")
        #expect(player.selectSubtitles(index: 1))
        player.play()
        let arrival = await harness.index(after: 0, seconds: 20) { $0.cue?.text == declared.text }
        let came = try #require(arrival, "\(declared.text) never came: \(harness.messages)")
        let cue = try #require(harness.heard[came].cue)
        // TrackClips.frenchLine, `{\b1}Bonjour{\b0} de la piste française`, in a style of PrimaryColour &H00FFFFFF.
        let white = SubtitleColour(red: 255, green: 255, blue: 255)
        #expect(
            cue.styled
                == StyledText([
                    StyledRun("Bonjour", SubtitleStyle(isBold: true, colour: white)),
                    StyledRun(" de la piste française", SubtitleStyle(colour: white)),
                ]), "\(cue)")
        #expect(cue.placement == .bottom)
        #expect(Self.matches(cue, declared), "\(cue) for \(declared)")
    }
}
