import Foundation
import Testing
import VideoToyAppTesting

extension EndToEnd {
    /// MPRIS 2 on the virtual display's private session bus, driven with gdbus as media keys and shells do.
    @Suite("MPRIS")
    struct MPRISTests {
        /// Starts the app playing the snow clip and waits until its bus name is there.
        private func start(_ display: VirtualDisplay, _ extra: [String] = []) async throws -> (AppProcess, MPRISClient) {
            let clips = Fixture.clips
            let app = try AppProcess(arguments: extra + ["--play", clips.snow, clips.folder], display: display)
            _ = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == clips.snow }
            let client = MPRISClient(display: display)
            try await client.waitForName()
            return (app, client)
        }

        @Test("the root and player interfaces describe VideoToy; PlayPause pauses and resumes")
        func describesAndToggles() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let (app, client) = try await start(display)
            defer { app.terminate() }
            let clips = Fixture.clips

            let xml = try client.introspect()
            #expect(xml.contains("<interface name=\"org.mpris.MediaPlayer2\">"))
            #expect(xml.contains("<interface name=\"org.mpris.MediaPlayer2.Player\">"))
            #expect(try client.get("Identity", interface: MPRISClient.root).contains("'VideoToy'"))
            #expect(try client.get("DesktopEntry", interface: MPRISClient.root).contains("'org.videotoy.VideoToy'"))
            #expect(try client.get("CanQuit", interface: MPRISClient.root).contains("true"))
            #expect(try client.get("SupportedUriSchemes", interface: MPRISClient.root).contains("['file']"))
            // The bus and the installed .desktop file must offer the same types.
            let desktop = try String(
                contentsOf: PackagePaths.root.appendingPathComponent("data/org.videotoy.VideoToy.desktop.in"),
                encoding: .utf8)
            let line = desktop.split(separator: "\n").first { $0.hasPrefix("MimeType=") } ?? ""
            let desktopTypes = line.dropFirst("MimeType=".count).split(separator: ";").map(String.init)
            let busTypes = try client.get("SupportedMimeTypes", interface: MPRISClient.root)
                .matches(of: /'([^']+)'/).map { String($0.1) }
            #expect(!busTypes.isEmpty)
            #expect(busTypes == desktopTypes)

            #expect(try client.status() == "Playing")
            #expect(try client.metadata("xesam:title") == "a snow.mp4")
            let length = Int64(try client.metadata("mpris:length") ?? "") ?? 0
            #expect(abs(length - 30_000_000) <= 100_000, "mpris:length \(length) µs")
            #expect(try client.metadata("mpris:trackid")?.hasPrefix("/org/videotoy/VideoToy/track/") == true)
            #expect(try client.metadata("xesam:url") == URL(fileURLWithPath: clips.snow).absoluteString)
            for property in ["CanPlay", "CanPause", "CanSeek", "CanControl", "CanGoNext"] {
                #expect(try client.get(property).contains("true"), "\(property)")
            }
            #expect(try client.get("CanGoPrevious").contains("false"))

            let before = app.events().last!
            try client.call("PlayPause")
            let paused = try await app.waitFor("pause", after: before) { $0.path == clips.snow }
            #expect(try await client.poll(client.status, until: { $0 == "Paused" }) == "Paused")
            try client.call("PlayPause")
            _ = try await app.waitFor("play", after: paused) { $0.path == clips.snow }
            #expect(try await client.poll(client.status, until: { $0 == "Playing" }) == "Playing")

            // The poster frame becomes the art as soon as it is made.
            let art = try await client.poll({ try client.metadata("mpris:artUrl") }, timeout: .seconds(10), until: { $0 != nil })
            let artPath = try #require(art.flatMap { URL(string: $0)?.path })
            let png = try Data(contentsOf: URL(fileURLWithPath: artPath))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(artPath) is not a PNG")
            let identified = try Command.run(["identify", artPath])
            #expect(identified.status == 0, "\(identified.stderr)")
        }

        @Test("Seek and SetPosition move the position and send Seeked; Volume can be set")
        func seeksAndVolume() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let (app, client) = try await start(display)
            defer { app.terminate() }
            let clips = Fixture.clips
            let monitor = try await BusMonitor(MPRISClient.busName, on: display)

            let start = try client.position()
            #expect(start > 0)
            try client.call("Seek", ["int64 10000000"])
            // Key-frame snapping may land up to half a second early; the clip keeps playing meanwhile.
            let moved = try await client.poll(client.position, until: { $0 >= start + 9_000_000 })
            #expect(moved >= start + 9_000_000, "Position \(moved) after seeking 10 s from \(start)")
            try await Task.sleep(for: .seconds(2))
            #expect(try client.position() >= start + 9_000_000, "the position went back after the seek")

            let before = app.events().last!
            try client.call("Pause")
            _ = try await app.waitFor("pause", after: before) { $0.path == clips.snow }
            let track = try #require(try client.metadata("mpris:trackid"))
            try client.call("SetPosition", [track, "int64 5000000"])
            try await Task.sleep(for: .seconds(2))
            let set = try client.position()
            #expect(abs(set - 5_000_000) <= 600_000, "Position \(set) after SetPosition 5 s")
            // A stale track id is ignored, as the spec says.
            try client.call("SetPosition", ["/org/videotoy/VideoToy/track/999", "int64 20000000"])
            try await Task.sleep(for: .seconds(1))
            #expect(abs(try client.position() - set) <= 100_000)
            try client.call("Seek", ["int64 -60000000"])
            let clamped = try await client.poll(client.position, until: { $0 <= 600_000 })
            #expect(clamped <= 600_000, "seeking before the start goes to the start, not \(clamped)")

            try client.set("Volume", "<0.25>")
            #expect(try client.get("Volume").contains("0.25"))
            try client.set("Volume", "<-3.0>")
            #expect(try client.get("Volume").contains("0.0"))

            try? await monitor.waitFor("three Seeked and the Volume and pause changes") {
                $0.components(separatedBy: "Player.Seeked").count > 3 && $0.contains("'Volume': <0.25>")
                    && $0.contains("'PlaybackStatus': <'Paused'>")
            }
            let signals = monitor.text
            #expect(monitor.count("org.mpris.MediaPlayer2.Player.Seeked") >= 3, "Seeked signals:\n\(signals)")
            #expect(signals.contains("'Volume': <0.25>"), "PropertiesChanged for Volume:\n\(signals)")
            #expect(signals.contains("'PlaybackStatus': <'Paused'>"), "PropertiesChanged for the pause:\n\(signals)")
        }

        @Test("one Seeked per SetPosition; LoopStatus Track loops and Playlist wraps to the first row; Fullscreen is set")
        func playOrderAndOneSeeked() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let (app, client) = try await start(display)
            defer { app.terminate() }
            let clips = Fixture.clips
            let monitor = try await BusMonitor(MPRISClient.busName, on: display)
            let seeked = { monitor.count("org.mpris.MediaPlayer2.Player.Seeked") }

            let track = try #require(try client.metadata("mpris:trackid"))
            try client.call("SetPosition", [track, "int64 5000000"])
            try client.call("SetPosition", [track, "int64 8000000"])
            // Both come, then a moment for any duplicate, which the app would send together with the first.
            try? await monitor.waitFor("two Seeked") { _ in seeked() >= 2 }
            try await Task.sleep(for: .milliseconds(500))
            #expect(seeked() == 2, "one Seeked per SetPosition:\n\(monitor.text)")

            #expect(try client.get("LoopStatus").contains("'None'"))
            try client.set("LoopStatus", "<'Track'>")
            #expect(try client.get("LoopStatus").contains("'Track'"))
            var mark = app.events().last!
            try client.call("SetPosition", [track, "int64 28500000"])
            mark = try await app.waitFor("finished", after: mark, timeout: .seconds(20)) { $0.path == clips.snow }
            let restarted = try await client.poll(client.position, until: { $0 < 5_000_000 })
            #expect(restarted < 5_000_000, "Track starts the video over, not \(restarted) µs")
            #expect(try client.status() == "Playing")

            try client.set("LoopStatus", "<'Playlist'>")
            try client.set("Shuffle", "<false>")
            #expect(try client.get("Shuffle").contains("false"))
            try client.call("Next")
            mark = try await app.waitFor("play", after: mark) { $0.path == clips.ball }
            try client.call("Next")
            mark = try await app.waitFor("play", after: mark) { $0.path == clips.short }
            // "c short" is the last row: a playlist that loops goes on to the first.
            mark = try await app.waitFor("finished", after: mark, timeout: .seconds(20)) { $0.path == clips.short }
            mark = try await app.waitFor("play", after: mark, timeout: .seconds(20)) { $0.path == clips.snow }

            #expect(try client.get("Fullscreen", interface: MPRISClient.root).contains("false"))
            #expect(try client.get("CanSetFullscreen", interface: MPRISClient.root).contains("true"))
            try client.set("Fullscreen", "<true>", interface: MPRISClient.root)
            _ = try await app.waitFor("fullscreen", after: mark) { $0["on"]?.bool == true }
            #expect(try client.get("Fullscreen", interface: MPRISClient.root).contains("true"))

            try? await monitor.waitFor("the LoopStatus and Fullscreen changes") {
                $0.contains("'LoopStatus': <'Track'>") && $0.contains("'LoopStatus': <'Playlist'>") && $0.contains("'Fullscreen': <true>")
            }
            let all = monitor.text
            #expect(all.contains("'LoopStatus': <'Track'>"), "PropertiesChanged for LoopStatus:\n\(all)")
            #expect(all.contains("'LoopStatus': <'Playlist'>"), "PropertiesChanged for LoopStatus:\n\(all)")
            #expect(all.contains("'Fullscreen': <true>"), "PropertiesChanged for Fullscreen:\n\(all)")
        }

        @Test("Next, Previous, Stop and OpenUri play what they say; Quit quits")
        func commands() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let (app, client) = try await start(display)
            defer { app.terminate() }
            let clips = Fixture.clips

            var mark = app.events().last!
            try client.call("Next")
            mark = try await app.waitFor("play", after: mark) { $0.path == clips.ball }
            #expect(try client.metadata("xesam:title") == "b ball.mp4")
            #expect(try client.get("CanGoPrevious").contains("true"))
            try client.call("Previous")
            mark = try await app.waitFor("play", after: mark) { $0.path == clips.snow }

            try client.call("Stop")
            mark = try await app.waitFor("pause", after: mark) { $0.path == clips.snow }
            #expect(try await client.poll(client.status, until: { $0 == "Stopped" }) == "Stopped")
            #expect(try await client.poll(client.position, until: { $0 <= 600_000 }) <= 600_000)
            try client.call("Play")
            mark = try await app.waitFor("play", after: mark) { $0.path == clips.snow }
            #expect((mark["position_ms"]?.int ?? 99_999) < 1000, "Play after Stop starts from the beginning")

            // A file outside the library, with a name that needs escaping in a URI.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mpris-open-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let outside = folder.appendingPathComponent("d été #1.webm").path
            try FileManager.default.copyItem(atPath: clips.short, toPath: outside)
            let uri = URL(fileURLWithPath: outside).absoluteString
            #expect(uri.contains("%20"))
            try client.call("OpenUri", [MPRISClient.quoted(uri)])
            _ = try await app.waitFor("play", after: mark) { $0.path == outside }
            #expect(try client.metadata("xesam:title") == "d été #1.webm")
            let refused = try client.attempt("OpenUri", [MPRISClient.quoted("https://example.com/clip.mp4")])
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("NotSupported"), "\(refused.stderr)")

            try client.call("Quit", interface: MPRISClient.root)
            let status = try await app.waitForExit(timeout: .seconds(10))
            #expect(status == 0, "exit status \(status)\n\(app.report())")
        }

        @Test("without a session bus the app plays normally and says once that MPRIS is unavailable")
        func noSessionBus() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(
                arguments: ["--play", clips.snow, clips.folder], display: display,
                environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/videotoy-no-bus"])
            defer { app.terminate() }
            _ = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == clips.snow }
            try await Task.sleep(for: .seconds(2))
            #expect(app.isRunning)
            let lines = app.stderr.split(separator: "\n").filter { $0.contains("MPRIS") }
            #expect(lines.count == 1, "stderr:\n\(app.stderr)")
            #expect(lines.first?.contains("unavailable") == true)
            // Nothing else broke: the app still answers the keyboard.
            let before = app.events().last!
            try display.run(["xdotool", "key", "--clearmodifiers", "space"])
            _ = try await app.waitFor("pause", after: before) { $0.path == clips.snow }
        }
    }
}
