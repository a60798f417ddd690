import Testing
import VideoToyCore
import VideoToyTesting

/// Subtitle files beside a video, as folder listings find them, in the row's line.
@MainActor
struct AppControllerSidecarTests {
    static let line = "1:00 · 640×360 · H.264"

    @Test func aRescanThatFindsSubtitleFilesNamesThemInTheRowAndOnlyThatRowIsRefreshed() async throws {
        let rig = try await Rig.ready(["/v/film.mkv", "/v/other.mkv"])
        let (film, other) = (rig.ids[0], rig.ids[1])
        #expect(rig.controller.row(for: film)?.detail == .summary(Self.line))
        let present = ["/v/film.mkv", "/v/other.mkv"]
        let calls = rig.presenter.calls.count
        let added = FolderDiff(
            folder: "/v", known: present, present: present, subtitles: ["/v/film.en.srt", "/v/film.fr.srt"], listed: ["/v"])
        let refresh = rig.controller.folderChanged("/v", present: present, diff: added)
        #expect(refresh.isEmpty, "no row added or gone")
        #expect(rig.controller.row(for: film)?.detail == .summary(Self.line + " · subtitles en, fr"))
        #expect(rig.controller.row(for: other)?.detail == .summary(Self.line))
        #expect(Array(rig.presenter.calls[calls...]) == [.refreshRow(film)])
        #expect(rig.records("refresh").isEmpty, "no refresh event: the rows are the same files")

        let removed = FolderDiff(folder: "/v", known: present, present: present, subtitles: ["/v/film.fr.srt"], listed: ["/v"])
        rig.controller.folderChanged("/v", present: present, diff: removed)
        #expect(rig.controller.row(for: film)?.detail == .summary(Self.line + " · subtitles fr"))
        rig.controller.folderChanged(
            "/v", present: present, diff: FolderDiff(folder: "/v", known: present, present: present, subtitles: [], listed: ["/v"]))
        #expect(rig.controller.row(for: film)?.detail == .summary(Self.line))
    }

    @Test func aNewVideoArrivesWithItsSubtitleFiles() async throws {
        let rig = try await Rig.ready(["/v/film.mkv"])
        let present = ["/v/film.mkv", "/v/new.mkv"]
        let diff = FolderDiff(folder: "/v", known: ["/v/film.mkv"], present: present, subtitles: ["/v/new.de.srt"], listed: ["/v"])
        let refresh = rig.controller.folderChanged("/v", present: present, diff: diff)
        let new = try #require(refresh.added.first)
        try await rig.probed()
        #expect(rig.controller.row(for: new)?.detail == .summary(Self.line + " · subtitles de"))
    }

    @Test func aRescanWithoutSubtitleListingsLeavesWhatWasKnown() async throws {
        let rig = try await Rig.ready(["/v/film.mkv"])
        rig.controller.sidecarsListed(SidecarLanguages(videos: ["/v/film.mkv"], subtitles: ["/v/film.srt"], listed: ["/v"]))
        #expect(rig.controller.row(for: rig.ids[0])?.detail == .summary(Self.line + " · subtitles"))
        rig.controller.folderChanged("/v", present: ["/v/film.mkv"])
        #expect(rig.controller.row(for: rig.ids[0])?.detail == .summary(Self.line + " · subtitles"))
    }
}
