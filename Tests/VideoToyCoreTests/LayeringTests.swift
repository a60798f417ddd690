import Foundation
import Testing

/// The adapters render the controller's snapshot and send it intents: none of them names the machines behind it.
struct LayeringTests {
    /// The source folders of the adapters that talk to the controller.
    static let adapters = ["VideoToyGtk", "VideoToyDesktop", "VideoToySound", "VideoToyWayland", "videotoy"]

    /// The controller's machines and the state they keep: read through the snapshot, changed through intents.
    static let internals = [
        "policy", "library", "router", "audio", "shown", "views", "preroll", "tracks", "quarantine", "folders",
        "screens", "players", "posters", "probes", "posterJobs", "sidecarJobs", "presenter", "scenes", "graceTimers",
        "subtitleShows", "readTimelines", "posterReach",
    ]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every line of the Swift files under `roots` that names a controller internal, as "folder/file:line: text".
    static func offenders(in roots: [URL], names: [String]) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: "\\bcontroller\\.(" + names.joined(separator: "|") + ")\\b")
        var found: [String] = []
        for root in roots {
            let folder = root.lastPathComponent
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for (number, line) in text.components(separatedBy: "\n").enumerated()
                where pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("\(folder)/\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        return found
    }

    @Test("no adapter reads or changes the controller's machines directly")
    func adaptersUseTheSnapshot() throws {
        let found = try Self.offenders(in: Self.adapters.map { Self.sources.appendingPathComponent($0) }, names: Self.internals)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// What the list could read row by row; it binds rows from the snapshot's `RowWindow` instead.
    static let rowReads = ["row", "id", "displayIndex", "displayCount", "placement", "player"]

    @Test("the window binds rows and keeps the selection from the snapshot alone: no read of the controller per row")
    func windowReadsNoRows() throws {
        let found = try Self.offenders(in: [Self.sources.appendingPathComponent("VideoToyGtk")], names: Self.rowReads)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("the check finds a machine named in an adapter, and lets the snapshot and intents be")
    func theCheckCanFail() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layering-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = [
            "let screens = controller.router.externalScreens", "let sort = controller.snapshot.sort",
            "controller.activate(id)", "let audio = mycontroller.audio", "_ = controller.policy",
        ]
        try lines.joined(separator: "\n").write(to: folder.appendingPathComponent("Window.swift"), atomically: true, encoding: .utf8)
        let found = try Self.offenders(in: [folder], names: Self.internals)
        #expect(found.count == 2)
        #expect(found.first?.hasSuffix(":1: let screens = controller.router.externalScreens") == true)
        #expect(found.last?.hasSuffix(":5: _ = controller.policy") == true)
    }
}
