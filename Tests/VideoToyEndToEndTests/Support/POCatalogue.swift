import Foundation
import VideoToyAppTesting

/// One language's translated entries of `po/LANG.po`, as `msgattrib` lists them, to check the app's words against.
struct POCatalogue {
    /// One translated entry: its context, English text and its translation (the first form of a plural).
    struct Entry {
        let context: String?
        let msgid: String
        let msgstr: String
    }

    /// The translated, not fuzzy entries, the header left out.
    let entries: [Entry]

    /// Reads `po/<language>.po` of this checkout.
    init(language: String) throws {
        let po = PackagePaths.root.appendingPathComponent("po/\(language).po").path
        let listed = try Command.check(["msgattrib", "--translated", "--no-fuzzy", "--no-obsolete", "--no-wrap", po]).output
        var entries: [Entry] = []
        var context: String?
        var msgid: String?
        var msgstr: String?
        func flush() {
            if let id = msgid, let text = msgstr, !id.isEmpty { entries.append(Entry(context: context, msgid: id, msgstr: text)) }
            (context, msgid, msgstr) = (nil, nil, nil)
        }
        for line in listed.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty {
                flush()
            } else if let value = Self.value(line, after: "msgctxt ") {
                context = value
            } else if let value = Self.value(line, after: "msgid ") {
                msgid = value
            } else if let value = Self.value(line, after: "msgstr ") ?? Self.value(line, after: "msgstr[0] ") {
                msgstr = value
            }
        }
        flush()
        self.entries = entries
    }

    /// The translation of `msgid` (in `context`), its access-key underscore removed as GTK shows it.
    func text(_ msgid: String, context: String? = nil) -> String? {
        entries.first { $0.msgid == msgid && $0.context == context }.map { Self.shown($0.msgstr) }
    }

    /// The English texts a window must not show in this language: the whole texts of entries without directives,
    /// and each run of two words or more between directives, where the translation differs.
    var englishLeftovers: (whole: Set<String>, phrases: Set<String>) {
        var whole: Set<String> = []
        var phrases: Set<String> = []
        for entry in entries {
            let english = Self.shown(entry.msgid)
            let translated = Self.shown(entry.msgstr)
            guard english != translated else { continue }
            let parts = english.split(separator: /%(\d+\$)?[sd]/).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 1 { whole.insert(english) }
            for part in parts where part.split(separator: " ").count >= 2 && part.count >= 8 && !translated.contains(part) {
                phrases.insert(part)
            }
        }
        return (whole, phrases)
    }

    /// A po string's value: the text between the quotes, its escapes read.
    private static func value(_ line: Substring, after keyword: String) -> String? {
        guard line.hasPrefix(keyword + "\""), line.hasSuffix("\"") else { return nil }
        let quoted = line.dropFirst(keyword.count + 1).dropLast()
        var result = ""
        var escaped = false
        for character in quoted {
            if escaped {
                result.append(["n": "\n", "t": "\t"][character] ?? character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A text as a window shows it: the access key's underscore is drawn as an underline, not a character.
    private static func shown(_ text: String) -> String {
        text.replacingOccurrences(of: "_", with: "")
    }
}
