/// How a file is offered to a renderer: the MIME type renderers know it by.
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

    /// The names renderers may list `mimeType` under, the usual one first: GStreamer-based renderers list MP4 as
    /// `video/quicktime` and MPEG-TS as `video/mpegts`, TVs as `video/mp4` and `video/mp2t` or DLNA's own names.
    public static func aliases(of mimeType: String) -> [String] {
        let known = aliasGroups.first { $0.contains(mimeType.lowercased()) }
        return known.map { [mimeType] + $0.filter { $0 != mimeType.lowercased() } } ?? [mimeType]
    }

    /// The names of a converted stream (MPEG-TS), in the order they are tried.
    public static let convertedAliases = aliases(of: "video/mp2t")

    private static let aliasGroups: [[String]] = [
        ["video/mp4", "video/quicktime", "video/x-m4v"],
        ["video/mp2t", "video/mpegts", "video/vnd.dlna.mpeg-tts", "video/mpeg"],
        ["video/x-matroska", "video/x-mkv", "video/mkv"],
        ["video/x-msvideo", "video/avi", "video/msvideo"],
        ["video/webm", "video/x-webm"],
    ]

    private static let mimeTypes = [
        "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime", "mkv": "video/x-matroska",
        "webm": "video/webm", "avi": "video/x-msvideo", "ogv": "video/ogg", "ogg": "video/ogg", "mpg": "video/mpeg",
        "mpeg": "video/mpeg", "ts": "video/mp2t", "m2ts": "video/mp2t", "mts": "video/mp2t", "wmv": "video/x-ms-wmv",
        "flv": "video/x-flv", "3gp": "video/3gpp",
    ]
}
