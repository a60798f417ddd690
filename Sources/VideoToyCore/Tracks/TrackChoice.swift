/// The tracks the user picked for one file, remembered next to its resume position; a kind left nil was not picked.
public struct TrackChoice: Hashable, Sendable {
    /// The soundtrack picked.
    public var audio: TrackID?
    /// The subtitles picked, or `.off`.
    public var subtitles: SubtitleChoice?

    /// A choice of either kind or both.
    public init(audio: TrackID? = nil, subtitles: SubtitleChoice? = nil) {
        self.audio = audio
        self.subtitles = subtitles
    }

    /// True when nothing was picked.
    public var isEmpty: Bool { audio == nil && subtitles == nil }

    /// Records a pick of `kind`: a track, or nil for no subtitles (a soundtrack cannot be turned off).
    public mutating func pick(_ kind: TrackKind, _ id: TrackID?) {
        switch kind {
        case .audio: if let id { audio = id }
        case .subtitles: subtitles = id.map { .track($0) } ?? .off
        }
    }

    /// The settings file's spelling, the picked kinds only, one per line ("audio=audio/1", "subtitles=off"): a
    /// subtitle file's name may hold spaces and semicolons, but hardly a line break.
    public var encoded: String {
        var parts: [String] = []
        if let audio { parts.append("audio=\(audio)") }
        switch subtitles {
        case .off?: parts.append("subtitles=off")
        case .track(let id)?: parts.append("subtitles=\(id)")
        case nil: break
        }
        return parts.joined(separator: "\n")
    }

    /// Reads what `encoded` writes; unknown parts are ignored, so a newer file never breaks an older reader.
    public init(encoded text: String) {
        for part in text.split(separator: "\n") {
            guard let equals = part.firstIndex(of: "=") else { continue }
            let key = part[..<equals], value = String(part[part.index(after: equals)...])
            switch key {
            case "audio": audio = TrackID(value).flatMap { $0.kind == .audio ? $0 : nil }
            case "subtitles":
                if value == "off" {
                    subtitles = .off
                } else if let id = TrackID(value), id.kind == .subtitles {
                    subtitles = .track(id)
                }
            default: break
            }
        }
    }
}
