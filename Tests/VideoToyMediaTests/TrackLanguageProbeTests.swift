import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting
import VideoToyText

@testable import VideoToyMedia

/// Soundtrack and subtitle languages, read from real files by both probe paths, and the row line they make.
@Suite("Track languages in the probe", .serialized)
struct TrackLanguageProbeTests {
    let header = MediaProber(timeoutSeconds: 10, readers: .headerFirst)
    let discoverer = MediaProber(timeoutSeconds: 10, readers: .discovererOnly)

    struct Expected: Sendable, CustomStringConvertible {
        let clip: LanguageClips.Clip
        let audio: [Language?]
        let subtitles: [Language?]
        let missing: [String]
        let summary: String
        /// Whether the container header decides the file, or leaves it to GStreamer.
        let fromHeader: Bool

        var description: String { clip.name }
    }

    static let rows: [Expected] = [
        Expected(
            clip: LanguageClips.matroska, audio: [Language(tag: "en"), Language(tag: "fr")],
            subtitles: [Language(tag: "en"), Language(tag: "fr")], missing: [],
            summary: "0:02 · 320×240 · H.264 · 2 audio (en, fr) · subtitles en, fr", fromHeader: true),
        Expected(
            clip: LanguageClips.timedText, audio: [Language(tag: "en")], subtitles: [Language(tag: "en")], missing: [],
            summary: "0:02 · 320×240 · H.264 · subtitles en", fromHeader: true),
        // GStreamer 1.22's Matroska reader does not know WebVTT (neither "D_WEBVTT/SUBTITLES", which ffmpeg writes,
        // nor "S_TEXT/WEBVTT"): the discoverer lists a subtitle stream of unknown format, which the app reads itself,
        // so it is a language like any other.
        Expected(
            clip: LanguageClips.webVTT, audio: [Language(tag: "de")], subtitles: [Language(tag: "de")], missing: [],
            summary: "0:02 · 320×240 · VP8 · subtitles de", fromHeader: true),
        Expected(
            clip: LanguageClips.matroska(name: "untagged", audio: ["und", "eng", "eng"], subtitles: ["und"]),
            audio: [nil, Language(tag: "en"), Language(tag: "en")], subtitles: [nil], missing: [],
            summary: "0:02 · 320×240 · H.264 · 3 audio (en) · subtitles", fromHeader: true),
        // Wolof has a two-letter code that `Language` does not list; GStreamer reads "wol" as "wo", so the header
        // cannot say which the discoverer would report and leaves the file to it.
        Expected(
            clip: LanguageClips.matroska(name: "wolof", audio: ["wol", "fre"], subtitles: []),
            audio: [Language(tag: "wo"), Language(tag: "fr")], subtitles: [], missing: [],
            summary: "0:02 · 320×240 · H.264 · 2 audio (wo, fr)", fromHeader: false),
    ]

    private static func path(_ clip: LanguageClips.Clip) throws -> String {
        try Fixtures.file("languages-" + clip.fileName) { try LanguageClips.make(clip, at: $0) }
    }

