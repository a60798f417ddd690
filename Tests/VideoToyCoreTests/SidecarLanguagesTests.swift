import Testing
import VideoToyCore

/// The languages of the subtitle files beside each video of a folder listing, for the row's line.
@Suite("Sidecar languages")
struct SidecarLanguagesTests {
    struct FolderCase: Sendable, CustomTestStringConvertible {
        let names: [String]
        /// Each video's languages, by short code ("-" for a file whose name gives none).
        let expected: [String: [String]]
        var testDescription: String { names.joined(separator: " ") }
    }

    static let folderCases: [FolderCase] = [
        FolderCase(names: ["film.mkv", "film.en.srt", "film.fr.srt"], expected: ["film.mkv": ["en", "fr"]]),
        FolderCase(names: ["film.mkv", "film.srt", "film.de.forced.ass"], expected: ["film.mkv": ["de", "-"]]),
        FolderCase(names: ["film.mkv", "notes.txt"], expected: ["film.mkv": []]),
        // The longer base name keeps its own files; the shorter one keeps the rest.
        FolderCase(
            names: ["film.mkv", "film.part2.mkv", "film.en.srt", "film.part2.fr.srt", "film.part2.srt"],
            expected: ["film.mkv": ["en"], "film.part2.mkv": ["fr", "-"]]),
        // Exactly spelt beats a match that ignores case; where neither is exact, both videos have the file.
        FolderCase(
            names: ["Film.mkv", "film.mp4", "film.en.srt", "FILM.de.srt"], expected: ["Film.mkv": ["de"], "film.mp4": ["de", "en"]]),
        FolderCase(names: ["STRASSE.mkv", "straße.en.srt"], expected: ["STRASSE.mkv": ["en"]]),
        FolderCase(names: ["my.film.2020.mkv", "my.film.2020.es.srt", "my.film.srt"], expected: ["my.film.2020.mkv": ["es"]]),
        FolderCase(names: ["a.mkv", "b.mkv", "a.it.vtt", "b.ja.ssa", "c.en.srt"], expected: ["a.mkv": ["it"], "b.mkv": ["ja"]]),
    ]

    @Test("each video gets the languages SidecarFiles finds for it among the whole folder", arguments: folderCases)
    func folder(_ item: FolderCase) {
        let videos = item.names.filter(VideoExtensions.matches).map { "/v/" + $0 }
        let subtitles = item.names.filter { !VideoExtensions.matches($0) && !$0.hasSuffix(".txt") }.map { "/v/" + $0 }
        let found = SidecarLanguages(videos: videos, subtitles: subtitles, listed: ["/v"])
        for video in videos {
            let name = String(video.dropFirst(3))
            let languages = found.languages(of: video)
            let codes = languages?.map { $0?.shortCode ?? "-" }
            #expect(codes == item.expected[name], "\(name)")
            let whole = SidecarFiles.matching(video: name, among: item.names).map(\.language)
            #expect(languages == whole, "the same answer as the player's own look at the folder, for \(name)")
        }
    }

    @Test func aFolderNotListedSaysNothing() {
        let found = SidecarLanguages(videos: ["/v/a.mkv", "/w/b.mkv"], subtitles: ["/v/a.en.srt"], listed: ["/v"])
        #expect(found.languages(of: "/v/a.mkv") == [Language(tag: "en")])
        #expect(found.languages(of: "/w/b.mkv") == nil, "its folder did not answer: nothing is known")
        #expect(SidecarLanguages(videos: ["/v/a.mkv"], subtitles: [], listed: ["/v/"]).languages(of: "/v/a.mkv") == [])
    }

    @Test func aSeriesFolderIsMatchedWithoutTryingEveryPair() {
        let episodes = (1...400).map { "Show.S01E" + String($0 + 1000).dropFirst() }
        let videos = episodes.map { "/tv/\($0).mkv" }
        let subtitles = episodes.flatMap { ["/tv/\($0).en.srt", "/tv/\($0).fr.srt"] }
        let clock = ContinuousClock()
        var found = SidecarLanguages()
        let elapsed = clock.measure { found = SidecarLanguages(videos: videos, subtitles: subtitles, listed: ["/tv"]) }
        #expect(videos.allSatisfy { found.languages(of: $0) == [Language(tag: "en"), Language(tag: "fr")] })
        // Each file against every video would be 320,000 comparisons, seconds on a busy core.
        #expect(elapsed < .seconds(2), "\(elapsed)")
    }

    @Test func theLibraryNamesThemOnceAndForgetsFilesThatGo() {
        var library = Library(paths: ["/v/film.mkv", "/v/other.mkv", "/w/far.mkv"])
        let ids = ["/v/film.mkv", "/v/other.mkv", "/w/far.mkv"].compactMap { library.id(forPath: $0) }
        let (film, other, far) = (ids[0], ids[1], ids[2])
        let first = SidecarLanguages(
            videos: ["/v/film.mkv", "/v/other.mkv", "/w/far.mkv"], subtitles: ["/v/film.en.srt", "/w/far.srt"], listed: ["/v", "/w"])
        #expect(Set(library.learnSidecars(first)) == [film, far])
        #expect(library.sidecarLanguages(of: film) == [Language(tag: "en")])
        #expect(library.sidecarLanguages(of: far) == [nil])
        #expect(library.learnSidecars(first).isEmpty, "the same listing again changes nothing")
        // /v listed again without the file; /w not listed this time, so what is known of it stays.
        let second = SidecarLanguages(videos: ["/v/film.mkv", "/v/other.mkv"], subtitles: ["/v/other.fr.srt"], listed: ["/v"])
        #expect(Set(library.learnSidecars(second)) == [film, other])
        #expect(library.sidecarLanguages(of: film) == [])
        #expect(library.sidecarLanguages(of: other) == [Language(tag: "fr")])
        #expect(library.sidecarLanguages(of: far) == [nil])
        library.remove { $0.path == "/v/other.mkv" }
        #expect(library.sidecarLanguages(of: other) == [])
    }
}
