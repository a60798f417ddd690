import Testing
import VideoToyTesting

@testable import VideoToyCore

/// The list renders the rows and the selection the controller publishes, and sends back positions as intents.
@MainActor
struct AppControllerRowsTests {
    static let paths = ["/v/alpha.mp4", "/v/beta.mp4", "/v/gamma.mp4", "/v/delta.mp4", "/v/epsilon.mp4"]

    /// The rows of every snapshot published from now on.
    private func published(_ rig: Rig) -> () -> [RowWindow] {
        var windows: [RowWindow] = []
        var last: RowWindow?
        rig.controller.observe { snapshot in
            if snapshot.rows != last { windows.append(snapshot.rows) }
            last = snapshot.rows
        }
        let already = windows.count
        return { Array(windows.dropFirst(already)) }
    }

    @Test("a search keystroke publishes the rows once, the selection at its video's new place and brought into view")
    func searchSetsTheSelectionOnce() async throws {
        let rig = try await Rig.ready(Self.paths)
        // Rows are in name order: alpha, beta, delta, epsilon, gamma.
        rig.controller.selectRow(at: 2)
        let delta = try #require(rig.controller.id(forPath: "/v/delta.mp4"))
        #expect(rig.presenter.rows.selected == delta && rig.presenter.rows.selectedIndex == 2)
        let windows = published(rig)
        let reveals = rig.presenter.rows.revealCount

        rig.controller.search("delta")
        #expect(windows().count == 1, "one snapshot for one keystroke")
        #expect(windows().first?.selectedIndex == 0 && windows().first?.selected == delta)
        #expect(rig.presenter.rows.revealCount == reveals + 1)
        #expect(rig.presenter.rows.models.map(\.title) == ["delta.mp4"])

        rig.controller.search("zzz")
        #expect(rig.presenter.rows.selected == delta && rig.presenter.rows.selectedIndex == nil, "hidden, remembered")
        rig.controller.search("")
        #expect(rig.presenter.rows.selectedIndex == 2, "back where it was when the search ends")
    }

    @Test("rows are bound from the snapshot alone: every row near the view, as the controller words it")
    func rowsComeFromTheSnapshot() async throws {
        let rig = try await Rig.ready(Self.paths)
        let window = rig.presenter.rows
        #expect(window.count == Self.paths.count && window.range == 0..<Self.paths.count)
        for position in window.range {
            let id = try #require(rig.controller.id(at: position))
            #expect(window.model(at: position) == rig.controller.row(for: id))
        }
    }

    @Test("playing a row changes its model in the snapshot (no read back) and selects and reveals it")
    func playingShowsInTheSnapshot() async throws {
        let rig = try await Rig.ready(Self.paths)
        rig.controller.activateRow(at: 2)
        let gamma = try #require(rig.controller.id(at: 2))
        let model = try #require(rig.presenter.rows.model(at: 2))
        #expect(model.hasVideoView && model.placement == .row)
        #expect(rig.presenter.rows.selected == gamma)
        #expect(rig.presenter.calls.contains(.reveal(gamma)))
        rig.controller.intent(gamma, .toggleFullscreen)
        #expect(rig.presenter.rows.model(at: 2)?.placement == .fullscreen)
    }

    @Test("keys move the core's selection; Enter with nothing selected plays the first row, which becomes selected")
    func keysAndEnter() async throws {
        let rig = try await Rig.ready(Self.paths)
        #expect(rig.controller.selectedOrFirst() == rig.controller.id(at: 0))
        #expect(rig.presenter.rows.selectedIndex == 0)
        rig.controller.moveSelection(.last, rowsPerPage: 3)
        #expect(rig.presenter.rows.selectedIndex == 4)
        rig.controller.moveSelection(.pages(-1), rowsPerPage: 3)
        #expect(rig.presenter.rows.selectedIndex == 2)
        #expect(rig.controller.selectedOrFirst() == rig.controller.id(at: 2))
        rig.controller.selectRow(at: nil)
        #expect(rig.presenter.rows.selected == nil)
    }
}
