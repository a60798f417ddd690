import Foundation
import Glibc
import Testing
import VideoToyAppTesting

extension EndToEnd {
    /// The playing video follows a TV on the network: the real app and a software renderer (gmediarender) in a
    /// private network namespace of their own (scripts/netns-tv), so nothing reaches another machine.
    @Suite("Network screens")
    struct NetworkScreensTests {
        static let connector = "upnp:uuid:\(TVNamespace.uuid)"

        /// Picks a screen by name through the app's `choose-screen` action, as a script would.
        static func choose(_ name: String, on display: VirtualDisplay) throws {
            _ = try Command.check(
                [
                    "gdbus", "call", "--session", "--dest", "org.videotoy.VideoToy", "--object-path", "/org/videotoy/VideoToy",
                    "--method", "org.gtk.Actions.Activate", "choose-screen", "[<'\(name)'>]", "{}",
                ], extraEnvironment: display.environment)
        }

        @Test(
            "a TV on the network is listed and takes the video only when chosen, where the row was; pause, seek and volume reach it; killed, the video comes back to its row"
        )
        func chosenControlledAndKilled() async throws {
            try TVNamespace.requireRoot()
            let tv = try TVNamespace()
            defer { tv.remove() }
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(
                arguments: ["--play", clips.snow, clips.folder], display: display, binary: tv.wrapper, networkScreens: true)
            defer { app.terminate() }
            let play = try await app.waitFor("play", timeout: .seconds(30)) { $0.path == clips.snow }
            let listed = try await app.waitFor("screen-connected", timeout: .seconds(30)) { $0.fields["kind"]?.string == "network" }
            #expect(listed.fields["name"]?.string == "Test TV" && listed.fields["connector"]?.string == Self.connector)
            // It plays a while in its row first, so the TV has somewhere to pick up from.
            try await Task.sleep(for: .seconds(2))
            #expect(!app.events().contains { $0.name == "route" && $0.fields["to"]?.string == Self.connector }, "never chosen")

            try Self.choose("Test TV", on: display)
            let moved = try await app.waitFor("route", after: play, timeout: .seconds(20)) { $0.fields["to"]?.string == Self.connector }
            let playing = try await app.waitFor("cast", after: moved, timeout: .seconds(30)) { $0.fields["state"]?.string == "playing" }
            let rowPosition = moved.fields["position_ms"]?.int ?? 0
            #expect(rowPosition >= 1500, "the row had played: \(moved)")
            let started = try await tv.waitFor("the TV at the row's position", app: app) { ($0.positionMs ?? -1) >= rowPosition - 1000 }
            print(
                "network screen: \(Int(playing.tMs - moved.tMs)) ms from the choice to the TV playing; TV at \(started.positionMs ?? 0) ms, row at \(rowPosition) ms"
            )
            #expect(playing.tMs - moved.tMs < 10_000, "the TV plays soon after the choice")
            let moving = try await tv.waitFor("the TV's position moving on", app: app) {
                ($0.positionMs ?? -1) >= (started.positionMs ?? 0) + 1000
            }
            #expect(moving.state == "PLAYING")

            let mpris = MPRISClient(display: display)
            try mpris.call("Pause")
            _ = try await tv.waitFor("the TV paused", app: app) { $0.state == "PAUSED_PLAYBACK" }
            try mpris.call("Play")
            let resumed = try await tv.waitFor("the TV playing again", app: app) { $0.state == "PLAYING" }
            try mpris.call("Seek", ["10000000"])
            _ = try await tv.waitFor("the TV sought 10 s on", app: app) {
                ($0.positionMs ?? -1) >= (resumed.positionMs ?? 0) + 9000
            }
            try mpris.call("Set", [MPRISClient.player, "Volume", "<0.25>"], interface: "org.freedesktop.DBus.Properties")
            _ = try await tv.waitFor("the TV's volume at 25", app: app) { $0.volume == 25 }

            let before = try await tv.waitFor("the TV's position", app: app) { $0.positionMs != nil }
            try tv.killRenderer(SIGKILL)
            let back = try await app.waitFor("route", after: moved, timeout: .seconds(40)) { $0.fields["to"]?.string == "row" }
            let ended = try #require(app.events().last { $0.name == "cast" && $0.index < back.index })
            #expect(ended.fields["state"]?.string == "unreachable", "\(ended)")
            #expect((back.fields["position_ms"]?.int ?? 0) >= (before.positionMs ?? 0) - 1000, "back at or after the TV's last position")
            let home = try await app.waitFor("play", after: back, timeout: .seconds(20)) { $0.path == clips.snow }
            #expect((home.fields["position_ms"]?.int ?? 0) >= (before.positionMs ?? 0) - 1000, "playing on in its row: \(home)")
        }

