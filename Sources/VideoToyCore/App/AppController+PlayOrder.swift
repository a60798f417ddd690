/// What "next" means: the rows as shown or a shuffled order of them, and whether the last leads back to the first.
extension AppController {
    /// What happens at the end of a video from now on (Preferences, MPRIS `LoopStatus`).
    public func setOnEnd(_ onEnd: OnEnd) {
        guard onEnd != policy.onEnd else { return }
        playbackDriver.handle(.setOnEnd(onEnd))
        publish()
    }

    /// Turns Shuffle on or off (Preferences, MPRIS `Shuffle`); turning it on shuffles the rows shown now.
    public func setShuffle(_ on: Bool) {
        guard on != policy.shuffle else { return }
        playbackDriver.handle(.setShuffle(on, rows: on ? shownIDs : []))
        publish()
        // CanGoNext may change: the shuffled order has no last row until every row has played.
        publisher.tell(.sort)
    }

    /// The video "next" plays after `id` (N, MPRIS Next, a playlist): the next playable row as shown (a search and a
    /// sort included; the library's order when the search hides `id`), or the shuffled order's next while Shuffle is
    /// on. A playlist that loops goes from the last to the first; otherwise there is nothing after the last.
    public func playable(after id: ItemID) -> ItemID? {
        let wraps = policy.wraps
        if policy.shuffle {
            return policy.order.next(after: id, wrap: wraps) { library.item($0)?.isPlayable == true }
        }
        let following = displayIndex(of: id).map { firstPlayable(in: ($0 + 1)..<displayCount) } ?? library.playable(after: id)
        return following ?? (wraps ? firstPlayable : nil)
    }

    /// The rows shown, in order: what a shuffled order is made of.
    var shownIDs: [ItemID] { (0..<displayCount).compactMap { id(at: $0) } }

    /// The rows shown changed: a shuffled order follows them.
    func shownRowsChanged() {
        guard policy.shuffle else { return }
        playbackDriver.handle(.rowsShown(shownIDs))
    }
}
