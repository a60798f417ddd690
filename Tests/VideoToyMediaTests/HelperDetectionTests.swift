import Foundation
import Testing
import VideoToyCore

@testable import VideoToyMedia

/// uchardet runs only in a media helper: the app's legacy subtitle files are still detected and converted through
/// it, and a helper that crashes or hangs on a file's bytes, or does not start, leaves that file in the encoding the
/// decision falls back to, without crashing or hanging the app, whose next file is detected again.
@Suite("Charset detection in the media helper")
struct HelperDetectionTests {
    /// One sample: its text, the encoding it is written in, and its first cue.
    struct Sample: CustomTestStringConvertible, Sendable {
        let encoding: TextEncoding
        let text: String
        let firstCue: String
        var testDescription: String { encoding.rawValue }
    }

    static let samples = [
        Sample(encoding: .gbk, text: LegacyEncodingTests.chinese, firstCue: "我们今天晚上去看电影吧"),
        Sample(encoding: .shiftJIS, text: LegacyEncodingTests.japanese, firstCue: "今日はとても良い天気ですね"),
        Sample(encoding: .windows1251, text: LegacyEncodingTests.russian, firstCue: "Сегодня очень хорошая погода"),
    ]

    /// A helper backend with the test-only fault `fault`, answering detections within `detectionSeconds`.
    static func backend(fault: String? = nil, detectionSeconds: Int = 3) throws -> HelperBackend {
        try #require(FileManager.default.isExecutableFile(atPath: MediaHelperTests.app), "build the app first: \(MediaHelperTests.app)")
        return HelperBackend(
            executable: MediaHelperTests.app, environment: fault.map { ["VIDEOTOY_HELPER_FAULT": $0] } ?? [:],
            detectionSeconds: detectionSeconds)
    }

    /// `text` as SubRip in `encoding`, its first cue ending with `marker` (which a fault can match).
    static func file(_ text: String, in encoding: TextEncoding, marker: String = "") throws -> [UInt8] {
        let source = LegacyEncodingTests.subRip(text)
        let marked = source.replacingOccurrences(of: "\n\n", with: marker.isEmpty ? "\n\n" : " \(marker)\n\n", options: [], range: nil)
        return try LegacyEncodingTests.iconv(marker.isEmpty ? source : marked, to: encoding)
    }

    /// The first cue's text, as the app shows it.
    static func firstCue(_ sidecars: SidecarSubtitles, _ id: TrackID) -> String? {
        LegacyEncodingTests.texts(sidecars, id).first
    }

    @Test("a GBK, Shift-JIS and Windows-1251 file is detected by the helper and converted exactly", arguments: samples)
    func detected(_ sample: Sample) throws {
        let backend = try Self.backend()
        let bytes = try Self.file(sample.text, in: sample.encoding)
        let name = try #require(backend.detectCharset(bytes[...]))
        #expect(TextEncoding(name: name)?.family == sample.encoding.family, "\(name)")
        let (sidecars, id) = try LegacyEncodingTests.read(bytes, backend: backend)
        #expect(sidecars.encodings[id]?.reason == .detected, "\(String(describing: sidecars.encodings[id]))")
        #expect(Self.firstCue(sidecars, id) == sample.firstCue)
        #expect(backend.helpersStarted == 1)
    }

    @Test("no helper is asked about an empty start")
    func empty() throws {
        let backend = try Self.backend()
        #expect(backend.detectCharset([][...]) == nil)
        #expect(backend.helpersStarted == 0)
    }

    @Test("a helper that crashes on a file's bytes leaves it in the fallback encoding, and the next file is detected")
    func crash() throws {
        let backend = try Self.backend(fault: "crash:boom")
        let (bad, id) = try LegacyEncodingTests.read(
            try Self.file(LegacyEncodingTests.russian, in: .windows1251, marker: "boom"), backend: backend)
        #expect(bad.encodings[id] == EncodingDecision(.windows1252, .fallback))
        #expect(Self.firstCue(bad, id)?.hasPrefix("Ñåãîäíÿ") == true, "\(String(describing: Self.firstCue(bad, id)))")
        let (good, _) = try LegacyEncodingTests.read(try Self.file(LegacyEncodingTests.russian, in: .windows1251), backend: backend)
        #expect(good.encodings[id] == EncodingDecision(.windows1251, .detected))
        #expect(Self.firstCue(good, id) == "Сегодня очень хорошая погода")
        #expect(backend.helpersStarted == 2)
    }

