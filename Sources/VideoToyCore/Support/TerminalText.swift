/// Text from outside (file names, device descriptions, D-Bus and sound-server strings) made safe to print.
///
/// A file name can hold any byte but `/` and NUL: an escape sequence in one would, printed raw, recolour the
/// terminal, move the cursor, retitle the window or overwrite the lines before it. Every control character is
/// shown as a visible escape instead (`\x1b`, `\n`, `\u{202e}`), so the person reading sees what the name holds.
public enum TerminalText {
    /// `text` with C0 and C1 control characters, DEL, and the characters that reorder or break lines, escaped;
    /// `keepingLineBreaks` lets line feeds through, for reports made of several lines.
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepingLineBreaks) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let hex = String(scalar.value, radix: 16)
                out += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, _ keepingLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: return !keepingLineBreaks
        case 0x00..<0x20, 0x7F, 0x80..<0xA0: return true
        // Bidirectional overrides and isolates show text in another order than it is; separators break lines.
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
