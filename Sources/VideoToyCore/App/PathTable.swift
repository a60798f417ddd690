import Synchronization

/// Maps ids to paths for worker threads, which must not touch the main-actor library.
///
/// Arrays indexed by id (ids are handed out in sequence): setting 100,000 paths is one pass with no hashing.
final class PathTable: Sendable {
    private struct Entries {
        var paths: [String?] = []
        var durations: [Int: Int] = [:]
    }

    private let entries = Mutex(Entries())

    func set(_ id: ItemID, path: String) { set([(id, path)]) }
    func set(_ list: [(ItemID, String)]) {
        guard let highest = list.map(\.0.rawValue).max(), highest >= 0 else { return }
        entries.withLock { entries in
            if entries.paths.count <= highest {
                entries.paths.append(contentsOf: repeatElement(nil, count: highest + 1 - entries.paths.count))
            }
            for (id, path) in list where id.rawValue >= 0 { entries.paths[id.rawValue] = path }
        }
    }
    func setDuration(_ id: ItemID, _ ms: Int?) { entries.withLock { $0.durations[id.rawValue] = ms } }
    func forget(_ id: ItemID) {
        entries.withLock { entries in
            if entries.paths.indices.contains(id.rawValue) { entries.paths[id.rawValue] = nil }
            entries.durations[id.rawValue] = nil
        }
    }
    func path(_ id: ItemID) -> String? {
        entries.withLock { $0.paths.indices.contains(id.rawValue) ? $0.paths[id.rawValue] : nil }
    }
    func duration(_ id: ItemID) -> Int? { entries.withLock { $0.durations[id.rawValue] } }
}
