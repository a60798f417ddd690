import Foundation
import Glibc
import Testing
import VideoToyCore
import VideoToyFiles

@Suite("SettingsStore")
struct SettingsStoreTests {
    func freshPath() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-settings-\(UUID())").path
        return folder + "/nested/settings.ini"
    }

    @Test("a chosen screen survives a round trip, creating the folder")
    func roundTrip() throws {
        let store = SettingsStore(path: try freshPath())
        #expect(store.preferredScreen().screen == nil)
        let screen = ScreenID(connector: "HDMI-1", manufacturer: "Dell", model: "U2412M")
        #expect(store.savePreferredScreen(screen) == nil)
        let loaded = SettingsStore(path: store.path).preferredScreen()
        #expect(loaded.screen == screen)
        #expect(loaded.problem == nil)
    }

    @Test("a corrupt file is reported, kept as .bak, and replaced with defaults")
    func corruptFileIsKept() throws {
        let path = try freshPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "[screen\nconnector=HDMI-1\n\u{0}garbage".write(toFile: path, atomically: true, encoding: .utf8)
        let result = SettingsStore(path: path).preferredScreen()
        #expect(result.screen == nil)
        #expect(result.problem?.contains(".bak") == true)
        #expect(FileManager.default.fileExists(atPath: path + ".bak"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("saving keeps other groups in the file")
    func keepsOtherKeys() throws {
        let path = try freshPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "# mine\n[window]\nwidth=900\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(SettingsStore(path: path).savePreferredScreen(ScreenID(connector: "DP-2")) == nil)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("width=900"))
        #expect(text.contains("connector=DP-2"))
    }

    @Test("every remembered value survives a round trip")
    func everythingRoundTrips() throws {
        let store = SettingsStore(path: try freshPath())
        #expect(store.load().settings == Settings())
        let screen = ScreenID(connector: "DP-2", manufacturer: "Acme", model: "Wall")
        let problem = store.update { settings in
            settings.libraryFolders = ["/home/me/Videos", "/media/talks; 2024", "/tmp/ünïcode"]
            settings.windowSize = PixelSize(width: 1024, height: 700)
            settings.preferredScreen = screen
            settings.scalingMode = "fill"
            settings.resumePositions.record(path: "/v/long.mp4", positionMs: 61_000, durationMs: 600_000, at: 1)
        }
        #expect(problem == nil)
        let (loaded, loadProblem) = SettingsStore(path: store.path).load()
        #expect(loadProblem == nil)
        #expect(loaded.libraryFolders == ["/home/me/Videos", "/media/talks; 2024", "/tmp/ünïcode"])
        #expect(loaded.windowSize == PixelSize(width: 1024, height: 700))
        #expect(loaded.preferredScreen == screen)
        #expect(loaded.scalingMode == "fill")
        #expect(loaded.resumePositions.position(for: "/v/long.mp4") == 61_000)
        #expect(SettingsStore(path: store.path).resumePosition(forPath: "/v/long.mp4") == 61_000)
    }

    @Test("folders and resume positions of names that are not UTF-8 come back byte for byte")
    func rawBytePathsRoundTrip() throws {
        let store = SettingsStore(path: try freshPath())
        // Latin-1 "vidéos" and "été": PathBytes strings, as the scanner makes them.
        let folder = PathBytes.decode(Array("/media/vid".utf8) + [0xE9] + Array("os".utf8))
        let film = folder + "/" + PathBytes.decode([0xE9, 0x74, 0xE9] + Array(".mkv".utf8))
        #expect(store.saveLibraryFolders([folder, "/plain"]) == nil)
        #expect(store.rememberPosition(ofPath: film, positionMs: 300_000, durationMs: 5_400_000) == nil)
        let reopened = SettingsStore(path: store.path)
        let (loaded, problem) = reopened.load()
        #expect(problem == nil)
        #expect(loaded.libraryFolders.map(PathBytes.encode) == [PathBytes.encode(folder), Array("/plain".utf8)])
        #expect(reopened.resumePosition(forPath: film) == 300_000)
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        #expect(!text.contains("\u{FFFD}"))
    }

    @Test("the one-value savers change only their value")
    func singleSavers() throws {
        let store = SettingsStore(path: try freshPath())
        #expect(store.saveLibraryFolders(["/a", "/b"], recent: ["/b", "/gone", "/a"]) == nil)
        #expect(store.saveLibraryFolders(["/a"]) == nil, "without recent folders, the remembered ones stay")
        #expect(store.saveWindowSize(PixelSize(width: 800, height: 600)) == nil)
        #expect(store.saveScalingMode("stretch") == nil)
        #expect(store.savePreferredScreen(ScreenID(connector: "HDMI-2")) == nil)
        #expect(store.rememberPosition(ofPath: "/v/film.mkv", positionMs: 300_000, durationMs: 5_400_000) == nil)
        let loaded = store.load().settings
        #expect(loaded.libraryFolders == ["/a"])
        #expect(loaded.recentFolders == ["/b", "/gone", "/a"])
        #expect(loaded.windowSize == PixelSize(width: 800, height: 600))
        #expect(loaded.scalingMode == "stretch")
        #expect(loaded.preferredScreen?.connector == "HDMI-2")
        #expect(store.resumePosition(forPath: "/v/film.mkv") == 300_000)
        #expect(store.saveLibraryFolders([]) == nil)
        #expect(store.load().settings.libraryFolders.isEmpty)
        #expect(store.load().settings.scalingMode == "stretch")
    }

    @Test("paths that key files cannot hold as keys still round trip as resume positions")
    func awkwardPaths() throws {
        let store = SettingsStore(path: try freshPath())
        let paths = [
            "/v/a=b.mp4", "/v/[draft] cut.mkv", "/v/line\nbreak.webm", "/v/100%.mp4", "/v/semi;colon.mp4",
            "/v/#hash.mp4", "/v/ café.mp4 ", "/v/日本語.mp4", "/v/back\\slash.mp4",
        ]
        for (index, path) in paths.enumerated() {
            #expect(store.rememberPosition(ofPath: path, positionMs: 10_000 + index, durationMs: 600_000) == nil)
        }
        let loaded = SettingsStore(path: store.path).load()
        #expect(loaded.problem == nil)
        for (index, path) in paths.enumerated() {
            #expect(loaded.settings.resumePositions.position(for: path) == 10_000 + index, "\(path)")
        }
        #expect(loaded.settings.resumePositions.entries.count == paths.count)
    }

    @Test("a corrupt file is reported once; the next write starts from defaults and the backup stays")
    func corruptReportedOnce() throws {
        let path = try freshPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let garbage = "[window\nwidth=900\n\u{0}\u{1}"
        try garbage.write(toFile: path, atomically: true, encoding: .utf8)
        let store = SettingsStore(path: path)
        let first = store.load()
        #expect(first.problem?.contains("unreadable") == true)
        #expect(first.settings == Settings())
        #expect(store.load().problem == nil)
        #expect(store.saveScalingMode("fit") == nil)
        #expect(store.load().settings.scalingMode == "fit")
        #expect(try String(contentsOfFile: path + ".bak", encoding: .utf8) == garbage)
    }

    @Test("a corrupt file met by a write is set aside, reported, and replaced")
    func corruptOnWrite() throws {
        let path = try freshPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "no group here\n".write(toFile: path, atomically: true, encoding: .utf8)
        let problem = SettingsStore(path: path).saveWindowSize(PixelSize(width: 640, height: 480))
        #expect(problem?.contains(".bak") == true)
        #expect(FileManager.default.fileExists(atPath: path + ".bak"))
        let loaded = SettingsStore(path: path).load()
        #expect(loaded.problem == nil)
        #expect(loaded.settings.windowSize == PixelSize(width: 640, height: 480))
    }

    @Test("an unreadable file (a folder in its place) is moved aside and defaults are used")
    func unreadableFile() throws {
        let path = try freshPath()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let store = SettingsStore(path: path)
        let result = store.load()
        #expect(result.problem != nil)
        #expect(result.settings == Settings())
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path + ".bak", isDirectory: &isFolder) && isFolder.boolValue)
        #expect(store.saveScalingMode("none") == nil)
        #expect(store.load().settings.scalingMode == "none")
    }

    @Test("writers on several threads, each with its own lock, never corrupt the file or lose an update")
    func concurrentWriters() async throws {
        let path = try freshPath()
        let rounds = 60
        // Separate store values and lock descriptors per writer: flock excludes them as it would two processes.
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    let store = SettingsStore(path: path, resumeCapacity: 1000)
                    for round in 0..<rounds {
                        if round % 2 == 0 {
                            _ = store.rememberPosition(
                                ofPath: "/w\(writer)/\(round).mp4", positionMs: 1000 + round,
                                durationMs: 600_000)
                        } else {
                            _ = store.saveWindowSize(PixelSize(width: 100 + writer, height: 100 + round))
                        }
                    }
                }
            }
            group.addTask {
                let store = SettingsStore(path: path, resumeCapacity: 1000)
                for _ in 0..<(rounds * 2) {
                    #expect(store.load().problem == nil)
                }
            }
        }
        let (settings, problem) = SettingsStore(path: path, resumeCapacity: 1000).load()
        #expect(problem == nil)
        #expect(!FileManager.default.fileExists(atPath: path + ".bak"))
        for writer in 0..<2 {
            for round in stride(from: 0, to: rounds, by: 2) {
                #expect(settings.resumePositions.position(for: "/w\(writer)/\(round).mp4") == 1000 + round)
            }
        }
        #expect(settings.windowSize?.height == 100 + rounds - 1)
    }

    @Test(
        "positions are remembered only for videos over two minutes, not at the start or in the last 5 %",
        arguments: [
            (60_000, 120_000, false),  // exactly two minutes is not longer than two minutes
            (60_000, 120_001, true),
            (0, 600_000, false),  // never started
            (569_999, 600_000, true),  // just before the last 5 %
            (570_000, 600_000, false),  // within 5 % of the end
            (600_000, 600_000, false),
        ])
    func resumeRules(positionMs: Int, durationMs: Int, kept: Bool) throws {
        let store = SettingsStore(path: try freshPath())
        #expect(store.rememberPosition(ofPath: "/v/clip.mp4", positionMs: positionMs, durationMs: durationMs) == nil)
        #expect(store.resumePosition(forPath: "/v/clip.mp4") == (kept ? positionMs : nil))
    }

    @Test("reaching the end forgets a remembered position")
    func finishingForgets() throws {
        let store = SettingsStore(path: try freshPath())
        #expect(store.rememberPosition(ofPath: "/v/talk.mp4", positionMs: 100_000, durationMs: 1_000_000) == nil)
        #expect(store.resumePosition(forPath: "/v/talk.mp4") == 100_000)
        #expect(store.rememberPosition(ofPath: "/v/talk.mp4", positionMs: 990_000, durationMs: 1_000_000) == nil)
        #expect(store.resumePosition(forPath: "/v/talk.mp4") == nil)
    }

    @Test("the number of positions is bounded; the least recently updated go first")
    func boundedPositions() throws {
        var positions = ResumePositions(capacity: 3)
        for (index, name) in ["a", "b", "c"].enumerated() {
            positions.record(path: "/v/\(name)", positionMs: 10_000, durationMs: 600_000, at: Int64(index))
        }
        positions.record(path: "/v/a", positionMs: 20_000, durationMs: 600_000, at: 10)
        positions.record(path: "/v/d", positionMs: 10_000, durationMs: 600_000, at: 11)
        #expect(Set(positions.entries.keys) == ["/v/a", "/v/c", "/v/d"])

        let store = SettingsStore(path: try freshPath(), resumeCapacity: 5)
        for index in 0..<12 {
            _ = store.rememberPosition(ofPath: "/v/\(index).mp4", positionMs: 10_000, durationMs: 600_000)
        }
        let kept = store.load().settings.resumePositions.entries
        #expect(kept.count == 5)
        #expect(kept["/v/11.mp4"] != nil)
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        #expect(text.components(separatedBy: "\n").filter { $0.hasPrefix("/v/") }.count == 5)
    }
}

