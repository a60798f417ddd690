import Testing
import VideoToyCore

/// Which names in a video's folder are its subtitle files, and what their names say.
@Suite("Sidecar files")
struct SidecarFilesTests {
    struct NameCase: Sendable, CustomTestStringConvertible {
        let video: String
        let sibling: String
        let expected: SidecarFile?
        var testDescription: String { "\(sibling) beside \(video)" }
    }

    static func file(
        _ name: String, _ format: SubtitleFormat, _ language: String? = nil, forced: Bool = false, title: String? = nil
    ) -> SidecarFile {
        SidecarFile(name: name, format: format, language: language.flatMap(Language.init(tag:)), isForced: forced, title: title)
    }

    static let nameCases: [NameCase] = [
        NameCase(video: "film.mp4", sibling: "film.srt", expected: file("film.srt", .subRip)),
        NameCase(video: "film.mp4", sibling: "film.en.srt", expected: file("film.en.srt", .subRip, "en")),
        NameCase(video: "film.mp4", sibling: "film.fr.forced.ass", expected: file("film.fr.forced.ass", .ass, "fr", forced: true)),
        NameCase(video: "film.mp4", sibling: "film.vtt", expected: file("film.vtt", .webVTT)),
        NameCase(video: "film.mp4", sibling: "Film.EN.SRT", expected: file("Film.EN.SRT", .subRip, "en")),
        NameCase(video: "Film.mkv", sibling: "film.de.ssa", expected: file("film.de.ssa", .ssa, "de")),
        NameCase(video: "film.mp4", sibling: "film.fre.srt", expected: file("film.fre.srt", .subRip, "fr")),
        NameCase(video: "film.mp4", sibling: "film.eng.srt", expected: file("film.eng.srt", .subRip, "en")),
        NameCase(video: "film.mp4", sibling: "film.English.srt", expected: file("film.English.srt", .subRip, "en")),
        NameCase(video: "film.mp4", sibling: "film.pt-BR.srt", expected: file("film.pt-BR.srt", .subRip, "pt")),
        NameCase(video: "film.mp4", sibling: "film.en.sdh.srt", expected: file("film.en.sdh.srt", .subRip, "en", title: "SDH")),
        NameCase(video: "film.mp4", sibling: "film.en.hi.srt", expected: file("film.en.hi.srt", .subRip, "en", title: "SDH")),
        NameCase(video: "film.mp4", sibling: "film.cc.srt", expected: file("film.cc.srt", .subRip, title: "SDH")),
        NameCase(video: "film.mp4", sibling: "film.FORCED.srt", expected: file("film.FORCED.srt", .subRip, forced: true)),
        NameCase(video: "film.mp4", sibling: "film.de.default.srt", expected: file("film.de.default.srt", .subRip, "de")),
        NameCase(
            video: "film.mp4", sibling: "film.en.Director.Commentary.srt",
            expected: file("film.en.Director.Commentary.srt", .subRip, "en", title: "Director Commentary")),
        NameCase(video: "film.mp4", sibling: "film.en.fr.srt", expected: file("film.en.fr.srt", .subRip, "en", title: "fr")),
        NameCase(video: "film.mp4", sibling: "film..en.srt", expected: file("film..en.srt", .subRip, "en")),
        NameCase(video: "my.film.2020.mkv", sibling: "my.film.2020.es.srt", expected: file("my.film.2020.es.srt", .subRip, "es")),
        NameCase(video: "film", sibling: "film.srt", expected: file("film.srt", .subRip)),
        NameCase(video: "film.mp4", sibling: "film2.srt", expected: nil),
        NameCase(video: "film.mp4", sibling: "filmography.srt", expected: nil),
        NameCase(video: "film.mp4", sibling: "film2.en.srt", expected: nil),
        NameCase(video: "film.mp4", sibling: "other.srt", expected: nil),
        NameCase(video: "film.mp4", sibling: "film.txt", expected: nil),
        NameCase(video: "film.mp4", sibling: "film.en.sub", expected: nil),
        NameCase(video: "film.mp4", sibling: "film.srt.bak", expected: nil),
        NameCase(video: "film.mp4", sibling: "film.mp4", expected: nil),
        NameCase(video: "my.film.2020.mkv", sibling: "my.film.srt", expected: nil),
    ]

