/// Turns a PATH argument into a file path: desktop launchers pass `file://` URIs (the `%U` of a .desktop file).
public enum PathArgument {
    /// The local path a `file:` URI names, percent-escapes decoded; any other argument is returned unchanged.
    ///
    /// `file:///a/b`, `file://localhost/a/b` and `file:/a/b` all give `/a/b`. A URI for another host, or one
    /// with a malformed or NUL escape, is returned as given, so the error names what the user passed.
    /// Escaped bytes that are not UTF-8 (`caf%E9.mp4`) give a `PathBytes` string that opens that very file.
    public static func path(fromArgument argument: String) -> String {
        guard argument.count > 5, argument.prefix(5).lowercased() == "file:" else { return argument }
        var rest = Substring(argument.dropFirst(5))
        // Query and fragment are not part of the path; a literal # or ? in a file name arrives escaped.
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if rest.hasPrefix("//") {
            let authority = rest.dropFirst(2).prefix { $0 != "/" }
            guard authority.isEmpty || authority.lowercased() == "localhost" else { return argument }
            rest = rest.dropFirst(2 + authority.count)
        }
        guard rest.hasPrefix("/"), let decoded = percentDecoded(rest) else { return argument }
        return decoded
    }

    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        // An argument is itself a mapped path string: escape its raw bytes back before adding decoded ones.
        var utf8 = PathBytes.encode(String(text))[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard utf8.count >= 2, let high = hexValue(utf8.popFirst()!), let low = hexValue(utf8.popFirst()!) else {
                return nil
            }
            let value = high << 4 | low
            guard value != 0 else { return nil }
            bytes.append(value)
        }
        // `%E9` in a Latin-1 name is a byte, not a character: PathBytes keeps it exactly.
        return PathBytes.decode(bytes)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