        @Test(
            "a TV chosen before is followed when it is switched on while a video plays, and stopping it from its remote brings the video back"
        )
        func rememberedSwitchedOnThenStoppedFromItsSide() async throws {
            try TVNamespace.requireRoot()
            let tv = try TVNamespace(later: true)
            defer { tv.remove() }
            let config = try EndToEnd.FrontEndTests.configFolder(
                settings: "[network-screens]\n\(Self.connector.replacingOccurrences(of: ":", with: "%3A"))=follow\n")
            defer { try? FileManager.default.removeItem(at: config) }
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(
                arguments: ["--play", clips.snow, clips.folder], display: display, environment: ["XDG_CONFIG_HOME": config.path],
                binary: tv.wrapper, networkScreens: true)
            defer { app.terminate() }
            let play = try await app.waitFor("play", timeout: .seconds(30)) { $0.path == clips.snow }
            try await Task.sleep(for: .seconds(1))
            try tv.startRenderer(app: app)
            let moved = try await app.waitFor("route", after: play, timeout: .seconds(30)) { $0.fields["to"]?.string == Self.connector }
            _ = try await app.waitFor("cast", after: moved, timeout: .seconds(30)) { $0.fields["state"]?.string == "playing" }
            let moving = try await tv.waitFor("the TV playing", app: app) {
                ($0.positionMs ?? -1) >= (moved.fields["position_ms"]?.int ?? 0)
            }

            // Someone presses stop on the TV's remote: the TV's own Stop, sent from inside the namespace.
            _ = try tv.soap(app: app, service: .transport, action: "Stop", arguments: "<InstanceID>0</InstanceID>")
            let back = try await app.waitFor("route", after: moved, timeout: .seconds(20)) { $0.fields["to"]?.string == "row" }
            let ended = try #require(app.events().last { $0.name == "cast" && $0.index < back.index })
            #expect(ended.fields["state"]?.string == "stopped-by-renderer", "\(ended)")
            #expect((back.fields["position_ms"]?.int ?? 0) >= (moving.positionMs ?? 0) - 1000, "\(back)")
            _ = try await app.waitFor("play", after: back, timeout: .seconds(20)) { $0.path == clips.snow }
            // A TV that stopped on its own is not used again by itself while it stays.
            try await Task.sleep(for: .seconds(2))
            #expect(!app.events().contains { $0.index > back.index && $0.name == "route" && $0.fields["to"]?.string == Self.connector })
        }

