/// What an ASS or SSA script says before its events: its styles and the canvas (`PlayResX`, `PlayResY`) that `\pos`
/// is given on. A subtitle file holds it at its top; an embedded track carries it on its own (Matroska's codec
/// private data) and its events one at a time, which `cue(event:)` reads.
public struct ASSHeader: Sendable {
    private var styles: [String: ASSStyle] = [:]
    private var playRes: (x: Double?, y: Double?) = (nil, nil)
    private var styleFields = defaultStyleFields
    /// The `[Events]` Format line's names, which a script's events and an embedded track's blocks are read by.
    private(set) var eventFormat = ASSEventFormat.standard

    /// Nothing read yet: every style plain and at the bottom centre, a 384×288 canvas.
    init() {}

    /// Reads the header of an embedded track's script; of its `[Events]` section only the Format line is read.
    public init(script: String) {
        var section = ""
        for line in SubtitleText.normalized(script).split(separator: "\n") {
            guard let (newSection, key, value) = Self.entry(line, section: section) else { continue }
            section = newSection
            if let key { _ = read(section: section, key: key, value: value) }
        }
    }

    /// A line of a script as its section, and unless it starts a section, its key (lowercased) and value; nil for a
    /// blank or comment line.
    static func entry(_ raw: Substring, section: String) -> (section: String, key: String?, value: Substring)? {
        let line = raw.trimmingWhitespace()
        if line.isEmpty || line.hasPrefix(";") || line.hasPrefix("!:") { return nil }
        if line.hasPrefix("["), line.hasSuffix("]") { return (line.lowercased(), nil, "") }
        let colon = line.firstIndex(of: ":")
        let key = colon.map { line[..<$0].trimmingWhitespace().lowercased() } ?? ""
        let value = colon.map { line[line.index(after: $0)...].drop(while: { $0 == " " }) } ?? ""
        return (section, key, value)
    }

    /// Takes a line of `[Script Info]`, a styles section or the `[Events]` Format line; false for a line that is not
    /// the header's.
    mutating func read(section: String, key: String, value: Substring) -> Bool {
        switch (section, key) {
        case ("[events]", "format"): eventFormat = ASSEventFormat(line: value)
        case ("[script info]", "playresx"): playRes.x = Double(value.trimmingWhitespace())
        case ("[script info]", "playresy"): playRes.y = Double(value.trimmingWhitespace())
        case ("[script info]", _): break
        case ("[v4+ styles]", "format"), ("[v4 styles]", "format"):
            styleFields = value.split(separator: ",").map { $0.trimmingWhitespace().lowercased() }
        case ("[v4+ styles]", "style"), ("[v4 styles]", "style"):
            let fields = value.split(separator: ",", maxSplits: max(styleFields.count - 1, 0), omittingEmptySubsequences: false)
            guard let nameIndex = styleFields.firstIndex(of: "name"), fields.count == styleFields.count else { return true }
            let name = String(fields[nameIndex].trimmingWhitespace())
            let style = ASSStyle(fields: styleFields, values: fields, legacy: section == "[v4 styles]")
            styles[name] = style
            if styles[name.lowercased()] == nil { styles[name.lowercased()] = style }
        case ("[v4+ styles]", _), ("[v4 styles]", _): break
        default: return false
        }
        return true
    }

    /// An event's text in the style it names (a leading "*" aside; an unknown one is Default's), and where it goes.
    func cue(_ text: Substring, style name: String) -> (text: StyledText, placement: SubtitlePlacement) {
        let name = name.hasPrefix("*") ? String(name.dropFirst()) : name
        let style = styles[name] ?? styles[name.lowercased()] ?? styles["default"] ?? ASSStyle()
        return CueMarkup.ass(text, style: style, styles: styles, canvas: canvas)
    }

    /// An embedded track's event as Matroska stores it, `ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text`
    /// for the standard Format line and by the track's own otherwise (`ASSEventFormat.block`; the times are the
    /// buffer's), read in this header's styles; nil for text that is no such event.
    public func cue(event: String) -> (text: StyledText, placement: SubtitlePlacement)? {
        guard let read = eventFormat.block(Substring(event)) else { return nil }
        return cue(read.text, style: String(read.style))
    }

    /// The canvas from PlayResX and PlayResY; as libass does, one missing is made from the other (4:3, or 1280×1024),
    /// and both missing make 384×288.
    private var canvas: (width: Double, height: Double) {
        switch playRes {
        case (let x?, let y?): return (x, y)
        case (let x?, nil): return (x, x == 1280 ? 1024 : x * 3 / 4)
        case (nil, let y?): return (y == 1024 ? 1280 : y * 4 / 3, y)
        case (nil, nil): return (384, 288)
        }
    }

    // What ASS writes when a script lacks its styles' Format line.
    private static let defaultStyleFields = [
        "name", "fontname", "fontsize", "primarycolour", "secondarycolour", "outlinecolour", "backcolour", "bold", "italic",
        "underline", "strikeout", "scalex", "scaley", "spacing", "angle", "borderstyle", "outline", "shadow", "alignment",
        "marginl", "marginr", "marginv", "encoding",
    ]
}
