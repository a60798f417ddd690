import Foundation
import Testing
import VideoToyAppTesting

extension EndToEnd {
    /// The encoding a user forces in the track menu for a subtitle file in a legacy encoding, picked as a screen reader
    /// user would and remembered for the file across a relaunch.
    @Suite("Encoding relaunch")
    struct EncodingRelaunchTests {
        /// Enough Russian for the detector to be sure of Windows-1251, one sentence a cue.
        static let sentences = [
            "Сегодня очень хорошая погода", "Завтра, возможно, пойдёт дождь", "Я буду ждать тебя у вокзала",
            "Спасибо большое", "До встречи",
        ]
        /// What detection finds, and the other Cyrillic encoding the user forces over it.
        static let detected = "WINDOWS-1251", forced = "KOI8-R"

        /// One node of the accessible tree, as `scripts/atspi-tree` prints it.
        struct Node: Decodable {
            let role: String
            let name: String
        }

        /// A fresh folder with `film.mp4` and, beside it, `film.ru.srt` in Windows-1251; the long clip, so it still
        /// plays after two launches on busy cores.
        static func library() throws -> (folder: String, video: String) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-encoding-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let video = folder + "/film.mp4"
            try FileManager.default.copyItem(atPath: Fixture.clips.long, toPath: video)
            let time = { (seconds: Int) in String(format: "00:%02d:%02d,000", seconds / 60, seconds % 60) }
            // Back-to-back cues over the clip's two minutes, so a line shows whenever the menu is looked at.
            let subRip = sentences.enumerated().map { index, sentence in
                "\(index + 1)\n\(time(index * 24)) --> \(time(index * 24 + 24))\n\(sentence)\n"
            }
            let utf8 = folder + "/utf8.txt"
            try subRip.joined(separator: "\n").write(toFile: utf8, atomically: true, encoding: .utf8)
            // glibc's iconv, as the app's own converter, so the bytes are the ones the app decodes.
            try Command.check(["iconv", "-f", "UTF-8", "-t", detected, "-o", folder + "/film.ru.srt", utf8])
            try FileManager.default.removeItem(atPath: utf8)
            return (folder, video)
        }

        /// Waits for the `track` event of the video's subtitles after `after`.
        func subtitles(
            _ app: AppProcess, _ video: String, after: AppProcess.Event? = nil,
            where predicate: (AppProcess.Event) -> Bool = { _ in true }
        ) async throws -> AppProcess.Event {
            try await app.waitFor("track", after: after, timeout: .seconds(60)) {
                $0.path == video && $0.fields["kind"]?.string == "subtitles" && predicate($0)
            }
        }

        /// Presses the control named `label` through AT-SPI; retried, as the app may not be on the bus yet, or the
        /// control not shown.
        func press(_ label: String, on display: VirtualDisplay, timeout: Duration = .seconds(45)) async throws {
            let script = PackagePaths.root.appendingPathComponent("scripts/atspi-tree").path
            let deadline = ContinuousClock.now + timeout
            while true {
                do {
                    try display.run([script, "videotoy", "--press", label])
                    return
                } catch {
                    guard ContinuousClock.now < deadline else {
                        let tree = (try? display.run([script, "videotoy"]).output) ?? "unreadable"
                        throw HarnessError("\(error)\naccessible tree:\n\(tree)")
                    }
                    try await Task.sleep(for: .milliseconds(250))
                }
            }
        }

        /// The first reading of the accessible tree that names every one of `texts`.
        func read(_ display: VirtualDisplay, until texts: [String]) throws -> [Node] {
            let script = PackagePaths.root.appendingPathComponent("scripts/atspi-tree").path
            let reading = try Command.run(
                [script, "videotoy"] + texts.flatMap { ["--until", $0] } + ["--timeout", "45"], extraEnvironment: display.environment)
            try #require(reading.status == 0, "the tree names \(texts): \(reading.stderr.suffix(3000))")
            return try reading.output.split(separator: "\n").map { try JSONDecoder().decode(Node.self, from: Data($0.utf8)) }
        }

        /// The menu's entry for `encoding`, as the menu names it.
        static func entry(_ encoding: String) -> String { "Character encoding: Cyrillic (\(encoding))" }

        @Test("an encoding forced in the track menu is remembered for the file and read in again after a relaunch")
        func forcedEncodingSurvivesARelaunch() async throws {
            let (folder, video) = try Self.library()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let config = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-encoding-config-\(UUID())").path
            defer { try? FileManager.default.removeItem(atPath: config) }
            let display = try VirtualDisplay()
            defer { display.stop() }
            // Full controls stay on screen: faded ones are not in the accessible tree.
            let arguments = ["--controls", "full", "--subtitles=ru", "--play", video, folder]
            let environment = ["XDG_CONFIG_HOME": config]

            let first = try AppProcess(arguments: arguments, display: display, environment: environment, accessibility: true)
            let opened = try await subtitles(first, video)
            #expect(opened.fields["id"]?.string == "file/film.ru.srt", "\(opened.line)")
            #expect(opened.fields["encoding"]?.string == Self.detected, "detected at first: \(opened.line)")
            try await press("Audio and subtitles", on: display)
            _ = try read(display, until: ["Character encoding: Automatic: Cyrillic (\(Self.detected))", Self.entry(Self.forced)])
            let artifacts = PackagePaths.root.appendingPathComponent("artifacts")
            try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
            _ = try? display.screenshot(savingTo: artifacts.appendingPathComponent("encoding-menu.png"))
            try await press(Self.entry(Self.forced), on: display)
            let reread = try await subtitles(first, video, after: opened) { $0.fields["encoding"]?.string == Self.forced }
            #expect(reread.fields["id"]?.string == "file/film.ru.srt", "\(reread.line)")
            try await Fixture.waitForKeyboard(display)
            try display.run(["xdotool", "key", "--clearmodifiers", "ctrl+q"])
            let status = try await first.waitForExit(timeout: .seconds(45))
            #expect(status == 0, "exit status \(status)\n\(first.report())")
            let settings = try String(contentsOfFile: config + "/videotoy/settings.ini", encoding: .utf8)
            #expect(settings.contains("[tracks]") && settings.contains("encoding=\(Self.forced)"), "\(settings)")

            let second = try AppProcess(arguments: arguments, display: display, environment: environment, accessibility: true)
            defer { second.terminate() }
            let again = try await subtitles(second, video)
            #expect(again.fields["id"]?.string == "file/film.ru.srt", "\(again.line)")
            #expect(again.fields["encoding"]?.string == Self.forced, "the forced encoding from the first reading on: \(again.line)")
            try await press("Audio and subtitles", on: display)
            let tree = try read(display, until: [Self.entry(Self.forced)])
            let checked = tree.filter { $0.name.hasPrefix("✓ ") }.map(\.name)
            #expect(checked.contains("✓ Cyrillic (\(Self.forced))"), "the forced entry is the checked one: \(checked)")
            #expect(!checked.contains { $0.hasPrefix("✓ Automatic") }, "\(checked)")
            let seen = second.events().filter { $0.name == "track" && $0.fields["kind"]?.string == "subtitles" }
            #expect(seen.allSatisfy { $0.fields["encoding"]?.string == Self.forced }, "\(seen.map(\.line))")
        }
    }
}
