/// The languages of the subtitle files beside the videos of a folder listing, for the row's line: worked out from the
/// names alone (nothing is read), on the scanning thread.
public struct SidecarLanguages: Sendable {
    /// The languages of each video's subtitle files, in `SidecarFiles` order, for the videos that have any; by bytes,
    /// as the library tells paths apart.
    let byPath: [PathKey: (path: String, languages: [Language?])]
    /// The folders listed, with a trailing slash: a video directly inside one of them without an entry has no files.
    let folders: Set<String>

    /// Nothing listed.
    public init() {
        byPath = [:]
        folders = []
    }

    /// Matches `subtitles` (the paths of files named like subtitle files) to `videos` (the paths of the videos found
    /// beside them) as `SidecarFiles.matching` does, for every folder in `listed` (the folders whose entries were all
    /// read: a video elsewhere keeps what was known of it).
    ///
    /// Each subtitle file is matched only against the videos whose base name its name begins with (ignoring case), so
    /// a folder of 500 episodes and 1,000 subtitle files costs a few thousand comparisons, not half a million.
    public init(videos: [String], subtitles: [String], listed: [String]) {
        folders = Set(listed.map { $0.hasSuffix("/") ? $0 : $0 + "/" })
        guard !subtitles.isEmpty else {
            byPath = [:]
            return
        }
        var subtitlesByFolder: [String: [String]] = [:]
        for path in subtitles {
            let (folder, name) = Self.split(path)
            subtitlesByFolder[folder, default: []].append(name)
        }
        var videosByFolder: [String: [String]] = [:]
        for path in videos {
            let (folder, name) = Self.split(path)
            if subtitlesByFolder[folder] != nil { videosByFolder[folder, default: []].append(name) }
        }
        var found: [PathKey: (path: String, languages: [Language?])] = [:]
        for (folder, names) in videosByFolder {
            for (video, siblings) in Self.candidates(videos: names, subtitles: subtitlesByFolder[folder] ?? []) {
                let languages = SidecarFiles.matching(video: video, among: siblings).map(\.language)
                if !languages.isEmpty { found[PathKey(folder + video)] = (folder + video, languages) }
            }
        }
        byPath = found
    }

    /// The languages of the subtitle files beside the video at `path` (nil for a file whose name gives none), or nil
    /// when its folder was not listed.
    public func languages(of path: String) -> [Language?]? {
        if let known = byPath[PathKey(path)] { return known.languages }
        return folders.contains(Self.split(path).folder) ? [] : nil
    }

    /// Whether the listing speaks for the video at `path`.
    func covers(_ path: String) -> Bool { byPath[PathKey(path)] != nil || folders.contains(Self.split(path).folder) }

    /// For each video that some subtitle name could belong to, the names `SidecarFiles.matching` must see to decide as
    /// it would among the whole folder: the video, those subtitle files, and every video competing for them.
    private static func candidates(videos: [String], subtitles: [String]) -> [(String, [String])] {
        // Upper case as the key: it folds "ß" and "ss" together, as a case-insensitive comparison does.
        var videosByKey: [String: [String]] = [:]
        for video in videos { videosByKey[baseName(video).uppercased(), default: []].append(video) }
        var claims: [String: (subtitles: [String], rivals: Set<String>)] = [:]
        for subtitle in subtitles {
            let stem = baseName(subtitle).uppercased()
            var claimants: [String] = []
            var end = stem.endIndex
            while true {
                claimants += videosByKey[String(stem[..<end])] ?? []
                guard let dot = stem[..<end].lastIndex(of: ".") else { break }
                end = dot
            }
            for video in claimants {
                claims[video, default: ([], [])].subtitles.append(subtitle)
                claims[video]?.rivals.formUnion(claimants)
            }
        }
        return claims.map { video, claim in (video, [video] + claim.subtitles + claim.rivals.filter { $0 != video }.sorted()) }
    }

    private static func baseName(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }
}
