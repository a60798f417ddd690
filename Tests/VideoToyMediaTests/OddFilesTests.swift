import Foundation
import Glibc
import Testing
import VideoToyCore
import VideoToyFiles
import VideoToyMediaTesting
import VideoToyText

@testable import VideoToyMedia

/// One odd input, how to make it, and what the prober, the poster maker and a folder scan must say about it.
struct OddFile: Sendable, CustomTestStringConvertible {
    /// What probing must find.
    enum Probe: Sendable {
        /// It plays: the video codec (nil for audio only), the audio codec, codecs without a decoder, the width,
        /// and a fragment of the damage it plays despite (nil: undamaged).
        case plays(video: String?, audio: String?, missing: [String] = [], width: Int? = nil, damaged: String? = nil)
        /// It does not: the `probe` event's `error` code and a fragment of its `message`.
        case fails(code: String, says: String)
    }

    /// What the poster maker must do.
    enum Poster: Sendable {
        /// A picture this many pixels high.
        case picture(height: Int)
        /// No picture, with this failure code.
        case reason(code: String)
        /// No picture (any reason).
        case none
    }

    /// Something the row's file needs kept alive (a socket, a lease, a mount) until the test ends.
    typealias Made = (path: String, keep: AnyObject?)

    let name: String
    let make: @Sendable (_ folder: String) throws -> Made
    let probe: Probe
    let poster: Poster
    /// Whether a scan of the folder lists the file (nil: not checked).
    let listed: Bool?
    /// Run as an unprivileged file-system identity, so mode bits apply even to root.
    var unprivileged = false
    /// The longest a probe (and a poster) may take, in seconds.
    var limitSeconds = 6.0
    var enabled = true
    /// A known bug: the expectation is what should happen, the note what happens today.
    var knownIssue: String?

    var testDescription: String { name }
}

/// Keeps a file descriptor (a bound socket) open until released.
final class HeldDescriptor: @unchecked Sendable {
    let fd: Int32
    init(_ fd: Int32) { self.fd = fd }
    deinit { close(fd) }
}

@Suite("Odd files", .serialized)
struct OddFilesTests {
    /// Short timeouts keep the stalled-file rows quick; the normal clips take well under a second.
    static let timeout = 3
    let prober = MediaProber(timeoutSeconds: OddFilesTests.timeout)
    let maker = PosterMaker(maxHeight: 180, timeoutSeconds: OddFilesTests.timeout)

    static func clip(_ name: String, _ spec: ClipSpec = ClipSpec(durationMs: 1000)) -> @Sendable (String) throws -> OddFile.Made {
        { folder in
            let path = folder + "/" + name
            // Generated under a plain name: gst-launch syntax would eat a backslash or a quote in the location.
            let plain = folder + "/generated-\(UUID().uuidString).mp4"
            try ClipFactory.make(spec, at: plain)
            try FileManager.default.moveItem(atPath: plain, toPath: path)
            return (path, nil)
        }
    }

    static func file(_ name: String, _ body: @escaping @Sendable (String) throws -> Void) -> @Sendable (String) throws -> OddFile.Made {
        { folder in
            let path = folder + "/" + name
            try body(path)
            return (path, nil)
        }
    }

