import VideoToyCore

/// The words of the show's notices: opened, or why not.
enum ShowText {
    /// Why the show file called `name` could not be opened.
    static func notOpened(name: String, _ problem: XSPFProblem?, in catalogue: Catalogue) -> String {
        switch problem {
        case .tooLarge?:
            // TRANSLATORS: a notice: %s is a show (playlist) file's name.
            return catalogue.tr("“%s” is too large for a show", name)
        case .notAPlaylist?:
            // TRANSLATORS: a notice: %s is a file's name; XSPF is the playlist format.
            return catalogue.tr("“%s” is not an XSPF playlist", name)
        case .damaged(let line)?:
            // TRANSLATORS: a notice: %1$s is a show (playlist) file's name, %2$d a line number in it.
            return catalogue.tr("“%1$s” is damaged at line %2$d", name, line)
        case nil:
            // TRANSLATORS: a notice: %s is a show (playlist) file's name.
            return catalogue.tr("“%s” could not be read", name)
        }
    }

    /// The show file called `name` was opened with `count` videos, `skipped` left out.
    static func opened(name: String, count: Int, skipped: Int, in catalogue: Catalogue) -> String {
        guard skipped > 0 else {
            // TRANSLATORS: a notice: %1$s is a show (playlist) file's name, %2$d how many videos it holds.
            return catalogue.trn("Opened “%1$s”: %2$d video", "Opened “%1$s”: %2$d videos", count, name, count)
        }
        // TRANSLATORS: a notice: %1$s is a show file's name, %2$d how many of its entries are not video files.
        return catalogue.trn(
            "Opened “%1$s”; %2$d entry is not a file and was left out", "Opened “%1$s”; %2$d entries are not files and were left out",
            skipped, name, skipped)
    }
}
