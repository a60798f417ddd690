import Testing
import VideoToyCore
import VideoToyTesting

@testable import VideoToyDesktop

/// The presenter's state in the MPRIS metadata (`videotoy:` keys), announced as it changes, and Next and Previous
/// stepping through a running show.
@MainActor
@Suite("MPRIS presenter")
struct MPRISPresenterTests {
    /// The `Metadata` entries the server would send now.
    private func entries(_ server: MPRISServer) -> [String: DBusValue] {
        guard case .dictionary(let entries)? = server.playerProperty("Metadata") else { return [:] }
        return entries
    }

    /// Whether an announcement since the `since`-th call named the metadata.
    private func announcedMetadata(_ rig: BridgeRig, since: Int) -> Bool {
        rig.announcer.calls.dropFirst(since).contains {
            if case .invalidate(let raw) = $0 { MPRISChange(rawValue: raw).contains(.metadata) } else { false }
        }
    }

    @Test("cover and freeze are in the metadata, each change announced; a show adds its position and length")
    func presenterKeys() async throws {
        let rig = try await BridgeRig(["/v/a.mp4", "/v/b.mp4", "/v/c.mp4"])
        let server = MPRISServer(target: rig.bridge, connect: false, report: { _ in })
        defer { withExtendedLifetime((rig, server)) {} }
        // Cuts: the next video plays at once rather than after a fade's timer.
        rig.controller.usePresenter(PresenterSettings(fadeMs: 0))
        rig.bridge.play()
        try rig.player("/v/a.mp4").emit(.playing(positionMs: 0))
        #expect(entries(server)["videotoy:cover"] == .string("none"))
        #expect(entries(server)["videotoy:frozen"] == .bool(false))
        #expect(entries(server)["videotoy:show-position"] == nil && entries(server)["videotoy:show-length"] == nil)

        // Fullscreen makes the main window's screen a presentation screen.
        rig.controller.intent(rig.ids[0], .toggleFullscreen)
        var mark = rig.announcer.calls.count
        #expect(rig.controller.perform(.cover(.black)))
        #expect(entries(server)["videotoy:cover"] == .string("black"))
        #expect(announcedMetadata(rig, since: mark), "\(rig.announcer.calls)")
        mark = rig.announcer.calls.count
        #expect(rig.controller.perform(.freeze))
        #expect(entries(server)["videotoy:frozen"] == .bool(true))
        #expect(announcedMetadata(rig, since: mark))
        rig.controller.perform(.cover(.white))
        #expect(entries(server)["videotoy:cover"] == .string("white"))
        rig.controller.perform(.cover(.white))
        rig.controller.perform(.freeze)
        #expect(entries(server)["videotoy:cover"] == .string("none"))
        #expect(entries(server)["videotoy:frozen"] == .bool(false))

        #expect(rig.controller.addToShow(rig.ids[1]) && rig.controller.addToShow(rig.ids[2]))
        mark = rig.announcer.calls.count
        #expect(rig.controller.perform(.startShow(fromCurrent: false)))
        #expect(entries(server)["videotoy:show-length"] == .int32(2))
        #expect(entries(server)["videotoy:show-position"] == nil, "nothing of the show played yet")
        #expect(announcedMetadata(rig, since: mark))
        #expect(rig.bridge.canGoNext && !rig.bridge.canGoPrevious)

        rig.bridge.next()
        #expect(rig.controller.currentItem == rig.ids[1], "Next plays the show's first video, not the row after a")
        #expect(entries(server)["videotoy:show-position"] == .int32(0))
        rig.bridge.next()
        #expect(rig.controller.currentItem == rig.ids[2])
        #expect(entries(server)["videotoy:show-position"] == .int32(1))
        #expect(!rig.bridge.canGoNext, "the show's last video")
        rig.bridge.previous()
        #expect(rig.controller.currentItem == rig.ids[1])
        #expect(entries(server)["videotoy:show-position"] == .int32(0))

        mark = rig.announcer.calls.count
        #expect(rig.controller.perform(.endShow))
        #expect(entries(server)["videotoy:show-position"] == nil && entries(server)["videotoy:show-length"] == nil)
        #expect(announcedMetadata(rig, since: mark))
    }

}
