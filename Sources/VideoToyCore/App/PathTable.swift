import Foundation

/// Maps ids to paths for worker threads, which must not touch the main-actor library.
final class PathTable: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [ItemID: String] = [:]
    private var durations: [ItemID: Int] = [:]

    func set(_ id: ItemID, path: String) { lock.withLock { paths[id] = path } }
    func set(_ entries: [(ItemID, String)]) {
        lock.withLock { for (id, path) in entries { paths[id] = path } }
    }
    func setDuration(_ id: ItemID, _ ms: Int?) { lock.withLock { durations[id] = ms } }
    func forget(_ id: ItemID) {
        lock.withLock {
            paths[id] = nil; durations[id] = nil
        }
    }
    func path(_ id: ItemID) -> String? { lock.withLock { paths[id] } }
    func duration(_ id: ItemID) -> Int? { lock.withLock { durations[id] } }
}
