import Foundation
import Synchronization
import VideoToyCore
import VideoToyFiles
import VideoToyPOSIX

/// Appends event lines to a file or standard output on a serial queue, so the main loop never waits on disk.
///
/// The file is opened only once this process is the running instance (`open`), never before the single-instance
/// hand-over: a second `videotoy --events FILE` that hands its files over must not touch the first one's log. Until
/// then lines are held in memory. The open file is locked (`flock`), so a second instance of its own
/// (`--new-window`) given the same file is refused instead of emptying it under the first.
final class EventLogWriter: Sendable {
    private enum State {
        /// Not open yet: the lines so far, kept for the file.
        case waiting([String])
        /// Open; nil is standard output.
        case open(OpenFile?)
        /// Refused or never to be opened: lines are dropped.
        case closed
    }

    /// How many lines are held before the file is open; start-up emits a handful.
    private static let heldLimit = 10_000

    private let queue = DispatchQueue(label: "videotoy.events")
    private let path: String
    private let state = Mutex(State.waiting([]))

    /// A writer for `path` ("-" is standard output); nothing is opened yet.
    init(path: String) {
        self.path = path
    }

    /// Opens the log (emptying a file this process now owns) and writes the lines held so far; the message to tell
    /// the user when it cannot be written, after which lines are dropped.
    func open() -> String? {
        var opened: OpenFile?
        var problem: String?
        if path != "-" {
            switch OpenFile.claiming(path) {
            case .success(let file): opened = file
            case .failure(.held):
                problem = "the events log \(PathBytes.display(path)) is being written by another videotoy; give this one another file"
            case .failure(.failed(let code)):
                problem = "cannot write the events log to \(PathBytes.display(path)): \(String(cString: strerror(code)))"
            }
        }
        let held = state.withLock { state -> [String] in
            guard case .waiting(let lines) = state else { return [] }
            state = problem == nil ? .open(opened) : .closed
            return lines
        }
        if problem == nil, !held.isEmpty { enqueue(held, to: opened) }
        return problem
    }

    /// Queues one line.
    func write(_ line: String) {
        let target = state.withLock { state -> OpenFile?? in
            switch state {
            case .waiting(var lines):
                // Emptied first, so the append does not copy the array.
                state = .closed
                if lines.count < Self.heldLimit { lines.append(line) }
                state = .waiting(lines)
                return nil
            case .open(let file): return .some(file)
            case .closed: return nil
            }
        }
        if let target { enqueue([line], to: target) }
    }

    /// Waits until every queued line is written; lines still held for a log never opened are dropped.
    func flush() {
        queue.sync {}
    }

    private func enqueue(_ lines: [String], to file: OpenFile?) {
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        queue.async {
            if let file {
                file.write(bytes)
            } else {
                FileHandle.standardOutput.write(Data(bytes))
            }
        }
    }
}
