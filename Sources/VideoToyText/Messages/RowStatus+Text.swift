import VideoToyCore

extension RowStatus {
    /// The line the row shows, empty when idle: in the user's language (`.user`) or English (`.english`).
    public func text(in catalogue: Catalogue = .user) -> String {
        switch self {
        case .idle: return ""
        // TRANSLATORS: a row's state: its video is playing.
        case .playing: return catalogue.trp("row state", "Playing")
        // TRANSLATORS: a row's state: its video is paused.
        case .paused: return catalogue.trp("row state", "Paused")
        // TRANSLATORS: a row's state: its video played to its end.
        case .finished: return catalogue.trp("row state", "Finished")
        case .failed(let error):
            // TRANSLATORS: %s is why the video stopped.
            return catalogue.tr("Error: %s", error.text(in: catalogue))
        case .onScreen(let name, let connector) where name.isEmpty:
            // TRANSLATORS: %s is a connector's name, such as "HDMI-1".
            return catalogue.tr("Playing on screen (%s)", connector)
        case .onScreen(let name, let connector):
            // TRANSLATORS: the first %s is a screen's maker and model, the second its connector, such as "HDMI-1".
            return catalogue.tr("Playing on %s (%s)", name, connector)
        case .casting(let name, false):
            // TRANSLATORS: a row's line while its video plays on a TV on the network; %s is the TV's name.
            return catalogue.tr("Casting to %s", name)
        case .casting(let name, true):
            // TRANSLATORS: a row's line while its video plays on a TV on the network, converted because the TV does not
            // take the file as it is; %s is the TV's name.
            return catalogue.tr("Casting to %s · converted to H.264", name)
        case .closedWhilePlaying: return catalogue.tr("VideoToy closed while playing this file")
        }
    }
}
