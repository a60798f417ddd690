/// Turns a PATH argument into a file path: desktop launchers pass `file://` URIs (the `%U` of a .desktop file).
public enum PathArgument {
    /// The local path a `file:` URI names, percent-escapes decoded; any other argument is returned unchanged.
    ///
    /// `file:///a/b`, `file://localhost/a/b` and `file:/a/b` all give `/a/b`. A URI for another host, or one
    /// with a malformed or NUL escape, is returned as given, so the error names what the user passed.
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
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard utf8.count >= 2, let high = hexValue(utf8.popFirst()!), let low = hexValue(utf8.popFirst()!) else {
                return nil
            }
            let value = high << 4 | low
            guard value != 0 else { return nil }
            bytes.append(value)
        }
        // Swift strings are Unicode: a name that is not UTF-8 cannot be represented, so the argument stays as given.
        return String(validating: bytes, as: UTF8.self)
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
