import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

/// The catalogue's clips, made once per test run, two at a time.
enum Catalogue {
    /// The clips' paths by format name, or why they could not be made.
    static let made: Result<[String: String], SetUpFailure> = {
        let started = ContinuousClock.now
        do {
            let paths = try FormatCatalogue.make(FormatCatalogue.formats, in: Fixtures.folder + "/catalogue")
            print("CATALOGUE: \(paths.count) clips made in \(ContinuousClock.now - started)")
            return .success(paths)
        } catch let failure as SetUpFailure {
            return .failure(failure)
        } catch {
            return .failure(SetUpFailure(description: "\(error)"))
        }
    }()

    /// The clip of `format`.
    static func path(_ format: CatalogueFormat) throws -> String {
        guard let path = try made.get()[format.name] else { throw SetUpFailure(description: "no clip for \(format.name)") }
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
@Suite("Format catalogue")
struct FormatCatalogueTests {
    let prober = MediaProber(timeoutSeconds: 20)
    let maker = PosterMaker(maxHeight: 180, timeoutSeconds: 20)

    @Test("the probe gives the duration, size, codec names, bit depth, HDR, interlacing and container", arguments: FormatCatalogue.formats)
    func probe(_ format: CatalogueFormat) throws {
        let result = prober.probe(path: try Catalogue.path(format))
        let missing = Catalogue.missingDecoders(format)
        guard missing.isEmpty else {
            // No decoder in Debian 12's GStreamer: the row names the codec and the package that would play it.
            switch result {
            case .success(let info):
                #expect(info.missingDecoders.contains(format.videoCodec), "\(info)")
                #expect(info.summary.contains("no decoder for \(format.videoCodec)"))
            case .failure(let failure):
                #expect(failure.message.contains(format.videoCodec) && failure.message.contains(format.package), "\(failure.message)")
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

    @Test("a poster appears, scaled to the row", arguments: FormatCatalogue.formats)
    func poster(_ format: CatalogueFormat) throws {
        guard Catalogue.missingDecoders(format).isEmpty else { return }
        let frame = try maker.poster(path: try Catalogue.path(format), durationMs: format.durationMs).get()
        #expect(frame.height == min(180, format.size.height), "got \(frame.width)×\(frame.height)")
        #expect(PosterMakerTests.hasContent(frame), "the picture is flat")
    }
}

/// It belongs to the serialized Player suite: other tests there count the pipelines alive.
extension PlayerTests {
    /// Pictures playback makes of one interlaced frame: playbin's deinterlacer makes a picture of each field.
    static let picturesPerInterlacedFrame = 2

    @Test("each catalogue format plays to its end with every frame shown (1 % may drop)", arguments: FormatCatalogue.formats)
    func catalogueFormatPlays(_ format: CatalogueFormat) throws {
        guard Catalogue.missingDecoders(format).isEmpty else { return }
        let harness = PlayerHarness(path: try Catalogue.path(format))
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
