import Foundation
import Testing
import VideoToyAppTesting

extension EndToEnd {
    /// The presenter panel over the list while a video plays on an external monitor, read as a screen reader reads it.
    @Suite("Presenter panel")
    struct PresenterPanelTests {
        /// One node of the accessible tree, as `scripts/atspi-tree` prints it.
        struct Node: Decodable {
            let role: String
            let name: String
            let description: String?
        }

        /// What the panel says: the screen's state and the remaining time's text, and its described nodes for a report.
        struct Reading {
            let state: String?
            let remaining: String?
            let described: [String]
        }

        /// One reading of the accessible tree, once it names the panel's state and clock.
        func read(_ display: VirtualDisplay) throws -> Reading {
            let script = PackagePaths.root.appendingPathComponent("scripts/atspi-tree").path
            let reading = try Command.run(
                [script, "videotoy", "--until", "Presentation screen", "--until", "Remaining", "--timeout", "45"],
                extraEnvironment: display.environment)
            try #require(reading.status == 0, "the tree shows the panel: \(reading.stderr.suffix(3000))")
            let nodes = try reading.output.split(separator: "\n").map { try JSONDecoder().decode(Node.self, from: Data($0.utf8)) }
            return Reading(
                state: nodes.first { $0.role == "label" && $0.description == "Presentation screen" }?.name,
                // The figure, not its caption: the figure's text is its description.
                remaining: nodes.first { $0.name == "Remaining" && $0.description != nil }?.description,
                described: nodes.compactMap { node in node.description.map { "\(node.role) \(node.name): \($0)" } })
        }

        /// Reads the tree until `done` holds (the panel follows the app's state a frame later), or gives the last one.
        func read(_ display: VirtualDisplay, until done: (Reading) -> Bool) async throws -> Reading {
            let deadline = ContinuousClock.now + .seconds(30)
            var reading = try read(display)
            while !done(reading), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(200))
                reading = try read(display)
            }
            return reading
        }

        /// The milliseconds of a clock text ("−1:05", "−1:02:03"), or nil.
        static func milliseconds(_ text: String?) -> Int? {
            guard let text else { return nil }
            let parts = text.trimmingCharacters(in: CharacterSet(charactersIn: "−-")).split(separator: ":").map { Int($0) }
            guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
            return parts.reduce(0) { $0 * 60 + $1! } * 1000
        }

        @Test("the panel shows Live, then Black after B, and a remaining time that matches MPRIS")
        func panelReadsTheStage() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            try display.plug("DUMMY1", modes: ["1280x720"])
            // The two-minute clip: still playing after the readings on busy cores.
            let app = try AppProcess(arguments: ["--play", clips.long, clips.folder], display: display, accessibility: true)
            defer { app.terminate() }
            let out = try await app.waitFor("route", timeout: .seconds(30)) {
                $0.path == clips.long && $0.fields["to"]?.string == "DUMMY1"
            }
            _ = try await app.waitFor("first-frame", after: out) { $0.fields["window"]?.string == "DUMMY1" }

            let live = try await read(display) { $0.state == "Live" && Self.milliseconds($0.remaining) != nil }
            #expect(live.state == "Live", "\(live)")
            #expect(Self.milliseconds(live.remaining) != nil, "\(live)")
            let artifacts = PackagePaths.root.appendingPathComponent("artifacts")
            try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
            _ = try? display.screenshot(savingTo: artifacts.appendingPathComponent("presenter-panel.png"))

            try await Fixture.waitForKeyboard(display)
            let before = app.events().last
            try display.run(["xdotool", "key", "--clearmodifiers", "b"])
            _ = try await app.waitFor("presenter", after: before) { $0.fields["cover"]?.string == "black" }
            let black = try await read(display) { $0.state == "Black" }
            #expect(black.state == "Black", "\(black)")
            let client = MPRISClient(display: display)
            try await client.waitForName()
            #expect(try await client.poll({ try client.metadata("videotoy:cover") }, until: { $0 == "black" }) == "black")
            _ = try? display.screenshot(savingTo: artifacts.appendingPathComponent("presenter-panel-black.png"))

            // Paused, the position stands still while the tree and the bus are read.
            let playing = app.events().last
            try client.call("Pause")
            _ = try await app.waitFor("pause", after: playing) { $0.path == clips.long }
            let length = try #require(Int64(try client.metadata("mpris:length") ?? ""), "mpris:length")
            let position = try client.position()
            let expected = Int((length - position) / 1000)
            #expect(abs(Int(length / 1000) - 120_000) < 1500, "the clip lasts two minutes: \(length) µs")
            let paused = try await read(display) { reading in
                Self.milliseconds(reading.remaining).map { abs($0 - expected) <= 1500 } ?? false
            }
            let shown = try #require(Self.milliseconds(paused.remaining), "a remaining time: \(paused)")
            #expect(abs(shown - expected) <= 1500, "the panel says \(paused.remaining ?? "") left, MPRIS \(expected) ms")

            // A show of the selected video, started: it is up next, named so.
            let added = app.events().last
            try display.run(["xdotool", "key", "--clearmodifiers", "Insert", "F5"])
            let cue = try await app.waitFor("presenter", after: added, timeout: .seconds(20)) { $0.fields["action"]?.string == "cue" }
            let title = URL(fileURLWithPath: try #require(cue.path, "\(cue.line)")).lastPathComponent
            let script = PackagePaths.root.appendingPathComponent("scripts/atspi-tree").path
            let reading = try Command.run(
                [script, "videotoy", "--until", "Up next", "--timeout", "45"], extraEnvironment: display.environment)
            try #require(reading.status == 0, "the panel shows what is up next: \(reading.stderr.suffix(3000))")
            let nodes = try reading.output.split(separator: "\n").map { try JSONDecoder().decode(Node.self, from: Data($0.utf8)) }
            let upNext = nodes.first { $0.name == "Up next" }
            #expect(upNext?.description == title, "\(String(describing: upNext))")
            _ = try? display.screenshot(savingTo: artifacts.appendingPathComponent("presenter-panel-show.png"))
        }
    }
}
