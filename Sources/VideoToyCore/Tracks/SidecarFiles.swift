import Foundation

/// Finds the subtitle files that belong to a video among the names in its folder: the video's base name, then
/// dot-separated tags (a language, `forced`, `sdh`…), then a subtitle extension.
public enum SidecarFiles {
    /// The sidecars of the video `fileName` among `siblings` (the names in its folder), ordered by language (none
    /// last), full before forced, then by name.
    ///
    /// A name claimed by another video of the folder with a longer base name, or with the same one spelled exactly
    /// where this video's only matches ignoring case, is left to that video.
    public static func matching(video fileName: String, among siblings: [String]) -> [SidecarFile] {
        let videoName = fileName.split(separator: "/").last.map(String.init) ?? fileName
        let base = baseName(videoName)
        guard !base.isEmpty else { return [] }
        let otherBases = siblings.filter { $0 != videoName && isVideo($0) }.map(baseName)
        var found: [SidecarFile] = []
        for sibling in siblings where sibling != videoName {
            guard let dot = sibling.lastIndex(of: "."),
                let format = SubtitleFormat(fileExtension: String(sibling[sibling.index(after: dot)...]))
            else { continue }
            let stem = String(sibling[..<dot])
            guard let own = match(base: base, stem: stem),
                !otherBases.contains(where: { other in match(base: other, stem: stem).map { $0.beats(own) } ?? false })
            else { continue }
            found.append(sidecar(name: sibling, format: format, tags: own.tags))
        }
        return found.sorted(by: ordered)
    }

    /// How a stem (a name without its extension) begins with a base name: its length, whether the case agrees,
    /// and the tags after it.
    private struct Match {
        let length: Int
        let isExact: Bool
        let tags: [Substring]

        func beats(_ other: Match) -> Bool {
            length > other.length || (length == other.length && isExact && !other.isExact)
        }
    }

    private static func match(base: String, stem: String) -> Match? {
        if stem == base { return Match(length: base.count, isExact: true, tags: []) }
        if stem.hasPrefix(base + ".") {
            return Match(length: base.count, isExact: true, tags: tags(stem.dropFirst(base.count + 1)))
        }
        // Ignoring case can change a name's length ("ß" and "SS"), so each dot is tried as the end of the base.
        var end = stem.endIndex
        while true {
            if stem[..<end].compare(base, options: .caseInsensitive) == .orderedSame {
                let rest = end == stem.endIndex ? stem[end...] : stem[stem.index(after: end)...]
                return Match(length: base.count, isExact: false, tags: tags(rest))
            }
            guard let dot = stem[..<end].lastIndex(of: ".") else { return nil }
            end = dot
        }
    }

    private static func tags(_ text: Substring) -> [Substring] { text.split(separator: ".") }

    private static func sidecar(name: String, format: SubtitleFormat, tags: [Substring]) -> SidecarFile {
        var language: Language?
        var isForced = false
        var words: [String] = []
        for tag in tags {
            let lowered = tag.lowercased()
            if lowered == "forced" {
                isForced = true
            } else if lowered == "default" {
                // A file's own default mark does not turn subtitles on: the preference does.
                continue
            } else if hearingImpaired.contains(lowered) {
                if !words.contains("SDH") { words.append("SDH") }
            } else if language == nil, let named = Language(tag: englishNames[lowered] ?? lowered) {
                language = named
            } else {
                words.append(String(tag))
            }
        }
        return SidecarFile(
            name: name, format: format, language: language, isForced: isForced, title: words.isEmpty ? nil : words.joined(separator: " "))
    }

    private static func ordered(_ a: SidecarFile, _ b: SidecarFile) -> Bool {
        switch (a.language?.shortCode, b.language?.shortCode) {
        case (let x?, let y?) where x != y: return x < y
        case (.some, .none): return true
        case (.none, .some): return false
        default: break
        }
        if a.isForced != b.isForced { return !a.isForced }
        return a.name < b.name
    }

    private static func baseName(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    private static func isVideo(_ name: String) -> Bool { VideoExtensions.matches(name) }

    // Tags that mark subtitles for the deaf and hard of hearing; "hi" is never read as Hindi here.
    private static let hearingImpaired: Set<String> = ["sdh", "cc", "hi"]

    // Language names that subtitle sites and rippers write in place of codes.
    private static let englishNames: [String: String] = [
        "english": "en", "french": "fr", "german": "de", "spanish": "es", "italian": "it", "portuguese": "pt",
        "brazilian": "pt", "dutch": "nl", "russian": "ru", "japanese": "ja", "chinese": "zh", "korean": "ko",
        "arabic": "ar", "swedish": "sv", "norwegian": "no", "danish": "da", "finnish": "fi", "polish": "pl",
        "czech": "cs", "greek": "el", "turkish": "tr", "hebrew": "he", "hungarian": "hu", "romanian": "ro",
        "ukrainian": "uk", "vietnamese": "vi", "thai": "th", "indonesian": "id", "hindi": "hi", "croatian": "hr",
        "serbian": "sr", "bulgarian": "bg", "catalan": "ca", "persian": "fa",
    ]
}
