/// Turns subtitle text marked up for Pango (what GStreamer's subtitle parsers give) into the plain text a view shows.
public enum SubtitleMarkup {
    /// `text` without its tags, with the five XML entities and numeric character references read.
    public static func plainText(pango text: String) -> String {
        var plain = ""
        var inTag = false
        var entity: String?
        for character in text {
            if var pending = entity {
                if character == ";" {
                    plain += decode(entity: pending) ?? "&\(pending);"
                    entity = nil
                } else if pending.count < 10, character != "&", character != "<" {
                    pending.append(character)
                    entity = pending
                } else {
                    plain += "&" + pending
                    entity = nil
                    if character == "<" { inTag = true } else { plain.append(character) }
                }
                continue
            }
            switch character {
            case "<" where !inTag: inTag = true
            case ">" where inTag: inTag = false
            case "&" where !inTag: entity = ""
            default: if !inTag { plain.append(character) }
            }
        }
        if let entity { plain += "&" + entity }
        return plain
    }

    private static func decode(entity: String) -> String? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
            guard entity.hasPrefix("#"), let value = UInt32(entity.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10),
                let scalar = Unicode.Scalar(value)
            else { return nil }
            return String(Character(scalar))
        }
    }
}
