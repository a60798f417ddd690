/// The tracks the user picked for one file, remembered next to its resume position; a kind left nil was not picked.
public struct TrackChoice: Hashable, Sendable {
    /// The soundtrack picked.
    public var audio: TrackID?
    /// The subtitles picked, or `.off`.
    public var subtitles: SubtitleChoice?
    /// The character encoding forced for the video's subtitle files; nil detects it.
    public var encoding: TextEncoding?

    /// A choice of either kind or both, and maybe an encoding.
    public init(audio: TrackID? = nil, subtitles: SubtitleChoice? = nil, encoding: TextEncoding? = nil) {
        self.audio = audio
        self.subtitles = subtitles
        self.encoding = encoding
    }

    /// True when nothing was picked.
    public var isEmpty: Bool { audio == nil && subtitles == nil && encoding == nil }

    /// Records a pick of `kind`: a track, or nil for no subtitles (a soundtrack cannot be turned off).
    public mutating func pick(_ kind: TrackKind, _ id: TrackID?) {
        switch kind {
        case .audio: if let id { audio = id }
        case .subtitles: subtitles = id.map { .track($0) } ?? .off
        }
    }

    /// The settings file's spelling, the picked kinds only, one per line ("audio=audio/1", "subtitles=off"): a
    /// subtitle file's name may hold spaces, semicolons and `=`, and a line break or backslash in it is written `\n`
    /// or `\\`.
    public var encoded: String {
        var parts: [String] = []
        if let audio { parts.append("audio=\(audio)") }
        switch subtitles {
        case .off?: parts.append("subtitles=off")
        case .track(let id)?: parts.append("subtitles=" + Self.escape("\(id)"))
        case nil: break
        }
        if let encoding { parts.append("encoding=\(encoding.rawValue)") }
        return parts.joined(separator: "\n")
    }

    private static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// What `escape` undoes; any other backslash is kept as it is, as files written before the escaping have it.
    private static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var pending = false
        for character in text {
            if pending {
                result += character == "n" ? "\n" : character == "\\" ? "\\" : "\\" + String(character)
                pending = false
            } else if character == "\\" {
                pending = true
            } else {
                result.append(character)
            }
        }
        return pending ? result + "\\" : result
    }

    /// Reads what `encoded` writes; unknown parts are ignored, so a newer file never breaks an older reader.
    public init(encoded text: String) {
        for part in text.split(separator: "\n") {
            guard let equals = part.firstIndex(of: "=") else { continue }
            let key = part[..<equals], value = Self.unescape(String(part[part.index(after: equals)...]))
            switch key {
            case "audio": audio = TrackID(value).flatMap { $0.kind == .audio ? $0 : nil }
            case "subtitles":
                if value == "off" {
                    subtitles = .off
                } else if let id = TrackID(value), id.kind == .subtitles {
                    subtitles = .track(id)
                }
            case "encoding": encoding = TextEncoding(rawValue: value)
            default: break
            }
        }
    }
}
