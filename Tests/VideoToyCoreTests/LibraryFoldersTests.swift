import Testing
import VideoToyCore
import VideoToyTesting

/// The library's folders: what opening and removing do to them and to the recent list, and how menus name them.
struct LibraryFoldersTests {
    @Test func openingAddsToTheLibraryAndPutsFirstInRecent() {
        var folders = LibraryFolders(roots: ["/v/a"], recent: ["/v/a", "/old"])
        let changed = folders.open(["/v/b/", "/v/a"])
        #expect(changed)
        #expect(folders.roots == ["/v/a", "/v/b"], "a trailing slash names the same folder; order of joining is kept")
        #expect(folders.recent == ["/v/b", "/v/a", "/old"])
        #expect(folders.recentOutsideLibrary == ["/old"])
        let again = folders.open(["/v/b", "/v/a"])
        #expect(!again, "opening what is first already changes nothing")
    }

    @Test func removingKeepsTheFolderFirstInRecent() {
        var folders = LibraryFolders(roots: ["/v/a", "/v/b"], recent: ["/v/a", "/v/b"])
        let removed = folders.remove("/v/b/")
        #expect(removed)
        #expect(folders.roots == ["/v/a"])
        #expect(folders.recent == ["/v/b", "/v/a"])
        #expect(folders.recentOutsideLibrary == ["/v/b"])
        let twice = folders.remove("/v/b")
        #expect(!twice, "a folder not in the library cannot be removed again")
    }

    @Test func recentIsBounded() {
        var folders = LibraryFolders()
        for index in 0..<20 { folders.open(["/f/\(index)"]) }
        #expect(folders.recent.count == LibraryFolders.recentCapacity)
        #expect(folders.recent.first == "/f/19")
        #expect(folders.roots.count == 20, "only the recent list is bounded, never the library")
    }

    @Test(arguments: [
        ("/v/a/clip.mp4", true), ("/v/a", true), ("/v/ab/clip.mp4", false), ("/v/film.mkv", true), ("/v/film.mkv.srt", false),
    ])
    func containment(path: String, inside: Bool) {
        // A file given on the command line is in the library as itself.
        let folders = LibraryFolders(roots: ["/v/a", "/v/film.mkv"])
        #expect(folders.contains(path) == inside)
    }

    @Test(arguments: [
        ("/home/me/Videos/Films", "/home/me", "Films — ~/Videos"),
        ("/home/me/Films", "/home/me/", "Films — ~"),
        ("/media/usb/Talks", "/home/me", "Talks — /media/usb"),
        ("/home/meg/Films", "/home/me", "Films — /home/meg"),
        ("/Films", nil, "Films — /"),
        ("/", "/home/me", "/"),
    ])
    func menuLabel(folder: String, home: String?, label: String) {
        #expect(LibraryFolders.label(for: folder, home: home) == label)
    }

    @Test func labelShowsBytesThatAreNotUTF8Escaped() {
        let folder = PathBytes.decode(Array("/media/vid".utf8) + [0xE9] + Array("os".utf8))
        #expect(LibraryFolders.name(of: folder) == PathBytes.display(PathBytes.decode(Array("vid".utf8) + [0xE9] + Array("os".utf8))))
    }
}

/// Removing a folder through the controller: its rows leave, a video of it stops wherever it is, the rest plays on.
@MainActor
struct FolderRemovalTests {
    static let paths = ["/v/a/1.mp4", "/v/a/2.mp4", "/v/b/3.mp4", "/v/b/sub/4.mp4", "/v/c.mp4"]

