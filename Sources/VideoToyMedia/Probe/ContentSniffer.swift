import CGLib

/// Guesses a file's content type from its name and first bytes with GIO's shared-mime-info database.
enum ContentSniffer {
    /// The MIME type, preferring what the bytes say over what the name claims.
    static func guess(name: String?, head: [UInt8]) -> String? {
        var uncertain: gboolean = 0
        // A text file named .mp4 should read as text: ask the bytes alone first.
        if let byData = run(name: nil, head: head, uncertain: &uncertain), uncertain == 0,
            byData != "application/octet-stream"
        {
            return byData
        }
        return run(name: name, head: head, uncertain: &uncertain)
    }

    private static func run(name: String?, head: [UInt8], uncertain: inout gboolean) -> String? {
        let type = head.withUnsafeBufferPointer { g_content_type_guess(name, $0.baseAddress, gsize($0.count), &uncertain) }
        guard let type else { return nil }
        defer { g_free(type) }
        guard let mime = g_content_type_get_mime_type(type) else { return String(cString: type) }
        defer { g_free(mime) }
        return String(cString: mime)
    }
}
