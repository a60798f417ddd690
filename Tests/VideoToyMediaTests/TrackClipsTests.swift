import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

/// The track fixtures hold what they declare: ffprobe finds the declared streams, languages, titles and flags,
/// ffmpeg decodes the declared tones and cues, and the sidecar files have the declared bytes.
@Suite("Track clips")
struct TrackClipsTests {
    /// The set, made once per run on a thread of its own.
    private static let made = Task<TrackClipSet, any Error> {
        try await Catalogue.onOwnThread {
            let started = ContinuousClock.now
            let set = try TrackClips.make(in: Fixtures.folder + "/track-clips")
            print("TRACK CLIPS: made in \(ContinuousClock.now - started)")
            return set
        }
    }

    private static func clip(_ fileName: String) async throws -> TrackClip {
        try #require(try await made.value.clips.first { $0.fileName == fileName })
    }

    // ffprobe's codec names, in the words the track list uses.
    private static let codecNames = [
        "aac": "AAC", "opus": "Opus", "subrip": "SubRip", "ass": "ASS", "mov_text": "Timed Text", "webvtt": "WebVTT",
    ]

    @Test("ffprobe finds the declared audio and subtitle tracks", arguments: ["tracks.mkv", "movtext.mp4", "webvtt.webm", "plain.mp4"])
    func streams(_ fileName: String) async throws {
        let clip = try await Self.clip(fileName)
        let probed = try Self.probe(clip.path)
        #expect(probed.audio == clip.audio)
        #expect(probed.subtitles == clip.subtitles)
        #expect(abs(probed.durationMs - clip.durationMs) <= 100, "duration \(probed.durationMs)")
        #expect(probed.videoSizes == [TrackClips.pictureSize])
    }

    @Test("each audio track plays its own tone", arguments: ["tracks.mkv", "movtext.mp4", "webvtt.webm", "plain.mp4"])
    func tones(_ fileName: String) async throws {
        let clip = try await Self.clip(fileName)
        #expect(clip.tones.count == clip.audio.count)
        for track in clip.audio {
            guard case .audio(let index) = track.id else { continue }
            let expected = try #require(clip.tones[track.id])
            let heard = try Self.dominantHertz(clip.path, audioIndex: index)
            #expect(abs(heard - Double(expected)) < Double(expected) * 0.05, "\(track.id): \(heard) Hz")
        }
    }

    @Test("each subtitle track decodes to the declared cues", arguments: ["tracks.mkv", "movtext.mp4", "webvtt.webm"])
    func cues(_ fileName: String) async throws {
        let clip = try await Self.clip(fileName)
        for track in clip.subtitles {
            guard case .subtitles(let index) = track.id else { continue }
            let decoded = try Self.subtitleCues(clip.path, subtitleIndex: index)
            let declared = try #require(clip.cues[track.id])
            #expect(decoded.map(\.text) == declared.map(\.text), "\(track.id)")
            // Matroska and WebM shift every stream by the audio encoder's priming, a few tens of milliseconds.
            for (got, want) in zip(decoded, declared) {
                #expect(abs(got.startMs - want.startMs) <= 50 && abs(got.endMs - want.endMs) <= 50, "\(track.id): \(got) for \(want)")
            }
        }
        #expect(clip.text(of: .subtitles(0), atMs: clip.durationMs / 4) == clip.cues[.subtitles(0)]?.first?.text)
    }

