import Foundation

/// Maps ids to paths for worker threads, which must not touch the main-actor library.
///
/// Arrays indexed by id (ids are handed out in sequence): setting 100,000 paths is one pass with no hashing.
final class PathTable: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String?] = []
    private var durations: [Int: Int] = [:]

    func set(_ id: ItemID, path: String) { set([(id, path)]) }
    func set(_ entries: [(ItemID, String)]) {
        guard let highest = entries.map(\.0.rawValue).max(), highest >= 0 else { return }
        lock.withLock {
            if paths.count <= highest { paths.append(contentsOf: repeatElement(nil, count: highest + 1 - paths.count)) }
            for (id, path) in entries where id.rawValue >= 0 { paths[id.rawValue] = path }
        }
    }
    func setDuration(_ id: ItemID, _ ms: Int?) { lock.withLock { durations[id.rawValue] = ms } }
    func forget(_ id: ItemID) {
        lock.withLock {
            if paths.indices.contains(id.rawValue) { paths[id.rawValue] = nil }
            durations[id.rawValue] = nil
        }
    }
    func path(_ id: ItemID) -> String? { lock.withLock { paths.indices.contains(id.rawValue) ? paths[id.rawValue] : nil } }
    func duration(_ id: ItemID) -> Int? { lock.withLock { durations[id.rawValue] } }
}
