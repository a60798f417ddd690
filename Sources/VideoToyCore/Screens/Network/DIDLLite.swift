/// The DIDL-Lite description sent with `SetAVTransportURI`: what a renderer shows of the video and how it fetches it.
public enum DIDLLite {
    /// The DLNA flags of a file served with byte ranges: seekable by range (OP=01), not converted (CI=0), streaming
    /// transfer, background and interactive transfer modes, DLNA 1.5.
    public static let dlnaFeatures = "DLNA.ORG_OP=01;DLNA.ORG_CI=0;DLNA.ORG_FLAGS=01700000000000000000000000000000"

    /// The DLNA flags of a stream converted for the renderer: not seekable by range (OP=00), converted (CI=1).
    public static let convertedFeatures = "DLNA.ORG_OP=00;DLNA.ORG_CI=1;DLNA.ORG_FLAGS=01700000000000000000000000000000"

    /// The `protocolInfo` of a file of `mimeType` served over HTTP, as it is or `converted`.
    public static func protocolInfo(mimeType: String, converted: Bool = false) -> String {
        "http-get:*:\(mimeType):\(converted ? convertedFeatures : dlnaFeatures)"
    }

    /// One video item at `url`, with its subtitles at `subtitlesURL` (a SubRip `res`, and Samsung's `CaptionInfoEx`,
    /// which many TVs read); every value is escaped, and control characters XML cannot carry are dropped.
    public static func videoItem(
        title: String, url: String, mimeType: String, durationMilliseconds: Int? = nil, width: Int? = nil, height: Int? = nil,
        converted: Bool = false, subtitlesURL: String? = nil
    ) -> String {
        var resAttributes = " protocolInfo=\"\(escaped(protocolInfo(mimeType: mimeType, converted: converted)))\""
        if let durationMilliseconds, durationMilliseconds > 0 {
            resAttributes += " duration=\"\(UPnPTime.string(milliseconds: durationMilliseconds))\""
        }
        if let width, let height, width > 0, height > 0 {
            resAttributes += " resolution=\"\(width)x\(height)\""
        }
        let captions = subtitlesURL.map { url in
            "<res protocolInfo=\"http-get:*:text/srt:*\">\(escaped(url))</res>"
                + "<sec:CaptionInfoEx sec:type=\"srt\">\(escaped(url))</sec:CaptionInfoEx>"
        }
        return "<DIDL-Lite xmlns=\"urn:schemas-upnp-org:metadata-1-0/DIDL-Lite/\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
            + " xmlns:upnp=\"urn:schemas-upnp-org:metadata-1-0/upnp/\" xmlns:sec=\"http://www.sec.co.kr/\">"
            + "<item id=\"0\" parentID=\"-1\" restricted=\"1\">"
            + "<dc:title>\(escaped(title))</dc:title>"
            + "<upnp:class>object.item.videoItem</upnp:class>"
            + "<res\(resAttributes)>\(escaped(url))</res>"
            + (captions ?? "")
            + "</item></DIDL-Lite>"
    }

    /// `text` fit for XML 1.0 text and attribute values: markup characters and both quotes as entities, characters
    /// XML forbids (C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF) dropped, and the three
    /// kept controls as character references so attribute normalisation cannot change them.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t": result += "&#9;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
