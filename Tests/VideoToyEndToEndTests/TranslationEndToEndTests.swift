import Foundation
import Testing
import VideoToyAppTesting
import VideoToyCore

extension EndToEnd {
    /// The app in a made-up language whose every text is the English one in ⟦ ⟧: a word a screen reader reads
    /// without the brackets was never marked for translation.
    @Suite("Translation")
    struct TranslationTests {
        /// The pseudo-language's code: no real language, so GTK's and libadwaita's own words stay English.
        static let pseudo = "xx"

        /// What the app shows that is no word of its own: the clips' names, their folder as the folder menu names
        /// it, the app's name and its program name (the accessible application's).
        static let data: Set<String> = {
            let clips = Fixture.clips
            let names = [clips.snow, clips.ball, clips.short].map { URL(fileURLWithPath: $0).lastPathComponent }
            let folder = URL(fileURLWithPath: clips.folder)
            let folderNames = [clips.folder, folder.lastPathComponent, folder.deletingLastPathComponent().path]
            return Set(names + folderNames + [AppIdentity.name, "videotoy"])
        }()

        /// Words the core still renders in English. Empty: rows, states, scaling modes, track menus and notices are
        /// values the adapters word through the catalogues (Sources/VideoToyText/Messages); a word added here is one
        /// the test no longer guards.
        static let renderedByTheCore: Set<String> = []

        /// Words GTK and libadwaita put in windows themselves, from their own catalogues: the title bar's buttons,
        /// the modifier in a menu's shortcuts, and the search page AdwPreferencesWindow holds even with its search off
        /// (the app's own "No Results Found" page reads "⟦No Results Found⟧", so this hides nothing of ours).
        static let toolkit: Set<String> = [
            "Close the window", "Minimize the window", "Maximize the window", "Close", "Minimize", "Maximize", "Ctrl",
            "No Results Found", "Try a different search.",
        ]

        /// Words of GtkShortcutsWindow itself (its search page, its title) and the key names it shows.
        static let shortcutsWindow: Set<String> = [
            "Try a different search", "Search Results", "Shortcuts", "Shift", "Alt", "Escape", "Home", "End", "Page_Up", "Page_Down",
            "Insert",
        ]

        /// The parts of `text` that are neither marked nor data: words in no ⟦ ⟧ that hold no digit and are not
        /// all capitals (codec and container names such as H.264, AAC, MP4 and key letters are data). `alsoKnown`
        /// are more texts that are no word of the app's.
        static func unmarkedWords(in text: String, alsoKnown: Set<String> = []) -> [String] {
            // An unnamed widget is called by its GTK type, which no one translates.
            if text.wholeMatch(of: /(Gtk|Adw)[A-Za-z]+/) != nil { return [] }
            var rest = text
            while let open = rest.range(of: "⟦") {
                let close = rest.range(of: "⟧", range: open.upperBound..<rest.endIndex)?.upperBound ?? rest.endIndex
                rest.replaceSubrange(open.lowerBound..<close, with: " ")
            }
            let known = data.union(renderedByTheCore).union(toolkit).union(alsoKnown)
            for word in known.sorted(by: { $0.count > $1.count }) {
                rest = rest.replacingOccurrences(of: word, with: " ")
            }
            return rest.split { $0.isWhitespace || ",;·/()–—:+".contains($0) }.map(String.init).filter { word in
                let letters = word.filter(\.isLetter)
                guard !letters.isEmpty, !word.contains(where: \.isNumber) else { return false }
                return letters.contains(where: \.isLowercase)
            }
        }

        /// The accessible tree's texts once a reading holds every one of `wanted`: each node's name and description,
        /// with its role for the failure message.
        static func texts(_ display: VirtualDisplay, until wanted: [String]) throws -> [(role: String, text: String)] {
            let script = PackagePaths.root.appendingPathComponent("scripts/atspi-tree").path
            let reading = try Command.run(
                [script, "videotoy"] + wanted.flatMap { ["--until", $0] } + ["--timeout", "30"], extraEnvironment: display.environment)
            try #require(reading.status == 0, "the window shows \(wanted): \(reading.stderr.suffix(3000))")
            return try reading.output.split(separator: "\n").flatMap { line -> [(role: String, text: String)] in
                let node = try JSONDecoder().decode(Node.self, from: Data(line.utf8))
                return [node.name, node.description ?? ""].filter { !$0.isEmpty }.map { (node.role, $0) }
            }
        }

