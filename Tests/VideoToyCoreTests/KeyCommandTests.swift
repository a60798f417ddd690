import Testing
import VideoToyCore
import VideoToyTesting

/// Which video a playback key acts on: the controller decides, the window only names the selected row.
@MainActor
struct KeyCommandTests {
    @Test func enterPlaysTheSelectedRowAndNothingWithoutOne() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        #expect(!rig.controller.perform(.playSelected, inVideoWindow: false, selected: nil))
        #expect(rig.backend.players.isEmpty)
        #expect(rig.controller.perform(.playSelected, inVideoWindow: false, selected: rig.ids[1]))
        #expect(try #require(rig.backend.player(for: "/v/b.mp4")).transport == [.play])
        #expect(rig.controller.currentItem == rig.ids[1])
    }

    @Test func spaceInTheListPlaysTheSelectedRowThenPausesIt() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        rig.controller.perform(.togglePlay, inVideoWindow: false, selected: rig.ids[0])
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        player.emit(.playing(positionMs: 0))
        rig.controller.perform(.togglePlay, inVideoWindow: false, selected: rig.ids[0])
        #expect(player.transport == [.play, .pause])
        rig.controller.perform(.togglePlay, inVideoWindow: false, selected: rig.ids[0])
        #expect(player.transport == [.play, .pause, .play], "resumed, not restarted")
    }

    @Test func spaceInAVideoWindowActsOnTheCurrentVideoWithoutAskingForTheSelection() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        rig.controller.activate(rig.ids[0])
        var asked = 0
        func selection() -> ItemID? {
            asked += 1
            return rig.ids[1]
        }
        // Outside #expect, which evaluates sub-expressions itself to report them.
        let handled = rig.controller.perform(.togglePlay, inVideoWindow: true, selected: selection())
        #expect(handled)
        #expect(asked == 0, "choosing the first row when none is selected is visible, so it must not happen here")
        #expect(try #require(rig.backend.player(for: "/v/a.mp4")).transport == [.play, .pause])
        #expect(rig.backend.player(for: "/v/b.mp4") == nil)
    }

    @Test func videoKeysNeedACurrentVideo() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        #expect(!rig.controller.perform(.video(.seekBy(5000)), inVideoWindow: false, selected: rig.ids[0]))
        rig.controller.activate(rig.ids[0])
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        player.emit(.playing(positionMs: 1000))
        #expect(rig.controller.perform(.video(.seekBy(5000)), inVideoWindow: false, selected: rig.ids[1]))
        #expect(player.transport == [.play, .seek(6000)], "the current video, not the selected row")
    }

    @Test(arguments: [KeyCommand.quit, .showShortcuts, .select(.rows(1))])
    func windowCommandsAreLeftToTheWindow(command: KeyCommand) async throws {
        let rig = try await Rig.ready(["/v/a.mp4"])
        #expect(!rig.controller.perform(command, inVideoWindow: false, selected: rig.ids[0]))
        #expect(rig.backend.players.isEmpty)
    }
}
