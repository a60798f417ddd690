/// Writes a show as an XSPF playlist (https://xspf.org/spec), the format VLC and Kodi open.
public enum XSPFWriter {
    /// The XSPF namespace.
    static let namespace = "http://xspf.org/ns/0/"
    /// The `application` of VideoToy's `extension` elements, and the namespace of their children.
    static let application = "https://videotoy.app/xspf/1"
    /// The `TrackChoice.encoded` keys carried as `vt:` elements, in the order they are written.
    static let choiceKeys = ["audio", "subtitles", "encoding"]

    /// The playlist for `show`, titled `title` when given: the same show always gives the same text.
    public static func document(_ show: Show, title: String?) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<playlist version="1" xmlns="\#(namespace)" xmlns:vt="\#(application)">"#,
        ]
        if let title, !title.isEmpty { lines.append("  <title>\(DIDLLite.escaped(title))</title>") }
        lines.append("  <trackList>")
        for entry in show.entries { lines += track(entry) }
        lines.append("  </trackList>")
        lines.append(#"  <extension application="\#(application)">"#)
        lines.append("    <vt:auto-advance>\(show.autoAdvance)</vt:auto-advance>")
        lines.append("  </extension>")
        lines.append("</playlist>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func track(_ entry: ShowEntry) -> [String] {
        var lines = ["    <track>", "      <location>\(DIDLLite.escaped(location(of: entry.path)))</location>"]
        if !entry.title.isEmpty { lines.append("      <title>\(DIDLLite.escaped(entry.title))</title>") }
        if let duration = entry.durationMs, duration >= 0 { lines.append("      <duration>\(duration)</duration>") }
        let choices = choiceValues(entry.tracks)
        if !choices.isEmpty {
            lines.append(#"      <extension application="\#(application)">"#)
            for (key, value) in choices { lines.append("        <vt:\(key)>\(DIDLLite.escaped(value))</vt:\(key)>") }
            lines.append("      </extension>")
        }
        lines.append("    </track>")
        return lines
    }

    /// Each `key=value` line of the choice's settings spelling, so the reader rebuilds that spelling and
    /// `TrackChoice(encoded:)` stays the only parser of it.
    private static func choiceValues(_ choice: TrackChoice?) -> [(String, String)] {
        guard let choice, !choice.isEmpty else { return [] }
        // Split as `TrackChoice(encoded:)` splits, by Character, so both agree on what a line is.
        let parts = choice.encoded.split(separator: "\n").compactMap { (part: Substring) -> (String, String)? in
            guard let equals = part.firstIndex(of: "=") else { return nil }
            return (String(part[..<equals]), String(part[part.index(after: equals)...]))
        }
        return choiceKeys.compactMap { key in parts.first { $0.0 == key } }
    }

    /// The `file://` URI of an absolute path; a relative path stays a relative reference, which readers resolve
    /// against the playlist's folder.
    static func location(of path: String) -> String {
        path.hasPrefix("/") ? "file://" + percentEncoded(path) : percentEncoded(path)
    }

    /// The path's bytes on disk (`PathBytes`, so a Latin-1 name is written as its own bytes), every one but the
    /// unreserved characters of RFC 3986 and `/` as `%XX`.
    static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        for byte in PathBytes.encode(path) {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.append(byte)
            default:
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
