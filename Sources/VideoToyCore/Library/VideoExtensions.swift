/// The file name extensions that mark a file as a video without looking inside it: the scanner lists such files, and a
/// subtitle file's name is matched to them.
public enum VideoExtensions {
    /// The extensions, lower-case, without the dot.
    public static let all: Set<String> = [
        "mp4", "m4v", "mkv", "webm", "mov", "avi", "ogv", "mpg", "mpeg", "ts", "m2ts", "mts", "wmv", "flv",
        "3gp", "3g2", "vob", "divx", "asf", "f4v", "qt", "y4m", "mxf",
    ]

    /// Whether `name` ends in one of them, in any case.
    public static func matches(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return all.contains(name[name.index(after: dot)...].lowercased())
    }
}