    @Test("the sidecar files hold the declared bytes", arguments: TrackClips.sidecarNames)
    func sidecar(_ fileName: String) async throws {
        let set = try await Self.made.value
        let file = try #require(set.sidecar(fileName))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
        #expect(file.path == set.folder + "/" + fileName)
        #expect(file.track.id == .sidecar(fileName))
        switch file.damage {
        case .empty:
            #expect(bytes.isEmpty)
        case .notText:
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(String(data: bytes, encoding: .utf8) == nil)
        case .none, .malformedHalfway:
            let encoding = try #require(file.encoding)
            #expect(bytes.starts(with: [0xFF, 0xFE]) == file.hasByteOrderMark)
            let text = try #require(String(data: file.hasByteOrderMark ? bytes.dropFirst(2) : bytes, encoding: encoding))
            for cue in file.cues { #expect(text.contains(cue.text), "\(cue.text) in \(text)") }
            // A legacy or UTF-16 file must not pass for UTF-8, or it would test nothing.
            #expect((String(data: bytes, encoding: .utf8) != nil) == (encoding == .utf8))
            let lastCue = try #require(file.cues.last)
            let afterCues = text.components(separatedBy: lastCue.text).last ?? ""
            #expect(afterCues.contains("-->") == (file.damage == .malformedHalfway))
            // GStreamer's subtitle typefinder names no file shorter than this, whatever its text.
            #expect(bytes.count >= 129)
        }
    }

    @Test("the sidecars are named for plain.mp4, with their languages and the forced flag")
    func sidecarTracks() async throws {
        let set = try await Self.made.value
        #expect(set.sidecars.map(\.fileName) == TrackClips.sidecarNames)
        #expect(set.sidecars.map { $0.track.language?.shortCode } == ["en", "fr", "de", "fr", "it", "es", "pt"])
        #expect(set.sidecars.filter(\.track.isForced).map(\.fileName) == ["plain.fr.forced.ass"])
        #expect(set.sidecars.allSatisfy { $0.track.isExternal && FileManager.default.fileExists(atPath: $0.path) })
        #expect(set.plain.subtitles.isEmpty)
    }

    /// What ffprobe says of a file's streams, in the fixtures' terms.
    private struct Probed {
        var audio: [MediaTrack] = []
        var subtitles: [MediaTrack] = []
        var videoSizes: [PixelSize] = []
        var durationMs = 0
    }

    private static func probe(_ path: String) throws -> Probed {
        let output = try run(
            "ffprobe",
            [
                "-v", "error", "-show_entries",
                "stream=codec_type,codec_name,width,height:stream_tags=language,title:stream_disposition=default,forced:format=duration",
                "-of", "json", path,
            ])
        let json = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        var probed = Probed()
        probed.durationMs = Int((Double((json["format"] as? [String: Any])?["duration"] as? String ?? "") ?? 0) * 1000)
        for stream in json["streams"] as? [[String: Any]] ?? [] {
            let tags = stream["tags"] as? [String: String] ?? [:]
            let disposition = stream["disposition"] as? [String: Int] ?? [:]
            let codec = (stream["codec_name"] as? String).map { codecNames[$0] ?? $0 }
            func track(_ id: TrackID) -> MediaTrack {
                MediaTrack(
                    id: id, language: tags["language"].flatMap(Language.init(tag:)), title: tags["title"], codec: codec,
                    isDefault: disposition["default"] == 1, isForced: disposition["forced"] == 1)
            }
            switch stream["codec_type"] as? String {
            case "audio": probed.audio.append(track(.audio(probed.audio.count)))
            case "subtitle": probed.subtitles.append(track(.subtitles(probed.subtitles.count)))
            case "video": probed.videoSizes.append(PixelSize(width: stream["width"] as? Int ?? 0, height: stream["height"] as? Int ?? 0))
            default: break
            }
        }
        return probed
    }

    /// The frequency of the tone audio track `audioIndex` plays in its first second, from its zero crossings.
    private static func dominantHertz(_ path: String, audioIndex: Int) throws -> Double {
        let raw = try run(
            "ffmpeg", ["-v", "error", "-i", path, "-map", "0:a:\(audioIndex)", "-t", "1", "-ac", "1", "-ar", "48000", "-f", "f32le", "-"])
        let samples = raw.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        // A crossing counts only from well below zero to well above it, or back: AAC's coding noise makes the
        // signal chatter around zero (the tones peak at 0.125).
        var (side, crossings) = (0, 0)
        for sample in samples where abs(sample) > 0.03 {
            let now = sample > 0 ? 1 : -1
            if now != side { (side, crossings) = (now, crossings + 1) }
        }
        return Double(crossings) / 2 / (Double(samples.count) / 48000)
    }

    /// The cues of subtitle track `subtitleIndex` as ffmpeg decodes them, tags left out.
    private static func subtitleCues(_ path: String, subtitleIndex: Int) throws -> [FixtureCue] {
        let srt = String(
            decoding: try run("ffmpeg", ["-v", "error", "-i", path, "-map", "0:s:\(subtitleIndex)", "-f", "srt", "-"]), as: UTF8.self)
        return srt.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n").map(String.init)
            guard lines.count >= 3 else { return nil }
            let times = lines[1].components(separatedBy: " --> ").map(milliseconds)
            let text = lines[2...].joined(separator: "\n").replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            return FixtureCue(startMs: times[0], endMs: times.last ?? 0, text: text)
        }
    }

    /// "00:00:03,021" in milliseconds.
    private static func milliseconds(_ clock: String) -> Int {
        let parts = clock.split(whereSeparator: { $0 == ":" || $0 == "," }).compactMap { Int($0) }
        guard parts.count == 4 else { return -1 }
        return ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 1000 + parts[3]
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SetUpFailure(description: "\(tool) \(arguments) exited with \(process.terminationStatus)")
        }
        return data
    }
}
