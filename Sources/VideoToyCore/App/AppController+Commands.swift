/// Playback commands from the keyboard: which video a key acts on is decided here, not in the views.
extension AppController {
    /// The video the user chose most recently, which the video keys act on.
    public var currentItem: ItemID? { policy.current }

    /// Carries out a playback command; `selected` gives the list's selected row, asked only when the command needs it
    /// (choosing the first row when none is selected is visible).
    ///
    /// Returns false when the command is not a playback command or has nothing to act on, so the key goes on to GTK.
    @discardableResult
    public func perform(_ command: KeyCommand, inVideoWindow: Bool, selected: @autoclosure () -> ItemID?) -> Bool {
        switch command {
        case .playSelected:
            guard let selected = selected() else { return false }
            activate(selected)
        case .togglePlay:
            // In a fullscreen or external window Space is about the video shown there; in the list, the selected row.
            if inVideoWindow, let current = policy.current {
                intent(current, .togglePlay)
            } else if let selected = selected() {
                if players[selected] != nil { intent(selected, .togglePlay) } else { activate(selected) }
            } else {
                return false
            }
        case .video(let request):
            guard let current = policy.current else { return false }
            intent(current, request)
        case .presenter(let command):
            return perform(command, selected: selected())
        case .quit, .showShortcuts, .select, .search, .openFolder, .preferences:
            return false
        }
        return true
    }
}
