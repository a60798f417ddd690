import Foundation
import Testing
import VideoToyCore
import VideoToyDesktop
import VideoToyTesting

/// MPRIS clients are given the row's line, languages included, as the video's comment.
@MainActor
struct MPRISCommentTests {
    @Test func theCommentIsTheRowsLine() async throws {
        let info = MediaInfo(
            durationMs: 2_000, videoSize: PixelSize(width: 320, height: 240), videoCodec: "H.264", audioCodec: "AAC",
            container: .common, audioLanguages: [Language(tag: "eng"), Language(tag: "fre")],
            subtitleLanguages: [Language(tag: "eng"), Language(tag: "fre")])
        let rig = try await BridgeRig(["/v/film.mkv", "/v/other.mp4"], scripted: ["/v/film.mkv": .success(info)])
        #expect(rig.bridge.metadata == nil)
        rig.bridge.play()
        try rig.player("/v/film.mkv").emit(.playing(positionMs: 0))
        #expect(rig.bridge.metadata?.comment == "0:02 · 320×240 · H.264 · 2 audio (en, fr) · subtitles en, fr")
        rig.bridge.next()
        try rig.player("/v/other.mp4").emit(.playing(positionMs: 0))
        #expect(rig.bridge.metadata?.comment == "1:00 · 640×360 · H.264")
    }

    @Test func subtitleFilesBesideTheVideoJoinTheCommentAndAreAnnounced() async throws {
        let info = MediaInfo(
            durationMs: 2_000, videoSize: PixelSize(width: 320, height: 240), videoCodec: "H.264", audioCodec: "AAC",
            audioLanguages: [Language(tag: "eng")], subtitleLanguages: [Language(tag: "eng")])
        let rig = try await BridgeRig(["/v/film.mkv"], scripted: ["/v/film.mkv": .success(info)])
        rig.bridge.play()
        try rig.player("/v/film.mkv").emit(.playing(positionMs: 0))
        #expect(rig.bridge.metadata?.comment == "0:02 · 320×240 · H.264 · subtitles en")
        let before = rig.announcer.calls.count
        rig.controller.sidecarsListed(
            SidecarLanguages(videos: ["/v/film.mkv"], subtitles: ["/v/film.en.srt", "/v/film.fr.srt"], listed: ["/v"]))
        #expect(rig.bridge.metadata?.comment == "0:02 · 320×240 · H.264 · subtitles en, fr", "English once, French from its file")
        #expect(rig.announcer.calls[before...].contains(.invalidate(MPRISChange.all.rawValue)), "clients hear of the new comment")
        rig.controller.sidecarsListed(SidecarLanguages(videos: ["/v/film.mkv"], subtitles: [], listed: ["/v"]))
        #expect(rig.bridge.metadata?.comment == "0:02 · 320×240 · H.264 · subtitles en", "the files gone, the line as before")
    }
}
