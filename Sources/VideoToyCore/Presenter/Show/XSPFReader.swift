/// Reads a show from an XSPF playlist (https://xspf.org/spec) made by VideoToy, VLC, Kodi or anything else.
///
/// The bytes are untrusted: whatever the file holds, reading ends without trapping, in time and memory bounded by
/// its size, which is itself bounded. The XML is read tolerantly (see `XMLTokens`); what matters is the
/// `playlist` root, its tracks' locations, titles and durations, and VideoToy's own extensions.
public enum XSPFReader {
    /// Largest playlist read, in bytes: a thousand tracks with long paths take a small part of it.
    public static let maximumBytes = 4 * 1024 * 1024
    /// Deepest element nesting read; XSPF needs five levels, and a bound keeps hostile files from costing more.
    public static let maximumDepth = 64

    /// What each open element is to the reader, decided from its parent's role and its own name.
    private enum Role: Equatable {
        case playlist, trackList, track, location, title, duration, trackExtension, playlistExtension, autoAdvance, other
        case choice(String)

        /// The role of a child named `name` with `attributes`.
        func child(_ name: String, _ attributes: [String: String]) -> Role {
            let ours =
                name == "extension" && attributes["application"].map { XSPFTrackFields.trimmed($0) == XSPFWriter.application } == true
            switch self {
            case .playlist: return name == "trackList" ? .trackList : ours ? .playlistExtension : .other
            case .trackList: return name == "track" ? .track : .other
            case .track:
                switch name {
                case "location": return .location
                case "title": return .title
                case "duration": return .duration
                default: return ours ? .trackExtension : .other
                }
            case .trackExtension: return XSPFWriter.choiceKeys.contains(name) ? .choice(name) : .other
            case .playlistExtension: return name == "auto-advance" ? .autoAdvance : .other
            default: return .other
            }
        }

        /// Whether the element's own text is wanted.
        var keepsText: Bool {
            switch self {
            case .location, .title, .duration, .choice, .autoAdvance: true
            default: false
            }
        }
    }

    /// The show in `bytes`, a playlist read from `file` (relative locations are resolved against its folder).
    public static func read(_ bytes: [UInt8], file: String) throws(XSPFProblem) -> XSPFRead {
        guard bytes.count <= maximumBytes else { throw .tooLarge }
        var tokens = XMLTokens(bytes)
        var open: [(name: String, role: Role, line: Int)] = []
        var rootSeen = false
        var text = ""
        var track = XSPFTrackFields()
        var entries: [ShowEntry] = []
        var skipped = 0
        var autoAdvance = false

        func close() {
            guard let element = open.popLast() else { return }
            switch element.role {
            case .location: track.locations.append(text)
            case .title: track.title = track.title ?? text
            case .duration: track.duration = track.duration ?? text
            case .choice(let key): track.choices[key] = track.choices[key] ?? text
            case .autoAdvance: autoAdvance = XSPFTrackFields.trimmed(text) == "true"
            case .track:
                if entries.count < Show.capacity, let entry = track.entry(playlistFile: file) {
                    entries.append(entry)
                } else {
                    skipped += 1
                }
            default: break
            }
        }

        reading: while let token = tokens.next() {
            switch token {
            case .text(let content):
                guard rootSeen else {
                    // Only markup and white space may come before the root: anything else is not XML at all.
                    if !content.allSatisfy(\.isWhitespace) { throw .notAPlaylist }
                    continue
                }
                if open.last?.role.keepsText == true { text += content }
            case .open(let name, let attributes, let empty):
                let role: Role
                if let parent = open.last {
                    guard open.count < maximumDepth else { throw .damaged(line: tokens.line) }
                    role = parent.role.child(name, attributes)
                } else {
                    guard name == "playlist" else { throw .notAPlaylist }
                    rootSeen = true
                    role = .playlist
                }
                if role.keepsText { text = "" }
                if role == .track { track = XSPFTrackFields() }
                open.append((name, role, tokens.line))
                if empty { close() }
                if open.isEmpty { break reading }
            case .close(let name):
                // A tolerant end tag: it closes the nearest open element of its name and those inside it, and an
                // end tag nothing matches is ignored.
                guard let index = open.lastIndex(where: { $0.name == name }) else { continue }
                while open.count > index { close() }
                if open.isEmpty { break reading }
            }
        }
        if let element = open.last { throw .damaged(line: tokens.unfinished ?? element.line) }
        if !rootSeen { throw .damaged(line: tokens.unfinished ?? tokens.lastLine()) }
        return XSPFRead(show: Show(entries: entries, autoAdvance: autoAdvance, file: file), skipped: skipped)
    }
}
