import VideoToyCore

extension CastEndReason {
    /// Why the video came back from the network screen called `screen`, in the user's language (`.user`) or English.
    public func text(screen: String, in catalogue: Catalogue = .user) -> String {
        switch self {
        case .broughtBack:
            // TRANSLATORS: a notice: %s is a TV's name on the network ("Living room TV").
            return catalogue.tr("Back from %s", screen)
        case .gone:
            // TRANSLATORS: a notice: %s is a TV's name on the network; it was switched off or left the network.
            return catalogue.tr("%s went away: the video is back here", screen)
        case .stoppedByRenderer:
            // TRANSLATORS: a notice: %s is a TV's name; someone pressed stop on the TV or its remote.
            return catalogue.tr("%s stopped the video: it is back here", screen)
        case .finished:
            // TRANSLATORS: a notice: %s is a TV's name; the video played to its end there.
            return catalogue.tr("The video ended on %s", screen)
        case .unreachable(let seconds):
            // TRANSLATORS: a notice: %1$s is a TV's name, %2$d a number of seconds.
            return catalogue.trn(
                "%1$s did not answer for %2$d second: the video is back here",
                "%1$s did not answer for %2$d seconds: the video is back here", seconds, screen, seconds)
        case .refused(let code?, let description):
            // TRANSLATORS: a notice: %1$s is a TV's name, %2$d the error number the TV gave, %3$s its own words (often English).
            return catalogue.tr("%1$s cannot play this video (error %2$d: %3$s)", screen, code, description)
        case .refused(nil, let description):
            // TRANSLATORS: a notice: %1$s is a TV's name, %2$s what went wrong (often in English).
            return catalogue.tr("%1$s cannot play this video (%2$s)", screen, description)
        case .notServed:
            // TRANSLATORS: a notice: %s is a TV's name; the app could not offer the file on the network.
            return catalogue.tr("The video cannot be sent to %s: nothing could listen on its network", screen)
        }
    }
}
