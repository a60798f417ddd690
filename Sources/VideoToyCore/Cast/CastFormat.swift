/// How a file is offered to a renderer: its MIME type, and the DIDL-Lite description sent with its URL.
public enum CastFormat {
    /// The MIME type renderers know the file by, from its container or its name's extension.
    public static func mimeType(forPath path: String, container: MediaContainer?) -> String {
        switch container {
        case .mpegTS?, .m2ts?: return "video/mp2t"
        case .mxf?: return "application/mxf"
        default: break
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.split(separator: ".").count > 1 ? name.split(separator: ".").last.map { $0.lowercased() } : nil
        return mimeTypes[ext ?? ""] ?? "video/mp4"
    }

    private static let mimeTypes = [
        "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime", "mkv": "video/x-matroska",
        "webm": "video/webm", "avi": "video/x-msvideo", "ogv": "video/ogg", "ogg": "video/ogg", "mpg": "video/mpeg",
        "mpeg": "video/mpeg", "ts": "video/mp2t", "m2ts": "video/mp2t", "mts": "video/mp2t", "wmv": "video/x-ms-wmv",
        "flv": "video/x-flv", "3gp": "video/3gpp",
    ]

    /// The DLNA `protocolInfo` of a file served as it is: streamed over HTTP, seekable by byte ranges.
    public static func protocolInfo(mimeType: String) -> String {
        "http-get:*:\(mimeType):DLNA.ORG_OP=01;DLNA.ORG_CI=0;DLNA.ORG_FLAGS=01700000000000000000000000000000"
    }

    /// The DIDL-Lite item for SetAVTransportURI: title, class, and a resource with its protocol, length and size.
    /// Every value is escaped for XML, and characters XML cannot carry are dropped.
    public static func metadata(
        title: String, url: String, mimeType: String, durationMs: Int?, width: Int?, height: Int?
    ) -> String {
        var attributes = " protocolInfo=\"\(escaped(protocolInfo(mimeType: mimeType)))\""
        if let durationMs, durationMs > 0 { attributes += " duration=\"\(UPnPClock.format(milliseconds: durationMs))\"" }
        if let width, let height, width > 0, height > 0 { attributes += " resolution=\"\(width)x\(height)\"" }
        return """
            <DIDL-Lite xmlns="urn:schemas-upnp-org:metadata-1-0/DIDL-Lite/" xmlns:dc="http://purl.org/dc/elements/1.1/" \
            xmlns:upnp="urn:schemas-upnp-org:metadata-1-0/upnp/"><item id="0" parentID="-1" restricted="1">\
            <dc:title>\(escaped(title))</dc:title><upnp:class>object.item.videoItem</upnp:class>\
            <res\(attributes)>\(escaped(url))</res></item></DIDL-Lite>
            """
    }

    /// `text` with XML's five special characters as entities and the characters XML 1.0 forbids left out.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
