/// Fills a translated C-format string (`%s`, `%d`, `%1$s`, `%%`) with arguments, never trapping on a bad catalogue.
public enum TextFormat {
    /// `format` with each directive replaced by its argument; a directive without an argument becomes empty.
    public static func fill(_ format: String, _ arguments: [any TextArgument]) -> String {
        guard format.contains("%") else { return format }
        let scalars = Array(format.unicodeScalars)
        var result = String.UnicodeScalarView()
        var next = 0
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "%", index + 1 < scalars.count else {
                result.append(scalar)
                index += 1
                continue
            }
            if scalars[index + 1] == "%" {
                result.append("%")
                index += 2
                continue
            }
            // An optional position "N$", then a conversion: catalogues reorder arguments with positions.
            var cursor = index + 1
            var position = 0
            while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) {
                // Saturates: a position past any argument fills nothing, however many digits it has.
                position = min(position * 10 + Int(scalars[cursor].value - 48), 1_000)
                cursor += 1
            }
            var argumentIndex: Int
            if position > 0, cursor < scalars.count, scalars[cursor] == "$" {
                argumentIndex = position - 1
                cursor += 1
            } else {
                cursor = index + 1
                argumentIndex = next
                next += 1
            }
            guard cursor < scalars.count, scalars[cursor] == "s" || scalars[cursor] == "d" else {
                result.append(scalar)
                index += 1
                continue
            }
            if arguments.indices.contains(argumentIndex) {
                result.append(contentsOf: arguments[argumentIndex].textValue.unicodeScalars)
            }
            index = cursor + 1
        }
        return String(result)
    }
}

/// A value that can fill a directive of a translated string.
public protocol TextArgument: Sendable {
    /// The text put in place of the directive.
    var textValue: String { get }
}

extension String: TextArgument {
    /// The string itself.
    public var textValue: String { self }
}

extension Substring: TextArgument {
    /// The substring as a string.
    public var textValue: String { String(self) }
}

extension Int: TextArgument {
    /// The decimal digits, as C's `%d` prints them.
    public var textValue: String { String(self) }
}
