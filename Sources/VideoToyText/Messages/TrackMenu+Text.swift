import VideoToyCore

extension TrackLabel {
    /// The track's name in menus and notices ("French — Commentary, forced"), in the user's language (`.user`) or
    /// English (`.english`).
    public func text(in catalogue: Catalogue = .user) -> String {
        // TRANSLATORS: %d is a track's place among the soundtracks or subtitles of a video, for a track with no language.
        let base = language ?? catalogue.tr("Track %d", number)
        var details: [String] = []
        if let title { details.append(title) }
        // TRANSLATORS: a subtitle track shown even with subtitles off (for dialogue in another language).
        if isForced { details.append(catalogue.trp("track", "forced")) }
        if let fileName { details.append(fileName) }
        // TRANSLATORS: joins a track's details: its title, "forced", its file's name.
        let named =
            details.isEmpty
            ? base : catalogue.trp("track", "%s — %s", base, details.joined(separator: catalogue.trp("track details", ", ")))
        guard let codec else { return named }
        // TRANSLATORS: a track's name, then its codec (AAC, AC-3), which tells apart two tracks named alike.
        return catalogue.trp("track", "%s (%s)", named, codec)
    }
}

extension TrackMenu.Label {
    /// What the menu entry says, in the user's language (`.user`) or English (`.english`).
    public func text(in catalogue: Catalogue = .user) -> String {
        switch self {
        // TRANSLATORS: the subtitle menu's entry that shows no subtitles.
        case .off: return catalogue.trp("subtitles", "Off")
        case .track(let label): return label.text(in: catalogue)
        case .file(let name): return name
        case .format(let format): return format
        }
    }
}

extension TrackMenu.Note {
    /// The line under a menu entry, in the user's language (`.user`) or English (`.english`).
    public func text(in catalogue: Catalogue = .user) -> String {
        switch self {
        // TRANSLATORS: under a subtitle format in the menu that no installed decoder can show.
        case .cannotBeShownHere: return catalogue.tr("cannot be shown here")
        case .problem(let note): return note.text(in: catalogue)
        }
    }
}
