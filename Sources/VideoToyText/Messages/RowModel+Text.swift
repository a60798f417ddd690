import VideoToyCore

extension RowModel {
    /// What a screen reader says for the row: its title, what is known of the file (or why it cannot play), and
    /// its state ("Playing", "Playing on LG TV (HDMI-1)").
    public func spokenLabel(in catalogue: Catalogue = .user) -> String {
        // TRANSLATORS: joins the parts of a row a screen reader says: title, detail, state.
        let separator = catalogue.trp("spoken row", ", ")
        return [title, detail.text(in: catalogue), status.text(in: catalogue)].filter { !$0.isEmpty }.joined(separator: separator)
    }
}
