import Testing
import VideoToyCore
import VideoToyTesting

/// What the controller prints on the terminal while a library is read.
@Suite("AppController terminal")
@MainActor
struct AppControllerTerminalTests {
    @Test("a library of thousands of empty files prints a few lines and one summary, not a line per file")
    func thousandsOfEmptyFiles() async throws {
        let rig = Rig()
        let paths = (0..<3000).map { "/v/empty-\($0).mp4" } + ["/v/gone.mp4"]
        for path in paths.dropLast() { rig.backend.script(path, .failure(.empty)) }
        rig.backend.script("/v/gone.mp4", .failure(.vanished))
        _ = rig.controller.add(paths: paths)
        try await rig.probed()
        let lines = rig.terminal.lines
        #expect(lines.count <= 10, "\(lines.count) lines: \(lines.prefix(12))")
        #expect(lines.filter { $0.hasSuffix("\(LogMessage.probe(.empty))") }.count == 5)
        #expect(lines.contains("/v/gone.mp4: \(LogMessage.probe(.vanished))"), "another kind still gets its own line")
        #expect(lines.last == "and 2,995 more files that are empty")
        #expect(rig.records("probe").count == paths.count, "the events log still has every file")
    }
}
