import Foundation
import VideoToyCore

/// The app's lines for the terminal, held back while the `--play` file's probe has not answered: a file that cannot
/// play must end the run with one line, its reason, not after what the start-up said meanwhile (no sound server).
final class TerminalGate: @unchecked Sendable {
    private let lock = NSLock()
    // nil once open: lines go out as they come.
    private var held: [String]?

    /// A gate that holds lines when `holding`, and lets them through otherwise.
    init(holding: Bool) {
        held = holding ? [] : nil
    }

    /// Writes `message` to standard error as one line, control characters escaped, or keeps it while held.
    func write(_ message: String) {
        let line = "videotoy: \(TerminalText.escaped(message))\n"
        let written: Bool = lock.withLock {
            guard held != nil else { return false }
            held?.append(line)
            return true
        }
        if !written { FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// Writes the held lines, in order, and lets later ones through.
    func open() {
        lock.withLock {
            // Written under the lock, so a line that comes meanwhile cannot overtake them.
            held?.forEach { FileHandle.standardError.write(Data($0.utf8)) }
            held = nil
        }
    }
}
