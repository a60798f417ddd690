/// What one XSPF `<track>` said, gathered while it is read, and the show entry it makes.
struct XSPFTrackFields {
    /// Longest title kept, in characters: a title is a row of a list, not a document.
    static let longestTitle = 500
    /// Longest duration believed, in milliseconds (over 115 days).
    static let longestDurationMs = 10_000_000_000

    /// Every `<location>`, in order: XSPF allows several, and the first local file among them is used.
    var locations: [String] = []
    /// The first `<title>`.
    var title: String?
    /// The first `<duration>`.
    var duration: String?
    /// VideoToy's extension values by `TrackChoice.encoded` key.
    var choices: [String: String] = [:]

    /// The entry for this track, paths relative to the playlist `file`'s folder; nil when no location names a
    /// local file.
    func entry(playlistFile file: String) -> ShowEntry? {
        guard let path = locations.lazy.compactMap({ Self.path(of: $0, playlistFile: file) }).first else { return nil }
        let trimmedTitle = title.map { String(Self.trimmed($0).prefix(Self.longestTitle)) }
        return ShowEntry(
            path: path, title: trimmedTitle?.isEmpty == false ? trimmedTitle : nil, durationMs: duration.flatMap(Self.milliseconds),
            tracks: trackChoice)
    }

    /// The choice rebuilt as the `key=value` lines `TrackChoice(encoded:)` reads; a value holding a line break
    /// would smuggle in a line of its own, so it is dropped.
    private var trackChoice: TrackChoice? {
        let lines = XSPFWriter.choiceKeys.compactMap { key in
            choices[key].flatMap { $0.contains("\n") ? nil : "\(key)=\($0)" }
        }
        guard !lines.isEmpty else { return nil }
        let choice = TrackChoice(encoded: lines.joined(separator: "\n"))
        return choice.isEmpty ? nil : choice
    }

    /// The local path a location names: a `file:` URI, or a reference without a scheme resolved against the
    /// playlist's folder; nil for other schemes, other hosts and malformed escapes.
    static func path(of location: String, playlistFile file: String) -> String? {
        let location = String(trimmed(location))
        guard !location.isEmpty else { return nil }
        if let scheme = scheme(of: location) {
            guard scheme.lowercased() == "file" else { return nil }
            let path = PathArgument.path(fromArgument: location)
            // PathArgument gives back what it cannot read as it was, which starts with `file:`.
            return path.hasPrefix("/") ? path : nil
        }
        // `//host/…` is a reference to another host, never a local file.
        guard !location.hasPrefix("//") else { return nil }
        let folder = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? ""
        let absolute = location.hasPrefix("/") ? location : XSPFWriter.percentEncoded(folder) + "/" + location
        let path = PathArgument.path(fromArgument: "file:" + (absolute.hasPrefix("/") ? absolute : "/" + absolute))
        return path.hasPrefix("/") ? withoutDotSegments(path) : nil
    }

    /// The URI scheme `text` starts with (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`, then `:`).
    private static func scheme(of text: String) -> Substring? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return nil }
        let allowed = scheme.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
        return allowed ? scheme : nil
    }

    /// `/a/./b/../c` as `/a/c`: a relative location climbs out of the playlist's folder with `..`.
    private static func withoutDotSegments(_ path: String) -> String {
        var kept: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": _ = kept.popLast()
            default: kept.append(segment)
            }
        }
        return "/" + kept.joined(separator: "/")
    }

    /// Whole milliseconds written in decimal digits, at most `longestDurationMs`; nil for anything else.
    static func milliseconds(_ text: String) -> Int? {
        let digits = trimmed(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        // Leading zeros aside, more than 11 digits is over the limit: Int never sees a number it cannot hold.
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 11, let value = Int(significant.isEmpty ? "0" : significant) else { return nil }
        return value <= longestDurationMs ? value : nil
    }

    /// `text` without white space at either end: other tools indent the values of a pretty-printed playlist.
    static func trimmed(_ text: String) -> Substring {
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text[start...].lastIndex { !$0.isWhitespace }.map { text.index(after: $0) } ?? start
        return text[start..<end]
    }
}