    @Test func removingTheFolderOfTheVideoOnAScreenStopsItAndEmptiesTheScreen() async throws {
        let rig = try await Rig.ready(Self.paths)
        rig.controller.openedFolders(["/v/a", "/v/b", "/v/c.mp4"])
        rig.controller.screensChanged([Fixture.laptop, Fixture.tv])
        rig.controller.mainScreenChanged(connector: Fixture.laptop.id.connector)
        var changes: [AppChange] = []
        rig.controller.subscribe { changes.append($0) }
        let playing = try #require(rig.controller.library.id(forPath: "/v/b/sub/4.mp4"))
        rig.controller.activate(playing)
        #expect(rig.controller.placement(of: playing) == .screen(connector: "HDMI-1"))
        let player = try #require(rig.backend.player(for: "/v/b/sub/4.mp4"))

        rig.controller.removeFolder("/v/b")

        #expect(rig.controller.library.items.map(\.path) == ["/v/a/1.mp4", "/v/a/2.mp4", "/v/c.mp4"])
        #expect(rig.controller.displayCount == 3)
        #expect(player.isClosed)
        #expect(rig.controller.placement(of: playing) == nil)
        #expect(rig.presenter.views[playing] == nil)
        #expect(rig.controller.router.selection == nil)
        #expect(rig.controller.policy.playing == nil)
        #expect(!rig.presenter.placements.values.contains(.screen(connector: "HDMI-1")), "nothing is left on the TV")
        #expect(rig.controller.row(for: playing) == nil)
        #expect(rig.controller.folders.roots == ["/v/a", "/v/c.mp4"])
        #expect(rig.controller.folders.recentOutsideLibrary == ["/v/b"])
        #expect(rig.records("folder-removed").last?.jsonLine.contains(#""folder":"/v/b","gone":2"#) == true)
        #expect(changes.contains(.folders) && changes.contains(.library))
        #expect(rig.presenter.quitStatus == nil)
    }

    @Test func aPlayingVideoOfAnotherFolderPlaysOn() async throws {
        let rig = try await Rig.ready(Self.paths, onEnd: .next)
        rig.controller.openedFolders(["/v/a", "/v/b"])
        let one = try #require(rig.controller.library.id(forPath: "/v/a/1.mp4"))
        let three = try #require(rig.controller.library.id(forPath: "/v/b/3.mp4"))
        rig.controller.activate(three)
        rig.controller.activate(one)
        let paused = try #require(rig.backend.player(for: "/v/b/3.mp4"))
        let player = try #require(rig.backend.player(for: "/v/a/1.mp4"))

        rig.controller.removeFolder("/v/b")

        #expect(paused.isClosed, "a paused player of the removed folder is released too")
        #expect(!player.isClosed)
        #expect(rig.controller.policy.playing == one)
        #expect(rig.controller.policy.states[three] == nil)
        // The playlist goes on within what is left.
        #expect(
            rig.controller.playable(after: try #require(rig.controller.library.id(forPath: "/v/a/2.mp4")))
                == rig.controller.library.id(forPath: "/v/c.mp4"))
    }

    @Test func filesInsideAnotherLibraryFolderStay() async throws {
        let rig = try await Rig.ready(Self.paths)
        rig.controller.openedFolders(["/v", "/v/b"])
        rig.controller.removeFolder("/v/b")
        #expect(rig.controller.library.count == 5, "/v still holds /v/b")
        #expect(rig.controller.folders.roots == ["/v"])
    }

    @Test func aSearchShowsWhatIsLeft() async throws {
        let rig = try await Rig.ready(Self.paths)
        rig.controller.openedFolders(["/v/a", "/v/b"])
        rig.controller.search("v")
        #expect(rig.controller.displayCount == 5)
        rig.controller.removeFolder("/v/a")
        #expect(rig.controller.displayCount == 3)
        #expect(
            (0..<3).compactMap { rig.controller.id(at: $0) }.compactMap { rig.controller.library.item($0)?.path }
                == ["/v/b/3.mp4", "/v/b/sub/4.mp4", "/v/c.mp4"])
    }

    @Test func removingAFolderNotInTheLibraryDoesNothing() async throws {
        let rig = try await Rig.ready(Self.paths)
        rig.controller.openedFolders(["/v/a"])
        rig.controller.removeFolder("/v/b")
        #expect(rig.controller.library.count == 5)
        #expect(rig.records("folder-removed").isEmpty)
    }
}
