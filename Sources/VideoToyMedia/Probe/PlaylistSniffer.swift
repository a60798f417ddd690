/// Recognises playlists and streaming manifests by their first bytes, whatever the file is called: their entries
/// name other files or network addresses, so the probe, the poster maker and the player refuse them before any
/// demuxer sees them.
enum PlaylistSniffer {
    /// What the file is ("HLS playlist", "DASH manifest"…), or nil for anything else.
    static func kind(head: [UInt8]) -> String? {
        var start = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < head.count, isSpace(head[start]) { start += 1 }
        let text = head[start...]
        if text.starts(with: Array("#EXTM3U".utf8)) {
            return contains(text, "#EXT-X-") ? "HLS playlist" : "M3U playlist"
        }
        if lowered(text.prefix(10)) == "[playlist]" { return "PLS playlist" }
        if text.starts(with: Array("v=0".utf8)), contains(text, "\nm=") { return "SDP session description" }
        if let root = xmlRoot(text) {
            switch root.lowercased() {
            case "mpd": return "DASH manifest"
            case "smoothstreamingmedia": return "Smooth Streaming manifest"
            case "playlist": return "XSPF playlist"
            case "asx": return "ASX playlist"
            case "smil": return "SMIL playlist"
            default: break
            }
        }
        return startsWithAddress(text) ? "list of addresses" : nil
    }

    /// What a media type from GStreamer's type finder means, when it is a playlist or manifest format.
    static func kind(mediaType: String) -> String? {
        switch mediaType {
        case "application/x-hls": return "HLS playlist"
        case "application/dash+xml": return "DASH manifest"
        case "application/vnd.ms-sstr+xml": return "Smooth Streaming manifest"
        case "application/xspf+xml": return "XSPF playlist"
        case "application/sdp": return "SDP session description"
        case "text/uri-list": return "list of addresses"
        case "audio/x-mpegurl", "application/x-mpegurl", "application/vnd.apple.mpegurl": return "M3U playlist"
        case "audio/x-scpls": return "PLS playlist"
        case "application/smil", "application/smil+xml": return "SMIL playlist"
        case "video/x-ms-asf-playlist", "video/x-ms-asx": return "ASX playlist"
        default: return nil
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    private static func lowered(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self).lowercased()
    }

    private static func contains(_ bytes: ArraySlice<UInt8>, _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return false }
        var index = bytes.startIndex
        while index <= bytes.endIndex - pattern.count {
            if bytes[index..<index + pattern.count].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
    }

    /// The name of an XML document's root element, past its declaration, comments and doctype.
    private static func xmlRoot(_ bytes: ArraySlice<UInt8>) -> String? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            while index < bytes.endIndex, isSpace(bytes[index]) { index += 1 }
            guard index + 1 < bytes.endIndex, bytes[index] == UInt8(ascii: "<") else { return nil }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                // A declaration, processing instruction, comment or doctype: skip to its end.
                let close: [UInt8] = bytes[index...].starts(with: Array("<!--".utf8)) ? Array("-->".utf8) : [UInt8(ascii: ">")]
                var end = index + 2
                while end + close.count <= bytes.endIndex, !bytes[end..<end + close.count].elementsEqual(close) { end += 1 }
                guard end + close.count <= bytes.endIndex else { return nil }
                index = end + close.count
                continue
            }
            var end = index + 1
            while end < bytes.endIndex, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: "/") {
                end += 1
            }
            let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            // A namespace prefix (`<dash:MPD`) names the same element.
            return name.split(separator: ":").last.map(String.init)
        }
        return nil
    }

    /// Whether the first line that is not a comment is an address such as `http://…` (a plain M3U or a RAM file).
    private static func startsWithAddress(_ bytes: ArraySlice<UInt8>) -> Bool {
        // Only text: a NUL or another control byte means a binary file, whatever its first bytes spell.
        guard !bytes.contains(where: { $0 < 0x20 && !isSpace($0) }) else { return false }
        for line in bytes.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            let trimmed = line.drop(while: isSpace)
            if trimmed.isEmpty || trimmed.first == UInt8(ascii: "#") { continue }
            guard let colon = trimmed.firstIndex(of: UInt8(ascii: ":")), colon > trimmed.startIndex else { return false }
            let scheme = trimmed[trimmed.startIndex..<colon]
            let isScheme = scheme.allSatisfy { byte in
                (0x61...0x7A).contains(byte | 0x20) || (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
            }
            return isScheme && trimmed[colon...].starts(with: Array("://".utf8))
        }
        return false
    }
}