/// The settings file is read without ever waiting on it, and what interrupted writes left is cleared.
@Suite("SettingsStore files")
struct SettingsStoreFileTests {
    func freshFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-settings-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a FIFO in place of settings.ini is never opened to wait: defaults, a message, and the next save works")
    func fifoSettings() throws {
        let path = try freshFolder() + "/settings.ini"
        try #require(mkfifo(path, 0o644) == 0)
        let done = DispatchSemaphore(value: 0)
        final class Box: @unchecked Sendable { var loaded: (settings: Settings, problem: String?)? }
        let box = Box()
        Thread {
            box.loaded = SettingsStore(path: path).load()
            done.signal()
        }.start()
        let finished = done.wait(timeout: .now() + 20) == .success
        if !finished {
            // Give the blocked reader a writer and an end, so the thread does not stay stuck in the test process.
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
            _ = done.wait(timeout: .now() + 5)
        }
        #expect(finished, "loading a FIFO settings file waited for a writer")
        let loaded = try #require(box.loaded)
        #expect(loaded.settings == Settings())
        #expect(loaded.problem?.contains("FIFO") == true, "\(loaded.problem ?? "no message")")
        let store = SettingsStore(path: path)
        #expect(store.saveScalingMode("fill") == nil)
        #expect(store.load().settings.scalingMode == "fill")
    }

    @Test("temporary files left by a save that was killed are removed on the next start; other files stay")
    func leftoversRemoved() throws {
        let folder = try freshFolder()
        let path = folder + "/settings.ini"
        let store = SettingsStore(path: path)
        #expect(store.saveScalingMode("fit") == nil)
        let leftovers = ["settings.ini.Ab12Cd", "settings.ini.xYzQwE", "settings.ini.000000"]
        // Words are the user's own copies, whatever their case; other lengths and other files are not GLib's.
        let kept = [
            "settings.ini.bak", "settings.ini.lock", "settings.ini.backup", "settings.ini.BACKUP", "settings.ini.Backup",
            "settings.ini.backup1", "other.ini.Ab12Cd",
        ]
        for name in leftovers + kept where !FileManager.default.fileExists(atPath: folder + "/" + name) {
            try "[view]\nscaling=x\n".write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: folder + "/settings.ini.Fo1der", withIntermediateDirectories: true)
        #expect(store.load().settings.scalingMode == "fit")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(left.isDisjoint(with: leftovers), "\(left.sorted())")
        #expect(Set(kept + ["settings.ini", "settings.ini.Fo1der"]).isSubset(of: left), "\(left.sorted())")
    }
}