    static let rows: [OddFile] =
        [
            OddFile(
                name: "empty.mp4", make: file("empty.mp4") { try ClipFactory.makeEmpty(at: $0) },
                probe: .fails(code: "empty", says: "empty"), poster: .reason(code: "empty"), listed: true),
            OddFile(
                name: "text named .mp4", make: file("notes.mp4") { try ClipFactory.makeText(at: $0) },
                probe: .fails(code: "not-media", says: "text/plain"), poster: .none, listed: true),
            OddFile(
                name: "MP4 cut before its index", make: file("cut-index.mp4") { try ClipFactory.makeTruncatedBeforeIndex(at: $0) },
                probe: .fails(code: "incomplete", says: "'moov' index is missing"), poster: .none, listed: true),
            // Its index is whole: GStreamer plays it up to the cut and ends with EOS, so it is damaged, not refused.
            OddFile(
                name: "MP4 cut mid-data", make: file("cut-data.mp4") { try ClipFactory.makeTruncatedMidData(at: $0) },
                probe: .plays(video: "H.264", audio: "AAC", width: 320, damaged: "% of its media data"),
                poster: .picture(height: 180), listed: true),
            OddFile(
                name: "valid MP4 named .dat",
                make: file("really-a-video.dat") { try ClipFactory.makeWrongExtension(at: $0, spec: ClipSpec(durationMs: 1000)) },
                probe: .plays(video: "H.264", audio: "AAC", width: 320), poster: .picture(height: 180), listed: true),
            OddFile(
                name: "audio only", make: clip("sound-only.mp4", ClipSpec(durationMs: 1000, videoCodec: .none)),
                probe: .plays(video: nil, audio: "AAC"), poster: .none, listed: true),
            OddFile(
                name: "subtitle track", make: file("subtitled.mkv") { try OddFiles.makeWithSubtitles(at: $0, undecodable: false) },
                probe: .plays(video: "H.264", audio: nil, width: 320), poster: .picture(height: 180), listed: true),
            OddFile(
                name: "undecodable data track", make: file("data-track.mkv") { try OddFiles.makeWithSubtitles(at: $0, undecodable: true) },
                probe: .plays(video: "H.264", audio: nil, missing: ["an unknown subtitle format"], width: 320),
                poster: .picture(height: 180), listed: true),
            OddFile(
                name: "no video decoder",
                make: file("dirac-aac.mp4") { try ClipFactory.makeUndecodable(at: $0, video: true, audio: false) },
                probe: .plays(video: "Dirac", audio: "AAC", missing: ["Dirac"]), poster: .reason(code: "missing-decoder"), listed: true),
            OddFile(
                name: "no audio decoder", make: file("h264-ac4.mp4") { try ClipFactory.makeUndecodable(at: $0, video: false, audio: true) },
                probe: .plays(video: "H.264", audio: "AC-4", missing: ["AC-4"]), poster: .picture(height: 180), listed: true),
            OddFile(
                name: "one of two audio tracks undecodable",
                make: file("two-audio.mp4") { try OddFiles.makeSecondAudioUndecodable(at: $0) },
                probe: .plays(video: "H.264", audio: "AC-4", missing: ["AC-4"]), poster: .picture(height: 180), listed: true),
            OddFile(
                name: "no decoder at all",
                make: file("dirac-ac4.mp4") { try ClipFactory.makeUndecodable(at: $0, video: true, audio: true) },
                probe: .fails(code: "missing-decoder", says: "Dirac"), poster: .reason(code: "missing-decoder"), listed: true),
            OddFile(
                name: "8K picture", make: file("8k.mp4") { try OddFiles.makeHuge(width: 7680, height: 4320, frames: 2, at: $0) },
                probe: .plays(video: "H.264", audio: nil, width: 7680), poster: .picture(height: 180), listed: true),
            // libav refuses pictures of 2^28 pixels: the decoder is installed, so "install gstreamer1.0-libav" would be wrong advice.
            OddFile(
                name: "16384x16384 picture", make: file("16k.mp4") { try OddFiles.makeHuge(width: 16384, height: 16384, at: $0) },
                probe: .fails(code: "missing-decoder", says: "16384×16384"), poster: .reason(code: "missing-decoder"), listed: true,
                limitSeconds: 10),
            OddFile(
                name: "no duration in header", make: file("live.mkv") { try OddFiles.makeWithoutDuration(at: $0) },
                probe: .plays(video: "H.264", audio: "Vorbis", width: 320), poster: .picture(height: 180), listed: true),
            OddFile(
                name: "variable frame rate", make: file("vfr.mp4") { try OddFiles.makeVariableFrameRate(at: $0) },
                probe: .plays(video: "H.264", audio: "AAC", width: 320), poster: .picture(height: 180), listed: true),
            OddFile(
                name: "fragmented MP4", make: file("fragmented.mp4") { try OddFiles.makeFragmented(at: $0) },
                probe: .plays(video: "H.264", audio: "AAC", width: 320), poster: .picture(height: 180), listed: true),
            OddFile(
                name: "corrupted bytes mid-stream", make: file("corrupt.mp4") { try OddFiles.makeCorrupted(at: $0) },
                probe: .plays(video: "H.264", audio: "AAC", width: 320), poster: .picture(height: 180), listed: true),
            OddFile(
                name: "permission denied",
                make: { folder in
                    let path = folder + "/locked.mp4"
                    try ClipFactory.make(ClipSpec(durationMs: 500), at: path)
                    chmod(path, 0)
                    return (path, nil)
                }, probe: .fails(code: "permission-denied", says: "Permission denied"), poster: .reason(code: "permission-denied"),
                listed: true, unprivileged: true),
            OddFile(
                name: "file in an unreadable folder",
                make: { folder in
                    try FileManager.default.createDirectory(atPath: folder + "/closed", withIntermediateDirectories: true)
                    let path = folder + "/closed/inside.mp4"
                    try ClipFactory.make(ClipSpec(durationMs: 500), at: path)
                    chmod(folder + "/closed", 0)
                    return (path, nil)
                }, probe: .fails(code: "permission-denied", says: "Permission denied"), poster: .reason(code: "permission-denied"),
                listed: false, unprivileged: true),
            OddFile(
                name: "dangling symlink", make: file("dangling.mp4") { try OddFiles.makeDanglingSymlink(at: $0) },
                probe: .fails(code: "vanished", says: "gone"), poster: .reason(code: "vanished"), listed: false),
            OddFile(
                name: "symlink loop", make: file("loop.mp4") { try OddFiles.makeSymlinkLoop(at: $0) },
                probe: .fails(code: "not-regular-file", says: "symbolic link loop"), poster: .reason(code: "not-regular-file"),
                listed: false),
            OddFile(
                name: "FIFO named .mp4", make: file("pipe.mp4") { try OddFiles.makeFIFO(at: $0) },
                probe: .fails(code: "not-regular-file", says: "FIFO"), poster: .reason(code: "not-regular-file"), listed: false,
                limitSeconds: 1),
            OddFile(
                name: "socket named .mp4",
                make: { folder in
                    let path = folder + "/socket.mp4"
                    return (path, HeldDescriptor(try OddFiles.makeSocket(at: path)))
                }, probe: .fails(code: "not-regular-file", says: "socket"), poster: .reason(code: "not-regular-file"), listed: false,
                limitSeconds: 1),
            OddFile(
                name: "folder named .mp4",
                make: { folder in
                    let path = folder + "/folder.mp4"
                    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                    return (path, nil)
                }, probe: .fails(code: "not-regular-file", says: "folder"), poster: .reason(code: "not-regular-file"), listed: false,
                limitSeconds: 1),
            // A write lease (Samba, NFS servers) makes a blocking open wait up to 45 s; the probe must not.
            OddFile(
                name: "file under a write lease",
                make: { folder in
                    // Copied through a close-on-exec descriptor: GStreamer's filesink writes through one that a child
                    // spawned meanwhile by another test would inherit, and a lease needs the file open nowhere else.
                    let source = try Fixtures.clip("lease-source.mp4", ClipSpec(durationMs: 500))
                    let path = try OddFiles.copy(source, toFolder: folder, rawName: Array("leased.mp4".utf8))
                    return (path, try FileLease(path: path))
                }, probe: .fails(code: "error", says: "locked by another program"), poster: .none, listed: true,
                limitSeconds: 2),
            // "café.mp4" from an old camera or a Windows share: Latin-1's é is the single byte 0xE9, not UTF-8.
            OddFile(
                name: "name not UTF-8 (Latin-1)",
                make: { folder in
                    let source = try Fixtures.clip("latin1-source.mp4", ClipSpec(durationMs: 500))
                    return (try OddFiles.copy(source, toFolder: folder, rawName: Array("caf".utf8) + [0xE9] + Array(".mp4".utf8)), nil)
                }, probe: .plays(video: "H.264", audio: "AAC", width: 320), poster: .picture(height: 180), listed: true),
        ] + nameRows + stallRows

