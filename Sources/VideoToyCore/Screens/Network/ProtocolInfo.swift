/// A renderer's sink protocols (`ConnectionManager.GetProtocolInfo`'s `Sink`): read from its reply, and asked whether
/// it takes a file over HTTP.
public enum ProtocolInfo {
    /// The most entries kept of one reply.
    public static let maxEntries = 512
    /// The longest entry kept; longer ones are dropped whole, since a cut one would say something else.
    public static let maxEntryLength = 512

    /// The entries of a comma-separated `Sink` value, trimmed, empty ones dropped, bounded in number and length.
    public static func entries(_ sink: String) -> [String] {
        var result: [String] = []
        for part in sink.split(separator: ",", omittingEmptySubsequences: true) {
            guard result.count < maxEntries else { break }
            let entry = part.trimmingCharacters(" \t\n\r")
            guard !entry.isEmpty, entry.utf8.count <= maxEntryLength else { continue }
            result.append(String(entry))
        }
        return result
    }

    /// Whether an entry of `sinks` takes `mimeType` over `http-get`: the content format equals it (without parameters,
    /// case-insensitive), is `*`, or is its type with a `*` subtype (`video/*`).
    public static func accepts(_ sinks: [String], mimeType: String) -> Bool {
        let wanted = bare(mimeType)
        guard !wanted.isEmpty else { return false }
        let wantedType = wanted.split(separator: "/", maxSplits: 1).first.map(String.init) ?? wanted
        return sinks.contains { entry in
            let fields = entry.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count >= 3, fields[0].lowercased() == "http-get" else { return false }
            let format = bare(String(fields[2]))
            return format == "*" || format == wanted || format == wantedType + "/*"
        }
    }

    /// A MIME type lower-cased, without parameters and surrounding spaces.
    private static func bare(_ mimeType: String) -> String {
        let type = mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(type.trimmingCharacters(" \t")).lowercased()
    }
}

extension Substring {
    /// Without the given characters at either end.
    fileprivate func trimmingCharacters(_ characters: String) -> Substring {
        let start = firstIndex { !characters.contains($0) } ?? endIndex
        let end = lastIndex { !characters.contains($0) }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
