import CGLib

/// The lines of a key file that GKeyFile would take, when one line it cannot parse (a key without `=`, a key name
/// it does not allow) would otherwise cost every setting.
enum KeyFileSalvage {
    /// `text` without the key lines that GKeyFile rejects on their own, and how many there were with the first's line
    /// number; nil when a group header is damaged (the keys after it would land in another group) or none was
    /// dropped.
    static func salvage(_ text: String) -> (text: String, dropped: Int, firstLine: Int)? {
        var kept: [Substring] = []
        var dropped = 0, firstLine = 0
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                kept.append(line)
            } else if trimmed.hasPrefix("[") {
                guard parses(String(line)) else { return nil }
                kept.append(line)
            } else if parses("[g]\n" + line) {
                kept.append(line)
            } else {
                dropped += 1
                if firstLine == 0 { firstLine = number + 1 }
            }
        }
        guard dropped > 0 else { return nil }
        return (kept.joined(separator: "\n"), dropped, firstLine)
    }

    /// Whether GKeyFile loads `text`.
    static func parses(_ text: String) -> Bool {
        let file = g_key_file_new()!
        defer { g_key_file_free(file) }
        return g_key_file_load_from_data(file, text, gsize(text.utf8.count), G_KEY_FILE_KEEP_COMMENTS, nil) != 0
    }
}
