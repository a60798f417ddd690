/// Picks a file's soundtrack and subtitles when it opens.
///
/// In order: a pick the user made this run, then what the command line asks for, then the pick remembered for the
/// file, then the file's own marks. A remembered track the file no longer has is passed over.
public enum TrackChooser {
    /// The soundtrack: a pick, else the first preferred language the file has, else the track marked default, else the
    /// first; nil only when the file has no sound.
    public static func audio(_ tracks: [MediaTrack], preferences: TrackPreferences, picked: TrackID?, remembered: TrackID?) -> TrackID? {
        let ids = Set(tracks.map(\.id))
        if let picked, ids.contains(picked) { return picked }
        for language in preferences.audioLanguages {
            let speaking = tracks.filter { $0.language == language }
            if let track = speaking.first(where: \.isDefault) ?? speaking.first { return track.id }
        }
        if let remembered, ids.contains(remembered) { return remembered }
        return (tracks.first(where: \.isDefault) ?? tracks.first)?.id
    }

    /// The subtitles, or nil for none: a pick (which may be "off"), else the command line's languages or "off", else
    /// the remembered pick, else the file's own marks as `automatic` says.
    public static func subtitles(
        _ tracks: [MediaTrack], audioLanguage: Language?, preferences: TrackPreferences, picked: SubtitleChoice?,
        remembered: SubtitleChoice?
    ) -> TrackID? {
        if let choice = usable(picked, in: tracks) { return choice.track }
        switch preferences.subtitles {
        case .off:
            return nil
        case .languages(let languages):
            for language in languages {
                let written = tracks.filter { $0.language == language }
                // Someone asking for French subtitles wants the whole dialogue, not just the signs.
                let full = written.filter { !$0.isForced }
                if let track = full.first(where: \.isDefault) ?? full.first ?? written.first { return track.id }
            }
        case .auto:
            break
        }
        if let choice = usable(remembered, in: tracks) { return choice.track }
        return automatic(tracks, audioLanguage: audioLanguage, userLanguage: preferences.userLanguage)
    }

    /// The file's own marks: a forced track (one in the soundtrack's language first), else one marked default, else a
    /// subtitle file with the video's name alone (put there to be shown), else one in the user's language, else none.
    static func automatic(_ tracks: [MediaTrack], audioLanguage: Language?, userLanguage: Language?) -> TrackID? {
        let forced = tracks.filter(\.isForced)
        if let track = forced.first(where: { $0.language != nil && $0.language == audioLanguage }) ?? forced.first {
            return track.id
        }
        if let track = tracks.first(where: \.isDefault) { return track.id }
        let files = tracks.filter(\.isExternal)
        if let track = files.first(where: { $0.language == nil && $0.title == nil }) { return track.id }
        if let userLanguage, let track = files.first(where: { $0.language == userLanguage }) { return track.id }
        return nil
    }

    private static func usable(_ choice: SubtitleChoice?, in tracks: [MediaTrack]) -> SubtitleChoice? {
        switch choice {
        case .off?: return .off
        case .track(let id)? where tracks.contains(where: { $0.id == id }): return choice
        default: return nil
        }
    }
}
