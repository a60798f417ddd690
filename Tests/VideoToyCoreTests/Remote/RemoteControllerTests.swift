import Testing
import VideoToyCore
import VideoToyTesting

/// The remote page as one more input to the controller, and what it reads back.
@MainActor
struct RemoteControllerTests {
    @Test func commandsGoWhereTheKeysGo() async throws {
        let rig = try await PresenterControllerTests.onProjector()
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        #expect(rig.controller.remote(.toggleMute))
        #expect(player.muted)
        #expect(rig.controller.remote(.volume(0.25)))
        #expect(player.volume == 0.25)
        #expect(rig.controller.remote(.togglePlay))
        #expect(rig.controller.policy.playing == nil)
        // The page asks for a state: Black twice stays black, None shows the picture.
        #expect(rig.controller.remote(.cover(.black)))
        #expect(rig.controller.remote(.cover(.black)))
        #expect(rig.controller.presenterView.look.veil.opacity == 1)
        #expect(rig.controller.remote(.cover(.none)))
        #expect(rig.controller.presenterView.look.veil.opacity == 0)
        #expect(rig.controller.remote(.play(rig.ids[2])))
        #expect(rig.controller.currentItem == rig.ids[2])
        #expect(!rig.controller.remote(.play(ItemID(999))), "an item the library does not have plays nothing")
        #expect(!rig.controller.remote(.chooseScreen("HDMI-9")))
        #expect(rig.controller.remote(.chooseScreen("HDMI-1")))
    }

    @Test func theStatusReadsTheSnapshot() async throws {
        let rig = try await PresenterControllerTests.onProjector()
        rig.controller.perform(.cover(.white))
        let status = rig.controller.remoteStatus
        #expect(status["current"]?["title"]?.string == "a.mp4")
        #expect(status["current"]?["state"]?.string == "playing")
        #expect(status["current"]?["screen"]?.string == "HDMI-1")
        let duration = try #require(rig.controller.snapshot.current?.durationMs)
        #expect(status["current"]?["duration_ms"]?.int == duration)
        #expect(status["presenter"]?["state"]?.string == "white")
        #expect(status["screens"]?.array?.first?["connector"]?.string == "HDMI-1")
        #expect(status["screens"]?.array?.first?["chosen"]?.bool == true)
    }

    @Test func libraryPagesFilterAndAreBounded() async throws {
        let paths = (0..<120).map { "/v/\($0 % 2 == 0 ? "Talk" : "clip") \($0).mp4" }
        let rig = try await Rig.ready(paths)
        let (library, shown) = rig.controller.remoteRows
        let all = RemoteLibraryPage(library: library, shown: shown, query: "", offset: 0)
        #expect(all.total == 120)
        #expect(all.rows.count == RemoteLibraryPage.size)
        #expect(all.rows.first?.id == rig.controller.id(at: 0))
        let talks = RemoteLibraryPage(library: library, shown: shown, query: "TALK", offset: 50)
        #expect(talks.total == 60)
        #expect(talks.rows.count == 10)
        #expect(talks.rows.allSatisfy { $0.title.hasPrefix("Talk") })
        let past = RemoteLibraryPage(library: library, shown: shown, query: "", offset: 500)
        #expect(past.rows.isEmpty && past.total == 120)
        #expect(all.json["items"]?.array?.first?["title"]?.string == all.rows.first?.title)
    }
}