    @Test("A name beside a video", arguments: nameCases)
    func name(_ item: NameCase) {
        let found = SidecarFiles.matching(video: item.video, among: [item.video, item.sibling, "notes.txt"])
        #expect(found == (item.expected.map { [$0] } ?? []))
    }

    struct FolderCase: Sendable, CustomTestStringConvertible {
        let label: String
        let video: String
        let siblings: [String]
        let expected: [String]
        var testDescription: String { label }
    }

    static let folderCases: [FolderCase] = [
        FolderCase(
            label: "by language, none last, full before forced, then by name", video: "film.mkv",
            siblings: [
                "film.vtt", "film.fr.srt", "film.en.forced.srt", "film.srt", "film.mkv", "film.en.srt", "film.en.sdh.srt",
                "film.de.ass",
            ],
            expected: ["film.de.ass", "film.en.sdh.srt", "film.en.srt", "film.en.forced.srt", "film.fr.srt", "film.srt", "film.vtt"]),
        FolderCase(
            label: "a longer video name claims its own", video: "film.mkv",
            siblings: ["film.mkv", "film.director.mkv", "film.director.srt", "film.director.en.srt", "film.srt"],
            expected: ["film.srt"]),
        FolderCase(
            label: "the longer video gets only its own", video: "film.director.mkv",
            siblings: ["film.mkv", "film.director.mkv", "film.director.srt", "film.srt"], expected: ["film.director.srt"]),
        FolderCase(
            label: "an exact spelling wins over one ignoring case", video: "Film.mkv", siblings: ["Film.mkv", "film.mkv", "film.srt"],
            expected: []),
        FolderCase(
            label: "the exactly spelt video keeps it", video: "film.mkv", siblings: ["Film.mkv", "film.mkv", "film.srt"],
            expected: ["film.srt"]),
        FolderCase(
            label: "two containers of one film share it", video: "film.mp4", siblings: ["film.mkv", "film.mp4", "film.srt"],
            expected: ["film.srt"]),
        FolderCase(
            label: "a path is read by its last part", video: "/videos/film.mp4", siblings: ["film.mp4", "film.en.srt"],
            expected: ["film.en.srt"]),
        FolderCase(label: "an empty folder", video: "film.mp4", siblings: [], expected: []),
    ]

    @Test("A folder of names", arguments: folderCases)
    func folder(_ item: FolderCase) {
        #expect(SidecarFiles.matching(video: item.video, among: item.siblings).map(\.name) == item.expected)
    }

    @Test("A sidecar as a menu track")
    func track() {
        let track = Self.file("film.fr.forced.sdh.ass", .ass, "fr", forced: true, title: "SDH").track
        #expect(track.id == .sidecar("film.fr.forced.sdh.ass"))
        #expect(track.id.description == "file/film.fr.forced.sdh.ass")
        #expect(track.language == Language(tag: "fra"))
        #expect(track.codec == "ASS")
        #expect(track.title == "SDH")
        #expect(track.isForced)
        #expect(!track.isDefault)
        #expect(track.isExternal)
        #expect(track.kind == .subtitles)
    }

    static let extensionCases: [(String, SubtitleFormat?)] = [
        ("srt", .subRip), ("SRT", .subRip), (".vtt", .webVTT), ("Ass", .ass), ("ssa", .ssa), ("sub", nil), ("", nil),
    ]

    @Test("Formats by extension and label", arguments: extensionCases)
    func format(_ fileExtension: String, _ expected: SubtitleFormat?) {
        #expect(SubtitleFormat(fileExtension: fileExtension) == expected)
    }

    @Test("Format labels")
    func labels() {
        #expect(SubtitleFormat.allCases.map(\.label) == ["SubRip", "WebVTT", "ASS", "SSA"])
    }
}