    /// Names that are legal but awkward: each must probe, make a poster and be listed under exactly that name.
    static let nameRows: [OddFile] = [
        "with space.mp4", "hash#1.mp4", "100%.mp4", "what?.mp4", "new\nline.mp4", "-leading dash.mp4",
        "quote\"and'apostrophe.mp4", "ünïcødé 日本.mp4", "back\\slash.mp4", "semi;colon&amp.mp4",
    ]
    .map { name in
        OddFile(
            name: "name \(name.debugDescription)", make: clip(name, ClipSpec(durationMs: 500)),
            probe: .plays(video: "H.264", audio: "AAC", width: 320), poster: .picture(height: 180), listed: true)
    }

    /// Files on a FUSE file system that stops answering: the probe must give up by itself.
    static let stallRows: [OddFile] = [
        ("stat never answers", StallingFilesystem.Stall.lookup),
        ("open never answers", .open),
        ("read after the header never answers", .read(from: 64 * 1024)),
    ].map { label, stall in
        OddFile(
            name: "stalled share: \(label)",
            make: { _ in
                let clip = try Fixtures.clip("stall-source.mp4", ClipSpec(durationMs: 3000))
                let fs = try StallingFilesystem(files: [
                    .init(name: "stalled.mp4", contents: try Data(contentsOf: URL(fileURLWithPath: clip)), stall: stall)
                ])
                return (fs.path("stalled.mp4"), fs)
            }, probe: .fails(code: "timeout", says: "took longer than \(timeout) s"), poster: .reason(code: "timeout"), listed: nil,
            limitSeconds: Double(timeout) + 3, enabled: StallingFilesystem.isAvailable)
    }

