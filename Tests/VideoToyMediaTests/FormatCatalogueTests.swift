import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting
import VideoToyText

@testable import VideoToyMedia

/// The catalogue's clips, made once per test run, two at a time.
enum Catalogue {
    /// The clips' paths by format name, made on a thread of their own: tests wait for them without holding one of
    /// the few threads that run every suite's tests (on two cores, two tests blocked here stalled the others).
    private static let made = Task<[String: String], any Error> {
        try await onOwnThread {
            let started = ContinuousClock.now
            let paths = try FormatCatalogue.make(FormatCatalogue.formats, in: Fixtures.folder + "/catalogue")
            print("CATALOGUE: \(paths.count) clips made in \(ContinuousClock.now - started)")
            return paths
        }
    }

    /// Runs `body` on a thread of its own and waits for it without blocking the caller's thread.
    static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Every clip's path, by format name.
    static func paths() async throws -> [String: String] { try await made.value }

    /// The clip of `format`.
    static func path(_ format: CatalogueFormat) async throws -> String {
        guard let path = try await paths()[format.name] else { throw SetUpFailure(description: "no clip for \(format.name)") }
        return path
    }

    /// The decoders `format` needs that are not installed here.
    static func missingDecoders(_ format: CatalogueFormat) -> [String] {
        format.decoders.filter { !GStreamer.hasElement($0) }
    }
}

extension CatalogueFormat: CustomTestStringConvertible {
    public var testDescription: String { name }
}

/// The encodings people really have: each probes to the right facts and gets a poster.
/// One at a time, each on a thread of its own, so the catalogue never holds up the threads other suites' tests run on.
@Suite("Format catalogue", .serialized)
struct FormatCatalogueTests {
    let prober = MediaProber(timeoutSeconds: 20)
    let maker = PosterMaker(maxHeight: 180, timeoutSeconds: 20)

    @Test("the probe gives the duration, size, codec names, bit depth, HDR, interlacing and container", arguments: FormatCatalogue.formats)
    func probe(_ format: CatalogueFormat) async throws {
        let path = try await Catalogue.path(format)
        let result = try await Catalogue.onOwnThread { [prober] in prober.probe(path: path) }
        let missing = Catalogue.missingDecoders(format)
        guard missing.isEmpty else {
            // No decoder in Debian 12's GStreamer: the row names the codec and the package that would play it.
            switch result {
            case .success(let info):
                #expect(info.missingDecoders.contains(format.videoCodec), "\(info)")
                #expect(info.summary.contains("no decoder for \(format.videoCodec)"))
            case .failure(let failure):
                #expect(
                    failure.text(in: .english).contains(format.videoCodec) && failure.text(in: .english).contains(format.package),
                    "\(failure.text(in: .english))")
            }
            return
        }
        let info = try result.get()
        #expect(info.durationMs.map { abs($0 - format.durationMs) <= 100 } == true, "duration \(info.durationMs ?? -1)")
        #expect(info.videoSize == format.size)
        #expect(info.videoCodec == format.videoCodec)
        #expect(info.audioCodec == format.audioCodec)
        #expect(info.missingDecoders.isEmpty)
        #expect(info.bitDepth == format.bitDepth)
        #expect(info.transfer == format.transfer)
        #expect(info.interlaced == format.interlaced)
        #expect(info.container == format.container)
        // The row's line says what a user would check the file for.
        let summary = info.summary
        let size = "\(format.size.width)×\(format.size.height)" + (format.interlaced ? "i" : "")
        #expect(summary.contains(" · \(size) · \(format.videoCodec)"), "\(summary)")
        #expect(summary.contains("10-bit") == (format.bitDepth == 10), "\(summary)")
        #expect(summary.contains("HDR") == (format.transfer != nil), "\(summary)")
        print("CATALOGUE \(format.name): \(summary)")
    }

    @Test("a bare H.264 stream, with no container around it, names none")
    func bareStreamHasNoContainer() async throws {
        let path = try Fixtures.file("bare.h264") { path in
            try ClipFactory.runPipeline(
                "videotestsrc num-buffers=25 ! video/x-raw,width=320,height=240,framerate=25/1 ! "
                    + "x264enc speed-preset=ultrafast ! h264parse ! video/x-h264,stream-format=byte-stream ! filesink location=\"\(path)\"")
        }
        let info = try await Catalogue.onOwnThread { [prober] in prober.probe(path: path) }.get()
        #expect(info.videoCodec == "H.264")
        #expect(info.container == nil)
    }

    @Test("a poster appears, scaled to the row", arguments: FormatCatalogue.formats)
    func poster(_ format: CatalogueFormat) async throws {
        guard Catalogue.missingDecoders(format).isEmpty else { return }
        let path = try await Catalogue.path(format)
        let frame = try await Catalogue.onOwnThread { [maker] in maker.poster(path: path, durationMs: format.durationMs) }.get()
        #expect(frame.height == min(180, format.size.height), "got \(frame.width)×\(frame.height)")
        #expect(PosterMakerTests.hasContent(frame), "the picture is flat")
    }
}

/// It belongs to the serialized Player suite: other tests there count the pipelines alive.
extension PlayerTests {
    /// Pictures playback makes of one interlaced frame: playbin's deinterlacer makes a picture of each field.
    static let picturesPerInterlacedFrame = 2

    @Test("each catalogue format plays to its end with every frame shown (1 % may drop)", arguments: FormatCatalogue.formats)
    func catalogueFormatPlays(_ format: CatalogueFormat) async throws {
        guard Catalogue.missingDecoders(format).isEmpty else { return }
        let harness = PlayerHarness(path: try await Catalogue.path(format))
        let player = try #require(harness.player)
        defer { player.close() }
        player.play()
        // Generous: 1080 lines on a loaded CI machine decode slower than real time.
        let end = harness.runToEnd(seconds: Double(format.durationMs) / 100 + 10)
        #expect(end == .endOfStream, "\(harness.messages)")
        // The first picture is presented twice: paused on it while the file opens, and again when playing starts.
        let expected = format.frames * (format.interlaced ? PlayerTests.picturesPerInterlacedFrame : 1) + 1
        let shown = harness.output.frames.withLock { $0 }
        let dropped = max(0, expected - shown)
        print("CATALOGUE \(format.name): \(shown) pictures of \(expected), \(dropped) dropped")
        #expect(dropped * 100 <= expected, "\(shown) of \(expected) pictures shown")
        #expect(shown <= expected, "\(shown) pictures for \(expected)")
    }
}
