import Foundation
import Glibc
import Testing
import VideoToyCore
import VideoToyMedia
import VideoToyMediaTesting
import VideoToyText

/// Probes and posters made by sandboxed helper processes: a helper that crashes, hangs or runs out of memory costs
/// its file (with a reason the cache keeps), the next request gets a new helper, and the helper has no network.
@Suite("Media helper")
struct MediaHelperTests {
    /// The app's binary, which is the helper: next to this test executable in `.build/<config>`.
    static var app: String {
        if let path = ProcessInfo.processInfo.environment["VIDEOTOY_BIN"] { return path }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("videotoy").path
    }

    /// A helper backend with the test-only fault `fault` ("crash:NAME" and so on).
    static func backend(fault: String? = nil, requestSeconds: Int = 15, confinement: HelperBackend.Confinement = .bubblewrapWhenPresent)
        throws -> HelperBackend
    {
        try #require(FileManager.default.isExecutableFile(atPath: app), "build the app first: \(app)")
        return HelperBackend(
            executable: app, requestSeconds: requestSeconds, confinement: confinement,
            environment: fault.map { ["VIDEOTOY_HELPER_FAULT": $0] } ?? [:])
    }

    /// A playable clip named `name` (the faults pick their file by name).
    static func clip(_ name: String) throws -> String {
        try Fixtures.clip(name, ClipSpec(durationMs: 1000))
    }

    struct FaultCase: CustomTestStringConvertible, Sendable {
        let fault: String
        let file: String
        let requestSeconds: Int
        let expected: ProbeFailure
        let code: String
        var testDescription: String { fault }
    }

    static let faults = [
        FaultCase(fault: "crash:boom", file: "boom.mp4", requestSeconds: 15, expected: .readerCrashed, code: "crashed"),
        FaultCase(fault: "hang:stuck", file: "stuck.mp4", requestSeconds: 3, expected: .readerStuck(seconds: 3), code: "stuck"),
        FaultCase(
            fault: "allocate:greedy", file: "greedy.mp4", requestSeconds: 15,
            expected: .readerOutOfMemory(megabytes: Int(MediaHelper.memoryLimitBytes >> 20)), code: "out-of-memory"),
    ]

    @Test("a helper that fails on a file gives that file a reason, and a new helper answers the next", arguments: faults)
    func failingHelper(_ fault: FaultCase) throws {
        let backend = try Self.backend(fault: fault.fault, requestSeconds: fault.requestSeconds)
        let bad = try Self.clip(fault.file), good = try Self.clip("fine.mp4")
        #expect(try #require(backend.probe(path: good).get().videoSize) == PixelSize(width: 320, height: 240))
        let result = backend.probe(path: bad)
        #expect(result == .failure(fault.expected))
        #expect(fault.expected.code == fault.code)
        #expect(fault.expected.text(in: .english).hasSuffix("it is skipped."))
        // The failed helper was replaced: the next file is answered.
        #expect(try #require(backend.probe(path: good).get().durationMs) > 0)
        #expect(backend.helpersStarted == 2)
    }