    @Test("a helper that hangs on a file's bytes is killed within the detection's time, the file falls back, the next is detected")
    func hang() throws {
        let backend = try Self.backend(fault: "hang:stuck", detectionSeconds: 2)
        let start = ContinuousClock.now
        let bytes = try Self.file(LegacyEncodingTests.japanese, in: .shiftJIS, marker: "stuck")
        let (bad, id) = try LegacyEncodingTests.read(bytes, reading: SubtitleReading(language: Language(tag: "ja")), backend: backend)
        #expect(ContinuousClock.now - start < .seconds(SidecarReader.secondsPerStep))
        // Not "too slow": the detection gave up before the sidecar reader would, and the user's language decided.
        #expect(bad.encodings[id] == EncodingDecision(.shiftJIS, .language))
        #expect(Self.firstCue(bad, id) == "今日はとても良い天気ですね stuck")
        let (good, _) = try LegacyEncodingTests.read(try Self.file(LegacyEncodingTests.japanese, in: .shiftJIS), backend: backend)
        #expect(good.encodings[id] == EncodingDecision(.shiftJIS, .detected))
        #expect(backend.helpersStarted == 2)
    }

    @Test("with every helper busy on a stuck probe, a detection gives up within its time, and is answered afterwards")
    func busy() throws {
        let backend = HelperBackend(
            executable: MediaHelperTests.app, helpers: 1, requestSeconds: 4, environment: ["VIDEOTOY_HELPER_FAULT": "hang:stuck"],
            detectionSeconds: 2)
        let stuck = try MediaHelperTests.clip("stuck.mp4")
        let probed = DispatchSemaphore(value: 0)
        Thread {
            _ = backend.probe(path: stuck)
            probed.signal()
        }.start()
        // The helper is counted once it is launched, which its request does holding the only slot.
        let launched = ContinuousClock.now
        while backend.helpersStarted == 0, ContinuousClock.now - launched < .seconds(30) { usleep(10_000) }
        let bytes = try Self.file(LegacyEncodingTests.russian, in: .windows1251)
        let start = ContinuousClock.now
        #expect(backend.detectCharset(bytes[...]) == nil)
        #expect(ContinuousClock.now - start < .seconds(SidecarReader.secondsPerStep))
        #expect(probed.wait(timeout: .now() + 30) == .success)
        #expect(backend.detectCharset(bytes[...]).flatMap { TextEncoding(name: $0) } == .windows1251)
    }

    @Test("with no helper to ask, a legacy file falls back at once and nothing crashes")
    func noHelper() throws {
        let backend = HelperBackend(executable: "/nonexistent/videotoy", confinement: .selfOnly)
        let start = ContinuousClock.now
        let (sidecars, id) = try LegacyEncodingTests.read(try Self.file(LegacyEncodingTests.russian, in: .windows1251), backend: backend)
        #expect(ContinuousClock.now - start < .seconds(SidecarReader.secondsPerStep))
        #expect(sidecars.encodings[id] == EncodingDecision(.windows1252, .fallback))
        #expect(Self.firstCue(sidecars, id)?.isEmpty == false)
    }

    @Test("a charset name is 1 to 64 printable ASCII characters, or none")
    func names() {
        #expect(HelperWire.charsetName(Array("WINDOWS-1251".utf8)) == "WINDOWS-1251")
        #expect(HelperWire.charsetName([]) == nil)
        #expect(HelperWire.charsetName(Array(repeating: 0x41, count: 65)) == nil)
        #expect(HelperWire.charsetName(Array(repeating: 0x41, count: 64))?.count == 64)
        #expect(HelperWire.charsetName(Array("UTF 8".utf8)) == nil)
        #expect(HelperWire.charsetName([0x47, 0x42, 0xC3, 0xA9]) == nil)
        #expect(HelperWire.charsetName([0x47, 0x00]) == nil)
    }
}
