/// The subtitle files beside the library's videos, as the row's line names them.
extension Library {
    /// The languages of the subtitle files beside `id`'s video (nil for a file whose name gives none), as the last
    /// listing of its folder found them.
    public func sidecarLanguages(of id: ItemID) -> [Language?] { sidecars[id] ?? [] }

    /// Takes what a folder listing found beside the videos; returns the items whose languages changed, in no order.
    ///
    /// The main thread's share is a pass over the videos that have subtitle files, before and after: a folder of
    /// 100,000 videos without any costs nothing here.
    @discardableResult
    public mutating func learnSidecars(_ found: SidecarLanguages) -> [ItemID] {
        var changed: [ItemID] = []
        for (path, languages) in found.byPath.values {
            guard let id = id(forPath: path), sidecars[id] != languages else { continue }
            sidecars[id] = languages
            changed.append(id)
        }
        for id in sidecars.keys {
            guard let path = item(id)?.path, found.byPath[PathKey(path)] == nil, found.covers(path) else { continue }
            sidecars[id] = nil
            changed.append(id)
        }
        return changed
    }
}