    @Test("a helper idle for the backend's idle time ends, and the next request starts another that answers")
    func idleHelperEnds() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.app), "build the app first: \(Self.app)")
        let backend = HelperBackend(executable: Self.app, idleSeconds: 1)
        let good = try Self.clip("fine.mp4")
        #expect(try #require(backend.probe(path: good).get().durationMs) > 0)
        #expect(backend.helpersRunning == 1)
        let deadline = ContinuousClock.now + .seconds(30)
        while backend.helpersRunning > 0, ContinuousClock.now < deadline { usleep(50_000) }
        #expect(backend.helpersRunning == 0)
        #expect(try #require(backend.probe(path: good).get().durationMs) > 0)
        #expect(backend.helpersStarted == 2)
    }

    @Test("without an idle time a helper stays for the next request")
    func helperStaysWithoutIdleTime() throws {
        let backend = try Self.backend()
        let good = try Self.clip("fine.mp4")
        #expect(try #require(backend.probe(path: good).get().durationMs) > 0)
        usleep(1_500_000)
        #expect(backend.helpersRunning == 1)
        #expect(try #require(backend.probe(path: good).get().durationMs) > 0)
        #expect(backend.helpersStarted == 1)
    }

    @Test("the failure is cached, so another start does not ask a helper about that file again", arguments: faults)
    func failureCached(_ fault: FaultCase) throws {
        let folder = try Fixtures.newFolder("helper-cache")
        let bad = try Self.clip(fault.file)
        let cacheFile = folder + "/probe-cache.tsv"
        let first = CachingBackend(
            wrapping: try Self.backend(fault: fault.fault, requestSeconds: fault.requestSeconds), cache: ProbeCache(file: cacheFile),
            thumbnailFolder: nil)
        #expect(first.probe(path: bad) == .failure(fault.expected))
        #expect(first.flush())
        let helpers = try Self.backend()
        let second = CachingBackend(wrapping: helpers, cache: ProbeCache(file: cacheFile), thumbnailFolder: nil)
        #expect(second.probe(path: bad) == .failure(fault.expected))
        #expect(helpers.helpersStarted == 0)
    }

    @Test("a poster that takes the helper down gives no poster, and is not tried again in this run")
    func posterCrash() throws {
        let backend = try Self.backend(fault: "crash:boom")
        let bad = try Self.clip("boom.mp4"), good = try Self.clip("fine.mp4")
        #expect(backend.poster(path: bad, durationMs: 1000) == nil)
        #expect(backend.helpersStarted == 1)
        #expect(backend.poster(path: bad, durationMs: 1000) == nil)
        let frame = try #require(backend.poster(path: good, durationMs: 1000))
        #expect(frame.height == 188 && frame.width > 240 && frame.stride == frame.width * 4)
        // The second attempt at the bad file asked no helper: the crashed one was replaced only for the good file.
        #expect(backend.helpersStarted == 2)
    }

    @Test("an FFV1 9-bit file, which crashes GStreamer about one time in two, never takes this process down")
    func ffv1NineBit() throws {
        let path = try Fixtures.file("ffv1-9bit.mkv") { try ClipFactory.makeFFV1NineBit(at: $0) }
        let backend = try Self.backend()
        var crashes = 0
        for _ in 0..<6 {
            switch backend.probe(path: path) {
            case .success(let info): #expect(info.videoSize == PixelSize(width: 320, height: 240))
            case .failure(.readerCrashed): crashes += 1
            // Under the helper's memory limit the decoder's huge allocation is refused instead of crashing.
            case .failure(.readerOutOfMemory): break
            case .failure(let other): Issue.record("unexpected failure: \(other)")
            }
        }
        _ = backend.poster(path: path, durationMs: 1000)
        #expect(try #require(backend.probe(path: try Self.clip("fine.mp4")).get().durationMs) > 0)
        // Every crash cost one helper, replaced for the next request.
        #expect(backend.helpersStarted >= 1 + crashes)
    }

    @Test("a helper cannot open an Internet socket", arguments: [HelperBackend.Confinement.bubblewrapWhenPresent, .selfOnly])
    func noNetwork(_ confinement: HelperBackend.Confinement) throws {
        let backend = try Self.backend(confinement: confinement)
        #expect(backend.networkCheck() == "refused \(EACCES)")
        if confinement == .bubblewrapWhenPresent, FileManager.default.isExecutableFile(atPath: "/usr/bin/bwrap") {
            #expect(backend.isBubblewrapped)
        }
    }

    @Test("a helper's answers are the in-process prober's")
    func sameAnswers() throws {
        let backend = try Self.backend()
        let paths = [try Self.clip("fine.mp4"), try Fixtures.clip("fine.webm", ClipSpec(container: .webm, videoCodec: .vp8))]
        let prober = MediaProber()
        for path in paths { #expect(backend.probe(path: path) == prober.probe(path: path)) }
        let missing = Fixtures.folder + "/no-such-file.mp4"
        #expect(backend.probe(path: missing) == .failure(.vanished))
    }
}
