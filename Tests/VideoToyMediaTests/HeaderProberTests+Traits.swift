import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

/// A clip whose picture traits (bit depth, HDR transfer, interlacing) the header path must get right or leave alone.
struct TraitClip: Sendable, CustomTestStringConvertible {
    /// The clip as ffmpeg makes it, with the facts the discoverer must report.
    let format: CatalogueFormat
    /// Whether the header path reads it (false: it goes to the discoverer).
    let fromHeader: Bool

    var testDescription: String { format.name }

    private static let picture = ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=1"]
    private static let x264 = ["-c:v", "libx264", "-preset", "ultrafast"]
    private static let bt2020 = ["-color_primaries", "bt2020", "-colorspace", "bt2020nc", "-pix_fmt", "yuv420p10le"]

    private static func h264(
        _ name: String, _ fileExtension: String, _ arguments: [String], bitDepth: Int = 8, transfer: VideoTransfer? = nil,
        interlaced: Bool = false, fromHeader: Bool
    ) -> TraitClip {
        TraitClip(
            format: CatalogueFormat(
                name: name, fileExtension: fileExtension, arguments: picture + x264 + arguments, durationMs: 1000, frames: 25,
                videoCodec: "H.264", audioCodec: nil, bitDepth: bitDepth, transfer: transfer, interlaced: interlaced,
                container: .common, decoders: ["avdec_h264"], package: "gstreamer1.0-libav"),
            fromHeader: fromHeader)
    }

    /// The clips: what the header path reads, and what it must leave to the discoverer.
    static let all: [TraitClip] = [
        h264("h264-8bit", "mp4", [], fromHeader: true),
        h264("h264-10bit", "mp4", ["-pix_fmt", "yuv420p10le"], bitDepth: 10, fromHeader: true),
        h264("h264-444-10bit", "mkv", ["-pix_fmt", "yuv444p10le"], bitDepth: 10, fromHeader: true),
        h264("h264-pq", "mp4", bt2020 + ["-color_trc", "smpte2084"], bitDepth: 10, transfer: .pq, fromHeader: true),
        h264("h264-hlg", "mkv", bt2020 + ["-color_trc", "arib-std-b67"], bitDepth: 10, transfer: .hlg, fromHeader: true),
        // PQ said only inside the stream: the container has no colour box, so the two disagree and GStreamer decides.
        h264(
            "h264-pq-in-stream", "mp4", ["-pix_fmt", "yuv420p10le", "-x264-params", "transfer=smpte2084"], bitDepth: 10,
            transfer: .pq, fromHeader: false),
        // Parameter sets that may change in band: the parser would follow them, the header cannot.
        h264("h264-avc3", "mp4", ["-tag:v", "avc3"], fromHeader: false),
        // Field-coded pictures: whether they decode as interlaced is only seen by decoding.
        h264(
            "h264-interlaced", "mp4", ["-flags", "+ildct+ilme", "-x264-params", "interlaced=1:tff=1"], interlaced: true,
            fromHeader: false),
        TraitClip(
            format: CatalogueFormat(
                name: "vp8", fileExtension: "webm", arguments: picture + ["-c:v", "libvpx", "-deadline", "realtime"],
                durationMs: 1000, frames: 25, videoCodec: "VP8", audioCodec: nil, container: .common, decoders: ["vp8dec"],
                package: "gstreamer1.0-plugins-good"),
            fromHeader: true),
        TraitClip(
            format: CatalogueFormat(
                name: "hevc-10bit", fileExtension: "mp4",
                arguments: picture + ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1"]
                    + ["-pix_fmt", "yuv420p10le"],
                durationMs: 1000, frames: 25, videoCodec: "H.265", audioCodec: nil, bitDepth: 10, container: .common,
                decoders: ["avdec_h265"], package: "gstreamer1.0-libav"),
            fromHeader: false),
    ]

    /// The clips' paths by name, made once per run on a thread of their own.
    static let made = Task<[String: String], any Error> {
        try await Catalogue.onOwnThread { try FormatCatalogue.make(all.map(\.format), in: Fixtures.folder + "/header-traits") }
    }
}

extension HeaderProberTests {
    @Test("Bit depth, HDR and interlacing: read from the header only where the codec configuration fixes them", arguments: TraitClip.all)
    func pictureTraits(_ clip: TraitClip) async throws {
        guard Catalogue.missingDecoders(clip.format).isEmpty else { return }
        let path = try #require(try await TraitClip.made.value[clip.format.name])
        let head = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(FileCheck.headLength))
        let outcome = HeaderProber.probe(path: path, head: head)
        if case .facts = outcome { #expect(clip.fromHeader) } else { #expect(!clip.fromHeader, "\(outcome)") }
        let viaDiscoverer = try await Catalogue.onOwnThread { [discoverer] in try discoverer.probe(path: path).get() }
        let viaHeader = try await Catalogue.onOwnThread { [header] in try header.probe(path: path).get() }
        #expect(viaHeader == viaDiscoverer)
        // The clip is what it claims to be, so the comparison covers the case it names.
        #expect(viaDiscoverer.bitDepth == clip.format.bitDepth)
        #expect(viaDiscoverer.transfer == clip.format.transfer)
        #expect(viaDiscoverer.interlaced == clip.format.interlaced)
        #expect(viaDiscoverer.container == .common)
    }

    @Test("The format catalogue: both paths give the same facts", arguments: FormatCatalogue.formats)
    func catalogueFormat(_ format: CatalogueFormat) async throws {
        let path = try await Catalogue.path(format)
        let viaHeader = try await Catalogue.onOwnThread { [header] in header.probe(path: path) }
        let viaDiscoverer = try await Catalogue.onOwnThread { [discoverer] in discoverer.probe(path: path) }
        #expect(viaHeader == viaDiscoverer)
    }
}
