/// The `[Events]` Format line of an ASS or SSA script: which field of an event holds what. As libass reads it, Text
/// takes the rest of the line wherever it stands (names after it are never read), a name it does not know takes a
/// field and is ignored, and an event with fewer fields than the names before Text has no text.
///
/// Only the names before Text are kept, at most `largestFieldCount` of them, so reading an event splits it at most
/// that many times however many commas it holds.
public struct ASSEventFormat: Hashable, Sendable {
    /// An event's fields by their names: its times when it is a script's `Dialogue:` line, its style and its text.
    public struct Event: Hashable, Sendable {
        /// Start, in milliseconds; nil in a Matroska block, whose times are the block's.
        public let startMs: Int?
        /// End, in milliseconds; nil in a Matroska block.
        public let endMs: Int?
        /// The style the event names, trimmed; empty when the format has no Style field.
        public let style: Substring
        /// Text: everything after the field before it, commas included.
        public let text: Substring
    }

    /// The names before Text, lowercased and trimmed, or nil when the line names no Text (within the bound).
    private let leading: [String]?

    /// What libass takes when a script has no Format line in `[Events]` (SSA's first field is "Marked").
    public static let standard = ASSEventFormat(line: "Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text")

    /// More fields before Text than any writer uses; a Format line past it names no Text the parser reads.
    public static let largestFieldCount = 64

    /// Reads the value of a Format line: names split at commas, white space around them dropped, case ignored.
    public init(line: Substring) {
        var names: [String] = []
        for name in line.split(separator: ",", maxSplits: Self.largestFieldCount + 1, omittingEmptySubsequences: false) {
            let lowered = name.trimmingWhitespace().lowercased()
            if lowered == "text" {
                leading = names
                return
            }
            guard names.count < Self.largestFieldCount else { break }
            names.append(lowered)
        }
        leading = nil
    }

    /// A script's `Dialogue:` line (the value after its colon) by these names; nil when the format names no Text or
    /// no Start and End, the line has too few fields, or a time is unreadable.
    public func dialogue(_ value: Substring) -> Event? {
        guard let leading, leading.contains("start"), leading.contains("end"),
            let (fields, text) = Self.split(value, count: leading.count),
            let start = field("start", in: fields).flatMap(CueClock.milliseconds),
            let end = field("end", in: fields).flatMap(CueClock.milliseconds)
        else { return nil }
        return Event(startMs: start, endMs: end, style: field("style", in: fields) ?? "", text: text)
    }

    /// A Matroska block of the track, as libass reads one: ReadOrder and Layer, then the fields these names give after
    /// their first three (Layer or Marked, Start and End, whose values are the block's own). mkvmerge and FFmpeg
    /// write `ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text` for the standard names.
    ///
    /// Nil for text that is no such block: too few fields, no Text, or no number where ReadOrder goes, and anything
    /// but nothing or a number where Layer (or SSA's `Marked=N`) and the margins go; the numbers' values are not read.
    public func block(_ value: Substring) -> Event? {
        guard let leading, leading.count >= 3 else { return nil }
        let names = Array(leading.dropFirst(3))
        guard let (fields, text) = Self.split(value, count: names.count + 2), Self.isNumber(fields[0], empty: false),
            Self.isNumber(fields[1]) || fields[1].lowercased().hasPrefix("marked=")
        else { return nil }
        let named = Array(fields.dropFirst(2))
        for (name, field) in zip(names, named) where Self.numberNames.contains(name) {
            guard Self.isNumber(field) else { return nil }
        }
        let style = names.firstIndex(of: "style").map { named[$0] } ?? ""
        return Event(startMs: nil, endMs: nil, style: style, text: text)
    }

    /// The value of the first field called `name`, trimmed.
    private func field(_ name: String, in fields: [Substring]) -> Substring? {
        leading?.firstIndex(of: name).map { fields[$0] }
    }

    /// The first `count` fields, trimmed, and the rest of the line after them; nil when there are fewer.
    private static func split(_ value: Substring, count: Int) -> (fields: [Substring], rest: Substring)? {
        var fields: [Substring] = []
        fields.reserveCapacity(count)
        var rest = value
        while fields.count < count {
            guard let comma = rest.firstIndex(of: ",") else { return nil }
            fields.append(rest[..<comma].trimmingWhitespace())
            rest = rest[rest.index(after: comma)...]
        }
        return (fields, rest)
    }

    /// Whether a field is a whole number, however long (or empty, which libass reads as 0, unless `empty` is false).
    private static func isNumber(_ field: Substring, empty: Bool = true) -> Bool {
        let digits = field.first == "-" || field.first == "+" ? field.dropFirst() : field
        return digits.isEmpty ? empty && field.isEmpty : digits.allSatisfy(\.isASCIIDigit)
    }

    // The fields libass reads as numbers.
    private static let numberNames: Set<String> = ["layer", "marginl", "marginr", "marginv"]
}
