import VideoToyText

#if canImport(Glibc)
    import Glibc
#endif

/// The header's counts of rows, in the user's language, their numbers grouped as the user's locale writes them.
enum RowCount {
    /// "1 video", "1,234 videos" ("1.234 Videos" in German).
    static func videos(_ count: Int) -> String {
        // TRANSLATORS: the header's count of rows; %s is the number, already grouped the locale's way ("1,234").
        trn("%s video", "%s videos", count, grouped(count))
    }

    /// "3 of 1,234 videos": the rows a search found among all of them.
    static func found(_ count: Int, of total: Int) -> String {
        // TRANSLATORS: a search's count: %1$s rows found of %2$s in the library; the plural follows the second number.
        trn("%1$s of %2$s video", "%1$s of %2$s videos", total, grouped(count), grouped(total))
    }

    /// "1,234 videos · reading 10 of 1,234": the count while the files' details are still being read.
    static func reading(_ count: Int, done: Int, total: Int) -> String {
        // TRANSLATORS: the header while the videos' details are read: the count of videos, then how far reading got.
        tr("%1$s · reading %2$s of %3$s", videos(count), grouped(done), grouped(total))
    }

    /// `number` in decimal with the locale's thousands separator (LC_NUMERIC, set by `Translation.setUp`).
    static func grouped(_ number: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        // The apostrophe flag is POSIX printf's grouping, which Swift's own formatting does not offer.
        let written = withVaList([number]) { vsnprintf(&buffer, buffer.count, "%'ld", $0) }
        guard written > 0, Int(written) < buffer.count else { return String(number) }
        return String(cString: buffer)
    }
}