    @Test("Both paths give each file's languages and the same row", arguments: rows)
    func languages(_ row: Expected) throws {
        let path = try Self.path(row.clip)
        let viaDiscoverer = try discoverer.probe(path: path).get()
        let viaHeader = try header.probe(path: path).get()
        #expect(viaHeader == viaDiscoverer)
        #expect(viaDiscoverer.audioLanguages == row.audio)
        #expect(viaDiscoverer.subtitleLanguages == row.subtitles)
        #expect(viaDiscoverer.missingDecoders == row.missing)
        #expect(MediaSummary(viaDiscoverer).text(in: .english) == row.summary)
        let head = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(FileCheck.headLength))
        let outcome = HeaderProber.probe(path: path, head: head)
        if row.fromHeader {
            #expect(outcome == .facts(viaDiscoverer.without(\.file)), "\(outcome)")
        } else {
            guard case .unsure = outcome else {
                Issue.record("the header path decided \(row.clip) itself: \(outcome)")
                return
            }
        }
    }

    @Test("The discoverer path gives the same languages every time, though GStreamer's own reading of subtitles varies")
    func subtitleLanguagesAreSteady() throws {
        let path = try Self.path(LanguageClips.matroska)
        // GStreamer's muxer writes no language element, which Matroska reads as English; its subtitle tags reach
        // the discoverer late more often than ffmpeg's.
        let muxed = try Fixtures.file("languages-gst-subtitled.mkv") { try OddFiles.makeWithSubtitles(at: $0, undecodable: false) }
        // Several at once, as a library scan probes: a busy machine is where the tags come late.
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 16) { [discoverer] index in
            let probed = discoverer.probe(path: index % 2 == 0 ? path : muxed)
            let info = try? probed.get()
            results.add(index % 2 == 0, info.map { $0.audioLanguages + [nil] + $0.subtitleLanguages })
        }
        #expect(results.all.count == 16)
        for (whole, languages) in results.all {
            // Soundtracks preroll, so their tags always arrive; they are the discoverer's own.
            let english = Language(tag: "en"), french = Language(tag: "fr")
            #expect(languages == (whole ? [english, french, nil, english, french] : [nil, english]))
        }
    }

    @Test("A Matroska track libavformat leaves out (its codec contradicts its type) leaves the file to GStreamer")
    func droppedTrack() throws {
        let path = try Fixtures.file("languages-blob-track.mkv") { try OddFiles.makeWithSubtitles(at: $0, undecodable: true) }
        let size = Int(try #require(FileStamp.of(path: path)).size)
        #expect(MatroskaTracks.of(path: path, size: size) == MatroskaTracks(video: 1, audio: 0, subtitles: 1))
        let head = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(FileCheck.headLength))
        #expect(HeaderProber.probe(path: path, head: head) == .unsure("Matroska tracks libavformat does not list"))
        let whole = try Self.path(LanguageClips.matroska)
        let wholeSize = Int(try #require(FileStamp.of(path: whole)).size)
        #expect(MatroskaTracks.of(path: whole, size: wholeSize) == MatroskaTracks(video: 1, audio: 2, subtitles: 2))
        // Cut inside its header, the file has no Tracks element to count.
        #expect(MatroskaTracks.of(path: whole, size: 40) == nil)
    }

    @Test("The subtitle formats the app shows here are told from those it does not")
    func shownFormats() {
        #expect(SubtitleFormats.canShow(mediaType: "text/x-raw") == GStreamer.hasElement("textoverlay"))
        // The app draws text only: picture subtitles are not shown, whatever renders them in GStreamer.
        for pictures in ["subpicture/x-dvd", "subpicture/x-pgs", "subpicture/x-dvb"] {
            #expect(!SubtitleFormats.canShow(mediaType: pictures), "\(pictures)")
        }
        #expect(SubtitleFormats.canShow(mediaType: "application/x-ass") == GStreamer.hasElement("ssaparse"))
        #expect(!SubtitleFormats.canShow(mediaType: "application/x-subtitle-unknown"))
        // Matroska's muxer takes USF subtitles, but nothing shows them: only what shows a format counts.
        #expect(!SubtitleFormats.canShow(mediaType: "application/x-usf"))
    }

    @Test(
        "A subtitle format nothing shows is named with the package that shows it",
        arguments: [
            // No package makes the app draw pictures: they are named alone.
            ("subpicture/x-pgs", "PGS subtitles"),
            ("subpicture/x-dvd", "DVD subtitles"),
            ("subpicture/x-dvb", "DVB subtitles"),
            ("application/x-ass", "ASS subtitles (install gstreamer1.0-plugins-base)"),
            ("text/x-raw", "text subtitles (install gstreamer1.0-x)"),
            ("subtitle/x-kate", "Kate subtitles (install gstreamer1.0-plugins-bad)"),
            ("application/x-usf", "USF subtitles"),
            ("application/x-subtitle-unknown", "an unknown subtitle format"),
            ("application/x-subtitle-foo", "SUBTITLE-FOO subtitles"),
        ])
    func missingWording(mediaType: String, expected: String) {
        #expect(SubtitleFormats.missing(mediaType: mediaType) == expected)
    }
}

/// Probe results gathered from several threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [(Bool, [Language?]?)] = []

    func add(_ whole: Bool, _ languages: [Language?]?) { lock.withLock { items.append((whole, languages)) } }

    var all: [(Bool, [Language?]?)] { lock.withLock { items } }
}

extension MediaInfo {
    /// The same facts without a field the prober adds after reading the header.
    fileprivate func without(_ field: WritableKeyPath<MediaInfo, FileFacts?>) -> MediaInfo {
        var copy = self
        copy[keyPath: field] = nil
        return copy
    }
}
