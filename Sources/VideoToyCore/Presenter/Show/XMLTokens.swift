/// One piece of an XML document as `XMLTokens` reads it; names lose their namespace prefix.
enum XMLToken: Equatable {
    /// A start tag, `empty` when it closes itself (`<a/>`); attributes by local name, values with entities resolved.
    case open(name: String, attributes: [String: String], empty: Bool)
    /// An end tag.
    case close(name: String)
    /// Character data with entities resolved and line ends made `\n`; a CDATA section's text as it is.
    case text(String)
}

/// A tolerant XML tokenizer for untrusted bytes: it never fails and reads each byte a bounded number of times.
///
/// It is what a playlist needs, not a validating parser. Comments, processing instructions and declarations
/// (DOCTYPE with its internal subset) are skipped; a `<` that starts no markup is text; invalid UTF-8 becomes
/// U+FFFD. Nesting is the caller's business: tokens come flat. Where the input ends inside markup, `unfinished`
/// says on which line that markup began.
struct XMLTokens {
    private let bytes: [UInt8]
    private var offset = 0
    private var counted = 0
    private var countedLines = 1
    /// The 1-based line where the last token returned began.
    private(set) var line = 1
    /// The line where markup began that the input ended inside of; nil while none did.
    private(set) var unfinished: Int?

    /// Tokens of `bytes`, a UTF-8 byte order mark skipped.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// The next token, or nil at the end of the input.
    mutating func next() -> XMLToken? {
        while offset < bytes.count {
            let start = offset
            line = lineNumber(at: start)
            guard bytes[start] == UInt8(ascii: "<") else {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
                offset = end
                return .text(text(start..<end))
            }
            let kind = start + 1 < bytes.count ? bytes[start + 1] : 0
            if kind == UInt8(ascii: "!") {
                if matches("<!--", at: start) {
                    guard skip(past: "-->", from: start + 4) else { return nil }
                } else if matches("<![CDATA[", at: start) {
                    guard let end = find("]]>", from: start + 9) else { return nil }
                    offset = end + 3
                    return .text(raw(start + 9..<end))
                } else {
                    guard skipDeclaration(from: start + 2) else { return nil }
                }
            } else if kind == UInt8(ascii: "?") {
                guard skip(past: "?>", from: start + 2) else { return nil }
            } else if kind == UInt8(ascii: "/") {
                let nameEnd = nameEnd(from: start + 2)
                guard let close = bytes[nameEnd...].firstIndex(of: UInt8(ascii: ">")) else { return ended() }
                offset = close + 1
                return .close(name: localName(start + 2..<nameEnd))
            } else if start + 1 < bytes.count, Self.startsName(kind) {
                return startTag(from: start)
            } else if start + 1 >= bytes.count {
                return ended()
            } else {
                offset = start + 1
                return .text("<")
            }
        }
        return nil
    }

    /// The line the input ends on.
    mutating func lastLine() -> Int { lineNumber(at: bytes.count) }

    private mutating func startTag(from start: Int) -> XMLToken? {
        let nameEnd = nameEnd(from: start + 1)
        var attributes: [String: String] = [:]
        var index = nameEnd
        while true {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return ended() }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                offset = index + 1
                return .open(name: localName(start + 1..<nameEnd), attributes: attributes, empty: false)
            }
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
                offset = index + 2
                return .open(name: localName(start + 1..<nameEnd), attributes: attributes, empty: true)
            }
            let attributeStart = index
            while index < bytes.count, !Self.isSpace(bytes[index]), !"=>/".utf8.contains(bytes[index]) { index += 1 }
            let attributeName = attributeStart..<index
            // A stray `/` or `=` names nothing: stepping over it keeps the loop moving.
            if attributeName.isEmpty { index += 1 }
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            var value = ""
            if !attributeName.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count else { return ended() }
                let quote = bytes[index]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    guard let close = bytes[(index + 1)...].firstIndex(of: quote) else { return ended() }
                    value = text(index + 1..<close)
                    index = close + 1
                } else {
                    let valueStart = index
                    while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    value = text(valueStart..<index)
                }
            }
            if !attributeName.isEmpty { attributes[localName(attributeName)] = value }
        }
    }

    /// Skips `<!…>`: quoted strings, comments and a bracketed internal subset may hold `>`.
    private mutating func skipDeclaration(from start: Int) -> Bool {
        var depth = 0
        var quote: UInt8?
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "<"), matches("<!--", at: index) {
                guard let end = find("-->", from: index + 4) else { return false }
                index = end + 3
                continue
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            } else if byte == UInt8(ascii: ">"), depth == 0 {
                offset = index + 1
                return true
            }
            index += 1
        }
        _ = ended()
        return false
    }

    private mutating func skip(past pattern: String, from start: Int) -> Bool {
        guard let end = find(pattern, from: start) else { return false }
        offset = end + pattern.utf8.count
        return true
    }

    /// Where `pattern` starts at or after `start`; nil, and the input marked as ending inside markup, when nowhere.
    private mutating func find(_ pattern: String, from start: Int) -> Int? {
        let first = pattern.utf8.first!
        var index = start
        while index < bytes.count {
            guard let candidate = bytes[index...].firstIndex(of: first) else { break }
            if matches(pattern, at: candidate) { return candidate }
            index = candidate + 1
        }
        _ = ended()
        return nil
    }

    private mutating func ended() -> XMLToken? {
        unfinished = line
        offset = bytes.count
        return nil
    }

    private func matches(_ pattern: String, at index: Int) -> Bool {
        bytes.count - index >= pattern.utf8.count && bytes[index..<(index + pattern.utf8.count)].elementsEqual(pattern.utf8)
    }

    private func nameEnd(from start: Int) -> Int {
        var index = start
        while index < bytes.count, !Self.isSpace(bytes[index]), !"/>".utf8.contains(bytes[index]) { index += 1 }
        return index
    }

    private func localName(_ range: Range<Int>) -> String {
        let name = bytes[range]
        let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
        return String(decoding: local, as: UTF8.self)
    }

    /// Counts line feeds up to `index`; tokens come in order, so every byte is counted once.
    private mutating func lineNumber(at index: Int) -> Int {
        if index > counted {
            countedLines += bytes[counted..<index].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            counted = index
        }
        return countedLines
    }

    /// Character data: entity and character references resolved, line ends normalised as XML does.
    private func text(_ range: Range<Int>) -> String {
        var result = ""
        var segment = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == UInt8(ascii: "&"), let reference = XMLEntities.reference(in: bytes, at: index, before: range.upperBound) {
                result += raw(segment..<index)
                result += reference.text
                index = reference.end
                segment = reference.end
            } else {
                index += 1
            }
        }
        return result + raw(segment..<range.upperBound)
    }

    /// Bytes as text, invalid UTF-8 repaired and CR LF or a lone CR made LF.
    private func raw(_ range: Range<Int>) -> String {
        let slice = bytes[range]
        guard slice.contains(0x0D) else { return String(decoding: slice, as: UTF8.self) }
        var normalised: [UInt8] = []
        normalised.reserveCapacity(slice.count)
        for index in range where bytes[index] != 0x0D || index + 1 >= range.upperBound || bytes[index + 1] != 0x0A {
            normalised.append(bytes[index] == 0x0D ? 0x0A : bytes[index])
        }
        return String(decoding: normalised, as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// A name may start with a letter, `_`, `:` or any non-ASCII byte (a UTF-8 lead byte).
    private static func startsName(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
            || byte >= 0x80
    }
}
