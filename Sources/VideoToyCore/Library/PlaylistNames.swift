/// The file name extensions of playlists and streaming manifests: files that name other files or network addresses
/// instead of holding pictures and sound, which the app never opens (MPRIS `OpenUri` refuses them by name; the probe
/// and the player refuse them by their bytes, whatever their name).
public enum PlaylistNames {
    /// The extensions, lower-case, without the dot.
    public static let all: Set<String> = [
        "m3u", "m3u8", "pls", "xspf", "asx", "wax", "wvx", "wpl", "mpd", "ism", "isml", "smil", "ram", "qtl", "sdp",
    ]

    /// Whether `name` ends in one of them, in any case.
    public static func matches(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return false }
        return all.contains(name[name.index(after: dot)...].lowercased())
    }
}
