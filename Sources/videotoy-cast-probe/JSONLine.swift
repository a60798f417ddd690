import Foundation

/// Writes one JSON object per line on standard output, flushed at once so a test reading the file sees it.
enum JSONLine {
    private static let started = ContinuousClock.now

    /// Prints `fields` with `event` and the milliseconds since start (`ms`).
    static func print(_ event: String, _ fields: [String: Any] = [:]) {
        var all = fields
        all["event"] = event
        all["ms"] = Int((ContinuousClock.now - started) / .milliseconds(1))
        guard let data = try? JSONSerialization.data(withJSONObject: all, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        // A reader that went away (a pipe to head) is not worth a crash.
        try? FileHandle.standardOutput.write(contentsOf: data + Data("\n".utf8))
    }
}
