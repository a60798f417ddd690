import Foundation
import Glibc

/// Notes the moment the app's `ready` line lands in its events log, as seen from outside the app.
///
/// A thread of its own polls the file's size every 2 ms: the figure is exec to window shown, and waiting on the
/// main thread's coarser polls would add their period to it. It stops at `ready` or after a minute.
final class StartupWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: ContinuousClock.Instant?
    private var finished = false

    /// Starts watching `log`.
    init(log: URL) {
        let path = log.path
        Thread.detachNewThread { [self] in watch(path) }
    }

    /// When `ready` was seen, waiting up to `seconds` for it; nil if it never came.
    func readyInstant(waiting seconds: Double = 5) -> ContinuousClock.Instant? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if let found = lock.withLock({ seen }) { return found }
            if lock.withLock({ finished }) { return nil }
            usleep(20_000)
        }
        return lock.withLock { seen }
    }

    /// Stops the thread early (the app is gone).
    func cancel() {
        lock.withLock { finished = true }
    }

    private func watch(_ path: String) {
        let deadline = ContinuousClock.now + .seconds(60)
        var size = 0
        let marker = Array(#""event":"ready""#.utf8)
        while ContinuousClock.now < deadline, !lock.withLock({ finished }) {
            var info = stat()
            if stat(path, &info) == 0, Int(info.st_size) > size {
                size = Int(info.st_size)
                let now = ContinuousClock.now
                if let data = FileManager.default.contents(atPath: path), contains(Array(data), marker) {
                    lock.withLock { (seen, finished) = (now, true) }
                    return
                }
            }
            usleep(2_000)
        }
        lock.withLock { finished = true }
    }

    private func contains(_ bytes: [UInt8], _ marker: [UInt8]) -> Bool {
        guard bytes.count >= marker.count else { return false }
        for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
            if Array(bytes[start..<start + marker.count]) == marker { return true }
        }
        return false
    }
}
