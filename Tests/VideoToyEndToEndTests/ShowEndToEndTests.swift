import Foundation
import Testing
import VideoToyAppTesting
import VideoToyCore

extension EndToEnd {
    /// A show made with the keyboard, saved as XSPF, opened again after a relaunch and driven with a clicker's keys.
    @Suite("Show")
    struct ShowTests {
        @Test("three videos added with Insert, saved with Ctrl+S, back after a relaunch; F5 and Page Down play them in order outside")
        func showSavedReopenedAndDriven() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let order = [clips.snow, clips.ball, clips.short]
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-show-\(UUID())").path
            try FileManager.default.createDirectory(atPath: folder + "/config", withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // Both runs share one settings folder, as one user's runs do.
            let environment = ["XDG_CONFIG_HOME": folder + "/config"]
            let showFile = folder + "/talk.xspf"

            // The first run makes the show: the file does not exist yet, so --show names where Save writes it.
            let maker = try AppProcess(arguments: ["--show", showFile, clips.folder], display: display, environment: environment)
            _ = try await maker.waitFor("library", timeout: .seconds(45)) { $0.fields["count"]?.int == 3 }
            _ = try await maker.waitFor("presenter") { $0.fields["action"]?.string == "open" && $0.path == showFile }
            try await Fixture.waitForKeyboard(display)
            try display.run(["xdotool", "key", "--clearmodifiers", "Home", "Insert", "Down", "Insert", "Down", "Insert", "ctrl+s"])
            var saved: [String] = []
            try await Fixture.eventually("the show file holds three videos", within: .seconds(20)) {
                saved = (try? Self.locations(in: showFile)) ?? []
                return saved.count == 3
            }
            #expect(saved == order.map { "file://" + $0.replacingOccurrences(of: " ", with: "%20") }, "\(saved)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: showFile)))
            #expect(try XSPFReader.read(bytes, file: showFile).show.entries.map(\.path) == order)
            #expect(maker.terminate() == 0)
            let settings = try String(contentsOfFile: folder + "/config/videotoy/settings.ini", encoding: .utf8)
            #expect(settings.contains("show=\(showFile)"), "the show file is remembered: \(settings)")

            // The second run finds the show again with no --show, and plays it on the external monitor.
            try display.plug("DUMMY1", modes: ["1280x720"])
            let app = try AppProcess(arguments: ["--reconnect-grace", "0", clips.folder], display: display, environment: environment)
            defer { app.terminate() }
            _ = try await app.waitFor("library", timeout: .seconds(45)) { $0.fields["count"]?.int == 3 }
            let opened = try await app.waitFor("presenter") { $0.fields["action"]?.string == "open" }
            #expect(opened.path == showFile && opened.fields["count"]?.int == 3)
            _ = try await app.waitFor("scene-open") { $0.fields["connector"]?.string == "DUMMY1" }
            try await Fixture.waitForKeyboard(display)

            try display.run(["xdotool", "key", "--clearmodifiers", "F5"])
            let started = try await app.waitFor("presenter", after: opened) { $0.fields["action"]?.string == "cue" }
            #expect(started.fields["count"]?.int == 3 && started.fields["index"]?.int == 0 && started.path == order[0])

            var previous = started
            for step in 0..<2 {
                try display.run(["xdotool", "key", "--clearmodifiers", "Page_Down"])
                let cue = try await app.waitFor("presenter", after: previous) { $0.fields["action"]?.string == "cue" }
                #expect(cue.fields["index"]?.int == step + 1 && cue.path == order[step + 1], "step \(step + 1): \(cue)")
                let play = try await app.waitFor("play", after: previous, timeout: .seconds(20)) { $0.path == order[step] }
                let routed = try await app.waitFor("route", after: previous, timeout: .seconds(20)) {
                    $0.path == order[step] && $0.fields["to"]?.string == "DUMMY1"
                }
                _ = try await app.waitFor("first-frame", after: routed, timeout: .seconds(20)) {
                    $0.path == order[step] && $0.fields["window"]?.string == "DUMMY1"
                }
                _ = play
                previous = cue
            }
            let played = app.events().filter { $0.name == "play" }.compactMap(\.path)
            #expect(played == [order[0], order[1]], "the show played its first two videos in order: \(played)")
        }

        /// The `location` of every track of the XSPF playlist at `path`, read by Python's XML parser: a second reader,
        /// so a file only VideoToy's own tolerant reader accepts does not pass.
        static func locations(in path: String) throws -> [String] {
            let script = """
                import sys, xml.etree.ElementTree as ET
                ns = {"x": "http://xspf.org/ns/0/"}
                root = ET.parse(sys.argv[1]).getroot()
                assert root.tag == "{http://xspf.org/ns/0/}playlist" and root.get("version") == "1"
                for location in root.findall("x:trackList/x:track/x:location", ns):
                    print(location.text)
                """
            let result = try Command.run(["python3", "-c", script, path])
            guard result.status == 0 else { throw HarnessError("not a valid XSPF playlist: \(result.stderr)") }
            return result.output.split(separator: "\n").map(String.init)
        }
    }
}
