import Foundation
import Testing
import VideoToyAppTesting
import VideoToyMedia
import VideoToyMediaTesting

extension EndToEnd {
    /// The app under a German and a Chinese desktop, read as a screen reader reads it: its own words are in that
    /// language, from the catalogues `scripts/i18n` compiles, and none is left in English.
    @Suite("Languages")
    struct LanguageTests {
        /// A folder with one clip that plays and one empty file that cannot, so a row line, an error and a notice show.
        static func library() throws -> (folder: String, clip: String, broken: String) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-languages-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let clip = folder + "/a snow.mp4"
            try FileManager.default.copyItem(atPath: Fixture.clips.snow, toPath: clip)
            let broken = folder + "/b broken.mp4"
            try ClipFactory.makeEmpty(at: broken)
            return (folder, clip, broken)
        }

        @Test(
            "Controls, row lines, the notice and the error read in the desktop's language, none left in English",
            arguments: [("de_DE.UTF-8", "de"), ("zh_CN.UTF-8", "zh_CN")])
        func speaksTheDesktopsLanguage(locale: String, language: String) async throws {
            let catalogue = try POCatalogue(language: language)
            let wanted: [(msgid: String, context: String?)] = [
                ("Open Folder", nil), ("Playing", "row state"), ("The file is empty (0 bytes).", nil), ("Main Menu", nil),
            ]
            // The notice once the library is read, for its one unreadable file: the singular form (every language here
            // uses the first form for 1).
            let notice = catalogue.text("%d file could not be read")?.replacingOccurrences(of: "%d", with: "1")
            let expected = (wanted.map { catalogue.text($0.msgid, context: $0.context) } + [notice]).compactMap { $0 }
            try #require(expected.count == wanted.count + 1, "the catalogue translates every word the test looks for: \(expected)")
            let (folder, clip, broken) = try Self.library()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let display = try VirtualDisplay()
            defer { display.stop() }
            // No LANGUAGE: the desktop's locale alone picks the catalogue, as on a user's machine.
            let app = try AppProcess(
                arguments: ["--controls", "full", "--play", clip, folder], display: display,
                environment: ["GTK_A11Y": "atspi", "LANG": locale, "LC_ALL": locale, "LANGUAGE": ""])
            defer { app.terminate() }
            _ = try await app.waitFor("play", timeout: .seconds(45)) { $0.path == clip }
            _ = try await app.waitFor("probe", timeout: .seconds(45)) { $0.path == broken }

            let script = PackagePaths.root.appendingPathComponent("scripts/atspi-tree").path
            let reading = try Command.run(
                [script, "videotoy"] + expected.flatMap { ["--until", $0] } + ["--timeout", "30"], extraEnvironment: display.environment)
            #expect(reading.status == 0, "the window shows \(expected): \(reading.stderr.suffix(3000))")
            let texts = try reading.output.split(separator: "\n").flatMap { line -> [String] in
                let node = try JSONDecoder().decode(TranslationTests.Node.self, from: Data(line.utf8))
                return [node.name, node.description ?? ""].filter { !$0.isEmpty }
            }
            let artifacts = PackagePaths.root.appendingPathComponent("artifacts")
            try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
            _ = try? display.screenshot(savingTo: artifacts.appendingPathComponent("language-\(language).png"))
            let (whole, phrases) = catalogue.englishLeftovers
            let english = texts.filter { text in whole.contains(text) || phrases.contains { text.contains($0) } }
            #expect(english.isEmpty, "texts left in English under \(locale): \(english)")
            #expect(app.isRunning)
        }
    }
}
