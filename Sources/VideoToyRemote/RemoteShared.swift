import Foundation
import VideoToyCore

/// What the main thread hands the server thread: the status JSON and the library rows, behind one lock.
///
/// The main thread writes values (copy-on-write, so a copy is cheap); the server thread reads them and never waits
/// for the main thread.
final class RemoteShared: @unchecked Sendable {
    private let lock = NSLock()
    private var statusText = "{}"
    private var statusVersion = 0
    private var rowsValue: (library: Library, shown: ShownRows)?

    /// The latest status and its version (bumped on each change).
    var status: (text: String, version: Int) { lock.withLock { (statusText, statusVersion) } }

    /// The latest library rows, if any were published.
    var rows: (library: Library, shown: ShownRows)? { lock.withLock { rowsValue } }

    /// Publishes `text` as the status, if it differs.
    func publish(status text: String) {
        lock.withLock {
            guard text != statusText else { return }
            statusText = text
            statusVersion += 1
        }
    }

    /// Publishes the library rows.
    func publish(rows: (library: Library, shown: ShownRows)) { lock.withLock { rowsValue = rows } }
}