    @Test("Each odd file probes to its expected state quickly, and its poster and listing are right", arguments: rows)
    func oddFile(_ row: OddFile) throws {
        guard row.enabled else { return }
        let folder = try Fixtures.newFolder("odd")
        let made = try row.make(folder)
        defer {
            // Let the clean-up at exit remove it, whatever the mode bits say.
            chmod(folder + "/closed", 0o755)
            if let fs = made.keep as? StallingFilesystem { fs.unmount() }
            withExtendedLifetime(made.keep) {}
        }
        let (prober, maker, path) = (self.prober, self.maker, made.path)
        let run: @Sendable () -> (Result<MediaInfo, ProbeFailure>, Double, Result<VideoFrame, ProbeFailure>, Double) = {
            var start = Date()
            let probe = prober.probe(path: path)
            let probeSeconds = Date().timeIntervalSince(start)
            start = Date()
            let poster = maker.poster(path: path, durationMs: (try? probe.get())?.durationMs)
            return (probe, probeSeconds, poster, Date().timeIntervalSince(start))
        }
        let (probe, probeSeconds, poster, posterSeconds) = row.unprivileged && geteuid() == 0 ? asUnprivilegedThread(run) : run()
        #expect(probeSeconds < row.limitSeconds, "probing took \(probeSeconds) s")
        #expect(posterSeconds < row.limitSeconds, "the poster took \(posterSeconds) s")

        switch (row.probe, probe) {
        case (.plays(let video, let audio, let missing, let width, let damaged), .success(let info)):
            #expect(info.videoCodec == video)
            #expect(info.audioCodec == audio)
            #expect(info.missingDecoders == missing)
            #expect(info.hasVideo == (video != nil), "an audio-only file has no size, so the row says audio only")
            if let width { #expect(info.displaySize?.width == width) }
            if video == nil { #expect(MediaSummary(info).text(in: .english).contains("audio only")) }
            #expect(!MediaSummary(info).text(in: .english).isEmpty)
            if let damaged {
                #expect(info.damage?.contains(damaged) == true, "damage: \(info.damage ?? "none")")
                #expect(MediaSummary(info).text(in: .english).contains("damaged: "), "summary: \(MediaSummary(info).text(in: .english))")
            } else {
                #expect(info.damage == nil, "damage: \(info.damage ?? "none")")
            }
        case (.fails(let code, let says), .failure(let failure)):
            #expect(failure.code == code, "\(failure.text(in: .english))")
            #expect(failure.text(in: .english).contains(says), "message: \(failure.text(in: .english))")
        default:
            Issue.record("expected \(row.probe), got \(probe)")
        }

        switch (row.poster, poster) {
        case (.picture(let height), .success(let frame)):
            #expect(frame.height == height && frame.width > 0)
        case (.reason(let code), .failure(let failure)):
            #expect(failure.code == code, "\(failure.text(in: .english))")
        case (.none, .failure):
            break
        default:
            Issue.record("poster: expected \(row.poster), got \(poster)")
        }

        if let listed = row.listed {
            let scanner = LibraryScanner()
            let start = Date()
            let scan = row.unprivileged && geteuid() == 0 ? asUnprivilegedThread { scanner.scan([folder]) } : scanner.scan([folder])
            // A scan that opened a FIFO or waited on a lease would take 45 s or forever; the bound leaves a loaded machine room.
            #expect(Date().timeIntervalSince(start) < 5, "the scan took too long")
            #expect(scan.videos.contains(made.path) == listed, "scan: \(scan.videos) \(scan.problems)")
        }
    }

    @Test("A folder of every odd file scans quickly and lists exactly the videos, each name intact", .timeLimit(.minutes(2)))
    func scanEverything() throws {
        let folder = try Fixtures.newFolder("odd-all")
        var kept: [AnyObject] = []
        var expected: Set<String> = []
        for row in Self.rows where row.enabled && !row.unprivileged && !row.name.hasPrefix("stalled") {
            let made = try row.make(folder)
            if let keep = made.keep { kept.append(keep) }
            if row.listed == true { expected.insert(made.path) }
        }
        let start = Date()
        let result = LibraryScanner().scan([folder])
        #expect(Date().timeIntervalSince(start) < 8)
        #expect(
            Set(result.videos) == expected,
            "extra: \(Set(result.videos).subtracting(expected)), missing: \(expected.subtracting(result.videos))")
        #expect(result.problems.isEmpty, "\(result.problems)")
        withExtendedLifetime(kept) {}
    }

    @Test("A folder and a file whose names are not UTF-8 are listed, shown readably and opened by their real bytes")
    func notUTF8() throws {
        // Latin-1 "vidéos/café.mp4": each é is the single byte 0xE9, invalid as UTF-8.
        let parent = try Fixtures.newFolder("latin1")
        let folderBytes = PathBytes.encode(parent) + Array("/vid".utf8) + [0xE9] + Array("os".utf8)
        let folder = PathBytes.decode(folderBytes)
        #expect(PathBytes.withCString(folder) { mkdir($0, 0o755) } == 0)
        let source = try Fixtures.clip("latin1-source.mp4", ClipSpec(durationMs: 500))
        let path = try OddFiles.copy(source, toFolder: folder, rawName: Array("caf".utf8) + [0xE9] + Array(".mp4".utf8))
        #expect(PathBytes.encode(path) == folderBytes + Array("/caf".utf8) + [0xE9] + Array(".mp4".utf8))

        // Scanned from the parent, so the scanner has to descend into the folder by its raw name.
        let result = LibraryScanner().scan([parent])
        #expect(result.videos == [path], "\(result.videos)")
        #expect(result.problems.isEmpty, "\(result.problems)")
        // Watching looks at the folder again by its own raw name: it is there, with its file.
        #expect(LibraryScanner().rescan(folder: folder, known: [path]).files == [path])
        let item = LibraryItem(id: ItemID(0), path: path)
        #expect(item.name == "café.mp4")
        #expect(item.folder == parent + "/vidéos")

        let info = try prober.probe(path: path).get()
        #expect(info.videoSize?.width == 320)
        let stamp = try #require(FileStamp.of(path: path))
        #expect(stamp.size > 0)
        // File managers name the thumbnail after the URI of the real bytes.
        #expect(ThumbnailStore.uri(of: path)?.hasSuffix("/vid%E9os/caf%E9.mp4") == true, "\(ThumbnailStore.uri(of: path) ?? "nil")")
    }

    @Test("A leading dash needs `--` on the command line, and then it is a path")
    func leadingDash() throws {
        guard case .run(let options) = try CommandLineParser.parse(["--", "-clip.mp4"]) else {
            Issue.record("-- was not understood")
            return
        }
        #expect(options.paths == ["-clip.mp4"])
        #expect(throws: (any Error).self) { try CommandLineParser.parse(["-clip.mp4"]) }
    }

    @Test(
        "A stalled share blocks no more than one probe at a time, and the others go on", .enabled(if: StallingFilesystem.isAvailable),
        .timeLimit(.minutes(1)))
    func stalledShareDoesNotStarve() throws {
        let clip = try Fixtures.clip("stall-source.mp4", ClipSpec(durationMs: 3000))
        let data = try Data(contentsOf: URL(fileURLWithPath: clip))
        let fs = try StallingFilesystem(files: (0..<4).map { .init(name: "s\($0).mp4", contents: data, stall: .read(from: 4096)) })
        defer { fs.unmount() }
        let prober = self.prober
        let results = ResultsBox(count: 4)
        let start = Date()
        DispatchQueue.concurrentPerform(iterations: 4) { index in results.set(index, prober.probe(path: fs.path("s\(index).mp4"))) }
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed < Double(Self.timeout) * 2 + 2, "four stalled probes in parallel took \(elapsed) s")
        for index in 0..<4 { #expect(results.get(index) == .failure(.timedOut(seconds: Self.timeout))) }
        // A healthy file still probes at once afterwards.
        #expect((try? prober.probe(path: clip).get())?.videoCodec == "H.264")
    }

    @Test(
        "A scan of a share with an entry that never answers lists everything, that one unchecked, and says so",
        .enabled(if: StallingFilesystem.isAvailable), .timeLimit(.minutes(1)))
    func scanStalledShare() throws {
        let fs = try StallingFilesystem(files: [
            .init(name: "a.mp4", contents: Data("x".utf8), stall: .never),
            .init(name: "b-hangs.mp4", contents: Data("x".utf8), stall: .lookup),
            .init(name: "c.mp4", contents: Data("x".utf8), stall: .never),
            .init(name: "d-hangs.txt", contents: Data("x".utf8), stall: .lookup),
        ])
        defer { fs.unmount() }
        let scanner = LibraryScanner(folderTimeoutSeconds: 5, entryTimeoutSeconds: 1)
        let start = Date()
        let result = scanner.scan([fs.mountPoint])
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed < 4, "the scan took \(elapsed) s")
        #expect(result.videos == [fs.path("a.mp4"), fs.path("b-hangs.mp4"), fs.path("c.mp4")], "\(result.problems)")
        #expect(result.problems.count == 2, "\(result.problems) \(result.videos)")
        #expect(result.problems.first?.contains("b-hangs.mp4 did not answer within 1 s; listed without checking") == true)

        // A share that stops answering altogether: the scan gives up on it in bounded time.
        let dead = try StallingFilesystem(files: (0..<6).map { .init(name: "\($0).mp4", contents: Data("x".utf8), stall: .lookup) })
        defer { dead.unmount() }
        let deadStart = Date()
        let deadResult = scanner.scan([dead.mountPoint])
        #expect(Date().timeIntervalSince(deadStart) < 5)
        #expect(deadResult.videos.count == 3 && deadResult.problems.last?.contains("stopped answering") == true, "\(deadResult)")
    }

