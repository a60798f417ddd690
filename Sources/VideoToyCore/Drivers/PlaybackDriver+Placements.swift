/// What the placements need from the playback: the players' positions, and the rest passed on to its owner.
extension PlaybackDriver: PlacementDriver.Owner {
    func item(_ id: ItemID) -> LibraryItem? { owner?.item(id) }

    func positionMs(of id: ItemID) -> Int { players[id]?.positionMs ?? 0 }

    func screenName(_ connector: String) -> String { owner?.screenName(connector) ?? connector }

    func rowChanged(_ id: ItemID) { owner?.rowChanged(id) }

    func presentationChanged() { owner?.presentationChanged() }
}
