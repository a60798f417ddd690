/// Turns subtitle text marked up for Pango (what GStreamer's subtitle parsers give) into the plain text a view shows.
///
/// Parsers do not always give valid markup (a Matroska SubRip cue with tags keeps a bare "&" or "<"), so this reads
/// leniently: a "<" opens a tag only when a letter or "/" follows and a ">" closes it, and an "&" that starts no known
/// entity is text.
public enum SubtitleMarkup {
    /// `text` without its tags and ASS override blocks, with the five XML entities and numeric references read.
    public static func plainText(pango text: String) -> String {
        let characters = Array(text)
        var plain = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "<", let end = tagEnd(characters, from: index) {
                index = end + 1
            } else if character == "{", index + 1 < characters.count, characters[index + 1] == "\\",
                let close = characters[index...].firstIndex(of: "}")
            {
                index = close + 1
            } else if character == "&", let (decoded, end) = entity(characters, from: index) {
                plain += decoded
                index = end + 1
            } else {
                plain.append(character)
                index += 1
            }
        }
        return plain
    }

    private static func tagEnd(_ characters: [Character], from start: Int) -> Int? {
        guard start + 1 < characters.count, characters[start + 1].isLetter || characters[start + 1] == "/" else { return nil }
        return characters[(start + 1)...].firstIndex(of: ">")
    }

    private static func entity(_ characters: [Character], from start: Int) -> (String, Int)? {
        guard let end = characters[start...].prefix(12).firstIndex(of: ";") else { return nil }
        let name = String(characters[(start + 1)..<end])
        switch name {
        case "amp": return ("&", end)
        case "lt": return ("<", end)
        case "gt": return (">", end)
        case "quot": return ("\"", end)
        case "apos": return ("'", end)
        default:
            let hex = name.hasPrefix("#x") || name.hasPrefix("#X")
            guard name.hasPrefix("#"), let value = UInt32(name.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10),
                let scalar = Unicode.Scalar(value)
            else { return nil }
            return (String(Character(scalar)), end)
        }
    }
}
