import VideoToyCore

extension Notice {
    /// The notice in the user's language (`.user`) or English (`.english`).
    public func text(in catalogue: Catalogue = .user) -> String {
        switch self {
        case .playingOn(let screen):
            // TRANSLATORS: a notice: %s is a screen's maker and model ("LG TV"), or its connector ("HDMI-1").
            return catalogue.tr("Playing on %s", screen)
        case .castEnded(let screen, let reason):
            return reason.text(screen: screen, in: catalogue)
        case .audioChosen(let track):
            // TRANSLATORS: %s is a soundtrack's name, such as "French — Commentary".
            return catalogue.tr("Audio: %s", track.text(in: catalogue))
        case .subtitlesChosen(let track?):
            // TRANSLATORS: %s is a subtitle track's name, such as "English — forced".
            return catalogue.tr("Subtitles: %s", track.text(in: catalogue))
        case .subtitlesChosen(nil):
            // TRANSLATORS: a notice: the user turned subtitles off.
            return catalogue.tr("Subtitles off")
        case .unreadableFiles(let count):
            // TRANSLATORS: a notice once the library was read: %d is how many files could not be read.
            return catalogue.trn("%d file could not be read", "%d files could not be read", count, count)
        case .noVideos(let places):
            // TRANSLATORS: %s is the folders or files opened, separated by commas.
            return catalogue.tr("No videos in %s", places.joined(separator: catalogue.trp("list of paths", ", ")))
        case .removedFolder(let name):
            // TRANSLATORS: a notice with an Undo button: %s is a folder's name.
            return catalogue.tr("Removed “%s” from the library", name)
        case .showEntryMissing(let name):
            // TRANSLATORS: a notice: %s is a video of the show whose file is not in the library.
            return catalogue.tr("“%s” is not in the library", name)
        case .showNotOpened(let name, let problem):
            return ShowText.notOpened(name: name, problem, in: catalogue)
        case .showNotSaved(let name):
            // TRANSLATORS: a notice: %s is a show (playlist) file's name.
            return catalogue.tr("The show could not be saved to “%s”", name)
        case .showOpened(let name, let count, let skipped):
            return ShowText.opened(name: name, count: count, skipped: skipped, in: catalogue)
        case .phoneConnected:
            // TRANSLATORS: a notice: a phone paired with the remote control (a web page on the network).
            return catalogue.tr("A phone connected")
        }
    }
}
