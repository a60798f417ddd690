import Foundation

/// What the user typed in the search bar: words that must all appear in a row's name or folder, in any order,
/// ignoring case and accents ("cafe" finds "Café").
public struct SearchQuery: Sendable, Equatable {
    /// The text as typed.
    public let text: String
    private let terms: [[UInt8]]

    /// Parses `text`; blank text matches everything.
    public init(_ text: String) {
        self.text = text
        terms = SearchKey.fold(text).split(separator: UInt8(ascii: " ")).map(Array.init)
    }

    /// True when the query matches every row.
    public var isEmpty: Bool { terms.isEmpty }

    /// Whether every row this query matches is one `other` matches too: each of `other`'s words lies within one
    /// of this query's ("cl" after "c"), so a search can narrow the previous results instead of the library.
    public func narrows(_ other: SearchQuery) -> Bool {
        !other.isEmpty && other.terms.allSatisfy { old in terms.contains { SearchKey.contains(old, in: $0) } }
    }

    /// Whether the item with this key is shown.
    public func matches(_ key: SearchKey) -> Bool {
        terms.allSatisfy { key.contains($0) }
    }
}

/// An item's name and folder folded for search, made once per item and kept.
public struct SearchKey: Sendable, Equatable {
    private let bytes: [UInt8]

    /// The key of `item`: its name and its folder.
    public init(_ item: LibraryItem) {
        bytes = SearchKey.fold(item.name + " " + item.folder)
    }

    /// Lowercase, without accents, with every run of white space one space, as UTF-8.
    static func fold(_ text: String) -> [UInt8] {
        // Most names are plain ASCII: folding those byte by byte is many times faster than Foundation's folding,
        // which the first search of a large library would otherwise pay for every row.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var out: [UInt8] = []
            out.reserveCapacity(text.utf8.count)
            for byte in text.utf8 {
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    if out.last != UInt8(ascii: " ") { out.append(UInt8(ascii: " ")) }
                } else {
                    out.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
                }
            }
            return out
        }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var out: [UInt8] = []
        out.reserveCapacity(folded.utf8.count)
        for scalar in folded.unicodeScalars {
            if scalar.properties.isWhitespace {
                if out.last != UInt8(ascii: " ") { out.append(UInt8(ascii: " ")) }
            } else if scalar.isASCII {
                out.append(UInt8(scalar.value))
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// Whether `term` (folded) occurs in the key.
    func contains(_ term: [UInt8]) -> Bool { Self.contains(term, in: bytes) }

    /// Whether `term` occurs in `bytes`.
    static func contains(_ term: [UInt8], in bytes: [UInt8]) -> Bool {
        guard let first = term.first, term.count <= bytes.count else { return term.isEmpty }
        let last = bytes.count - term.count
        var start = 0
        while start <= last {
            guard let hit = bytes[start...last].firstIndex(of: first) else { return false }
            if bytes[hit..<hit + term.count].elementsEqual(term) { return true }
            start = hit + 1
        }
        return false
    }
}
