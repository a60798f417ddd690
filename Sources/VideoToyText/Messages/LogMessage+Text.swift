import VideoToyCore

extension LogMessage {
    /// The sentence for the events log (`.english`) or the terminal (`.user`).
    public func text(in catalogue: Catalogue = .user) -> String {
        switch self {
        case .probe(let failure): return failure.text(in: catalogue)
        case .playback(let error): return error.text(in: catalogue)
        case .closedWhilePlaying: return catalogue.tr("VideoToy closed while playing this file; it opens only when you play it")
        case .subtitles(let note): return note.text(in: catalogue)
        case .modeUnavailable(let reason): return reason.text(in: catalogue)
        case .wake(let reason): return reason.text(in: catalogue)
        }
    }
}
