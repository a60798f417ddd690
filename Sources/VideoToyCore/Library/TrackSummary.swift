/// The part of a row's metadata line that names a file's soundtracks and subtitles, such as
/// "2 audio (en, fr) · subtitles en, fr".
public enum TrackSummary {
    /// The line for a file with these audio and embedded subtitle streams (one language, or nil, per stream, in
    /// stream order) and these subtitle files beside it (in `SidecarFiles` order); nil when there is nothing to choose
    /// between: one soundtrack or none, and no subtitles. A language both embedded and beside the file is named once,
    /// where it comes first.
    public static func line(audio: [Language?], subtitles: [Language?], sidecars: [Language?] = []) -> String? {
        let subtitles = subtitles + sidecars
        var parts: [String] = []
        if audio.count > 1 {
            let known = codes(audio)
            // Unknown languages are counted but not named: "3 audio (en, fr)" says one of them is untagged.
            parts.append("\(audio.count) audio" + (known.isEmpty ? "" : " (\(known))"))
        }
        if !subtitles.isEmpty {
            let known = codes(subtitles)
            parts.append("subtitles" + (known.isEmpty ? "" : " \(known)"))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The known languages, each once, in stream order, by their short codes.
    private static func codes(_ languages: [Language?]) -> String {
        var seen: [Language] = []
        for case let language? in languages where !seen.contains(language) { seen.append(language) }
        return seen.map(\.shortCode).joined(separator: ", ")
    }
}