        @Test("a TV that does not take the file gets it converted to H.264 in MPEG-TS, and plays it from where the row was")
        func convertedForATVThatDoesNotTakeTheFile() async throws {
            try TVNamespace.requireRoot()
            // gmediarender lists MP4 as video/quicktime (and could as video/mp4): without both it takes MPEG-TS only.
            let tv = try TVNamespace(mimeFilter: "-video/quicktime,-video/mp4")
            defer { tv.remove() }
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(
                arguments: ["--play", clips.snow, clips.folder], display: display, binary: tv.wrapper, networkScreens: true)
            defer { app.terminate() }
            let play = try await app.waitFor("play", timeout: .seconds(30)) { $0.path == clips.snow }
            _ = try await app.waitFor("screen-connected", timeout: .seconds(30)) { $0.fields["kind"]?.string == "network" }
            try await Task.sleep(for: .seconds(2))
            try Self.choose("Test TV", on: display)
            let moved = try await app.waitFor("route", after: play, timeout: .seconds(20)) { $0.fields["to"]?.string == Self.connector }
            let playing = try await app.waitFor("cast", after: moved, timeout: .seconds(40)) { $0.fields["state"]?.string == "playing" }
            // The TV's own clock starts at the stream's start, which is where the row was.
            let moving = try await tv.waitFor("the converted stream playing on", app: app, seconds: 40) {
                $0.state == "PLAYING" && ($0.positionMs ?? -1) >= 1000
            }
            print(
                "converted cast: \(Int(playing.tMs - moved.tMs)) ms from the choice to PLAYING; TV at \(moving.positionMs ?? 0) ms of its stream"
            )
            let uri = try tv.soap(app: app, service: .transport, action: "GetMediaInfo", arguments: "<InstanceID>0</InstanceID>")
            #expect(
                uri.contains("video.ts") || uri.contains("mpegts") || uri.contains("mp2t"), "the TV was given the converted stream: \(uri)")
            #expect(uri.contains("CI=1"), "the description says it is converted: \(uri)")
        }

        @Test("the subtitles shown go to the TV with the video, as a SubRip file it can fetch under the same token")
        func subtitlesGoAlong() async throws {
            try TVNamespace.requireRoot()
            let tv = try TVNamespace()
            defer { tv.remove() }
            let folder = tv.folder.appendingPathComponent("library")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let video = folder.appendingPathComponent("film.mp4").path
            try FileManager.default.copyItem(atPath: Fixture.clips.snow, toPath: video)
            // Alone with the video's name, so it shows without being asked for.
            try "1\n00:00:01,000 --> 00:00:09,000\nHello from the TV\n\n2\n00:00:10,000 --> 00:00:20,000\n<i>Second</i> line\n"
                .write(toFile: folder.appendingPathComponent("film.srt").path, atomically: true, encoding: .utf8)
            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(
                arguments: ["--play", video, folder.path], display: display, binary: tv.wrapper, networkScreens: true)
            defer { app.terminate() }
            let shown = try await app.waitFor("track", timeout: .seconds(30)) {
                $0.path == video && $0.fields["kind"]?.string == "subtitles" && $0.fields["id"]?.string == "file/film.srt"
            }
            _ = try await app.waitFor("screen-connected", timeout: .seconds(30)) { $0.fields["kind"]?.string == "network" }
            try Self.choose("Test TV", on: display)
            let moved = try await app.waitFor("route", after: shown, timeout: .seconds(20)) { $0.fields["to"]?.string == Self.connector }
            _ = try await app.waitFor("cast", after: moved, timeout: .seconds(30)) { $0.fields["state"]?.string == "playing" }
            let info = try tv.soap(app: app, service: .transport, action: "GetMediaInfo", arguments: "<InstanceID>0</InstanceID>")
            let url = try #require(
                info.range(of: #"http://[0-9.:]+/cast/[0-9a-f]{64}/subtitles\.srt"#, options: .regularExpression).map { String(info[$0]) },
                "the description names the subtitles: \(info)")
            let fetched = try tv.inNamespace(app: app, ["curl", "-s", "--max-time", "5", url])
            let text = String(decoding: fetched.stdout, as: UTF8.self)
            #expect(text.contains("00:00:01,000 --> 00:00:09,000\nHello from the TV"), "\(text)")
            #expect(text.contains("Second line"), "plain text, no markup: \(text)")
            let head = try tv.inNamespace(
                app: app, ["curl", "-s", "-I", "--max-time", "5", url.replacingOccurrences(of: "subtitles.srt", with: "video.mp4")])
            #expect(String(decoding: head.stdout, as: UTF8.self).lowercased().contains("captioninfo.sec: \(url.lowercased())"))
        }
    }
}