        /// One node as `scripts/atspi-tree` prints it.
        struct Node: Decodable {
            let role: String
            let name: String
            let description: String?
        }

        /// Runs the app action `name` through the session bus, as the About test does.
        static func activate(_ name: String, on display: VirtualDisplay) throws {
            try Command.check(
                [
                    "gdbus", "call", "--session", "--dest", AppIdentity.id, "--object-path", "/org/videotoy/VideoToy",
                    "--method", "org.gtk.Actions.Activate", name, "[]", "{}",
                ],
                extraEnvironment: display.environment)
        }

        @Test("Under a pseudo-translation every word of the main window, its menu, Preferences and the shortcuts is marked")
        func everyWordIsMarked() async throws {
            let locale = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-locale-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: locale) }
            try Command.check([PackagePaths.root.appendingPathComponent("scripts/i18n").path, "pseudo", locale.path, Self.pseudo])
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            // A real locale for the C library (gettext ignores LANGUAGE under C), the pseudo-language for messages.
            let app = try AppProcess(
                arguments: ["--controls", "full", "--play", clips.snow, clips.folder], display: display,
                environment: [
                    "GTK_A11Y": "atspi", "VIDEOTOY_LOCALEDIR": locale.path, "LC_ALL": "de_DE.UTF-8", "LANGUAGE": Self.pseudo,
                ])
            defer { app.terminate() }
            _ = try await app.waitFor("play", timeout: .seconds(45)) { $0.path == clips.snow }
            _ = try await app.waitFor("probe", timeout: .seconds(45)) { $0.path == clips.short }
            var seen = try Self.texts(display, until: ["⟦Open Folder⟧", "⟦3 videos", "⟦Playing⟧"])
            let artifacts = PackagePaths.root.appendingPathComponent("artifacts")
            try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
            _ = try? display.screenshot(savingTo: artifacts.appendingPathComponent("pseudo-locale.png"))

            #expect(seen.contains { $0.text == "⟦Open Folder⟧" }, "the catalogue is read: \(seen.map(\.text))")
            #expect(seen.contains { $0.text.hasPrefix("⟦3 videos") }, "the header counts the rows")
            // The main menu, opened as a screen reader user would.
            try display.run([PackagePaths.root.appendingPathComponent("scripts/atspi-tree").path, "videotoy", "--press", "⟦Main Menu⟧"])
            seen += try Self.texts(display, until: ["Keyboard Shortcuts⟧"])
            try display.run(["xdotool", "key", "--clearmodifiers", "Escape"])
            try Self.activate("preferences", on: display)
            seen += try Self.texts(display, until: ["⟦Wait for a screen to reconnect⟧"])
            #expect(seen.contains { $0.text == "⟦Wait for a screen to reconnect⟧" }, "Preferences were read")
            try display.run(["xdotool", "key", "--clearmodifiers", "Escape"])
            try Self.activate("shortcuts", on: display)
            // Read last: the shortcuts window's own words are known only in what is read with it open.
            let withShortcuts = try Self.texts(display, until: ["⟦Select a video⟧"])
            #expect(withShortcuts.contains { $0.text.contains("⟦Select a video⟧") }, "the shortcuts were read")

            var unmarked: [String: Set<String>] = [:]
            for (index, (role, text)) in (seen + withShortcuts).enumerated() {
                let words = Self.unmarkedWords(in: text, alsoKnown: index < seen.count ? [] : Self.shortcutsWindow)
                if !words.isEmpty { unmarked["\(role): \(text)", default: []].formUnion(words) }
            }
            #expect(unmarked.isEmpty, "texts with words not marked for translation: \(unmarked.sorted { $0.key < $1.key })")
            #expect(app.isRunning)
        }
    }
}