    @Test(
        "A scan of a share whose entries fail with an error lists the videos unchecked and says why, never silently",
        .enabled(if: StallingFilesystem.isAvailable), .timeLimit(.minutes(1)),
        arguments: [EIO, ENOTCONN, ESTALE])
    func scanFailingEntries(code: Int32) throws {
        let fs = try StallingFilesystem(files: [
            .init(name: "a.mp4", contents: Data("x".utf8), stall: .never),
            .init(name: "b-fails.mp4", contents: Data("x".utf8), stall: .lookupFails(code)),
            .init(name: "c.mp4", contents: Data("x".utf8), stall: .never),
            .init(name: "d-fails.txt", contents: Data("x".utf8), stall: .lookupFails(code)),
        ])
        defer { fs.unmount() }
        let result = LibraryScanner(folderTimeoutSeconds: 5, entryTimeoutSeconds: 1).scan([fs.mountPoint])
        #expect(result.videos == [fs.path("a.mp4"), fs.path("b-fails.mp4"), fs.path("c.mp4")])
        let reason = String(cString: strerror(code))
        #expect(
            result.problems == [
                "\(fs.path("b-fails.mp4")) could not be checked (\(reason)); listed without checking",
                "\(fs.path("d-fails.txt")) could not be checked (\(reason)); skipped",
            ])
        // Given by itself: still listed (the probe says more), and the error is said with its name.
        let given = LibraryScanner(folderTimeoutSeconds: 5, entryTimeoutSeconds: 1).scan([fs.path("b-fails.mp4")])
        #expect(given.videos == [fs.path("b-fails.mp4")])
        #expect(given.problems == ["\(fs.path("b-fails.mp4")) could not be checked (\(reason))"])
    }
}
