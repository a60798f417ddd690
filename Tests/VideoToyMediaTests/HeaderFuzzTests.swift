import Foundation
import Glibc
import Testing
import VideoToyCore
import VideoToyMediaTesting
import VideoToyText

@testable import VideoToyMedia

/// Damaged MP4 and Matroska headers: none may crash, hang or grow memory, and each gets facts or a clear reason.
///
/// The files are read in a child process (this test binary, filtered to `HeaderFuzzChild`), so a crash or a hang
/// there is reported here as a failure naming the file, instead of taking the whole test run down.
@Suite("Header fuzzing")
struct HeaderFuzzTests {
    static let perBase = 250
    static let bases: [(String, ClipSpec)] = [
        ("fuzz-fast.mp4", ClipSpec(width: 64, height: 48, durationMs: 400, fastStart: true)),
        ("fuzz-end.mp4", ClipSpec(width: 64, height: 48, durationMs: 400)),
        ("fuzz.mkv", ClipSpec(width: 64, height: 48, durationMs: 400, container: .mkv)),
        ("fuzz.webm", ClipSpec(width: 64, height: 48, durationMs: 400, container: .webm, videoCodec: .vp8)),
    ]

    @Test("1,000 mutated headers: no crash, no hang, no growth, facts or a reason for each", .timeLimit(.minutes(5)))
    func fuzz() throws {
        let folder = try Fixtures.newFolder("fuzz")
        for (name, spec) in Self.bases {
            try FileManager.default.copyItem(atPath: try Fixtures.clip(name, spec), toPath: folder + "/" + name)
        }
        let progress = folder + "/progress", report = folder + "/report"
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["--testing-library", "swift-testing", "--filter", "HeaderFuzzChild"]
        var environment = ProcessInfo.processInfo.environment
        environment["VIDEOTOY_FUZZ_FOLDER"] = folder
        child.environment = environment
        child.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        child.standardError = FileHandle(forWritingAtPath: "/dev/null")
        let start = Date()
        try child.run()
        // Each file has its own deadline in the child; this one catches a child stuck outside them.
        let ended = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            child.waitUntilExit()
            ended.signal()
        }
        let finished = ended.wait(timeout: .now() + 240) == .success
        if !finished { child.terminate() }
        let last = (try? String(contentsOfFile: progress, encoding: .utf8)) ?? "nothing"
        #expect(finished, "the fuzz run hung at \(last)")
        guard finished else { return }
        #expect(child.terminationReason == .exit, "the fuzz run crashed (signal \(child.terminationStatus)) at \(last)")
        let lines = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        #expect(child.terminationStatus == 0, "the fuzz run failed at \(last): \(lines.joined(separator: "; "))")
        let summary = Dictionary(
            lines.compactMap { line -> (String, Int)? in
                let parts = line.split(separator: " ")
                guard parts.count == 2, let value = Int(parts[1]) else { return nil }
                return (String(parts[0]), value)
            }, uniquingKeysWith: { $1 })
        let files = summary["files"] ?? 0
        #expect(files == Self.bases.count * Self.perBase)
        #expect(summary["facts", default: 0] + summary["unsure", default: 0] == files, "\(lines)")
        // Some damage leaves the header readable, most does not: both paths were exercised.
        #expect(summary["facts", default: 0] > 0 && summary["unsure", default: 0] > 0, "\(lines)")
        #expect(summary["unexplained", default: 1] == 0, "\(lines)")
        #expect(summary["slow", default: 1] == 0, "\(lines)")
        let growth = summary["growthKB", default: Int.max]
        #expect(growth < 8 * 1024, "resident memory grew by \(growth) KiB over 900 header reads")
        print("header fuzzing: \(files) files in \(Int(Date().timeIntervalSince(start))) s: \(lines.joined(separator: ", "))")
    }
}

/// The child side of `HeaderFuzzTests`: runs only when that test starts this binary for it.
@Suite("HeaderFuzzChild")
struct HeaderFuzzChild {
    static let folder = ProcessInfo.processInfo.environment["VIDEOTOY_FUZZ_FOLDER"]

    @Test(.enabled(if: HeaderFuzzChild.folder != nil))
    func run() throws {
        let folder = try #require(Self.folder)
        var counts: [String: Int] = ["files": 0, "facts": 0, "unsure": 0, "unexplained": 0, "slow": 0, "fallback": 0]
        var notes: [String] = []
        var baseline = 0
        let mutators = try HeaderFuzzTests.bases.map { name, _ in
            (name, HeaderMutator(try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))))
        }
        // Writes the mutated file for a seed and says which it is, so a crash or hang can be traced to it.
        func write(_ base: Int, _ seed: UInt64) throws -> (path: String, head: [UInt8]) {
            let (name, mutator) = mutators[base]
            let (bytes, what) = mutator.mutate(seed: seed &+ UInt64(base) << 32)
            let path = folder + "/mutated." + (name as NSString).pathExtension
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            try "\(name) seed \(seed) (\(what))".write(toFile: folder + "/progress", atomically: false, encoding: .utf8)
            return (path, Array(bytes.prefix(FileCheck.headLength)))
        }
        for (base, (name, mutator)) in mutators.enumerated() {
            #expect(mutator.structureCount > 5, "\(name) was not understood")
            for seed in 0..<UInt64(HeaderFuzzTests.perBase) {
                let (path, head) = try write(base, seed)
                let start = Date()
                // The reader's own deadline is 2 s; past 5 s it counts as hung.
                guard let outcome = Bounded.run(seconds: 5, { HeaderProber.probe(path: path, head: head, timeoutSeconds: 2) }) else {
                    try "hung\n".write(toFile: folder + "/report", atomically: true, encoding: .utf8)
                    exit(3)
                }
                if Date().timeIntervalSince(start) > 2.5 {
                    counts["slow", default: 0] += 1
                    notes.append("slow \(name) \(seed)")
                }
                counts["files", default: 0] += 1
                switch outcome {
                case .facts(let info):
                    counts["facts", default: 0] += 1
                    if info.durationMs == nil || (info.videoCodec == nil && info.audioCodec == nil) {
                        counts["unexplained", default: 0] += 1
                    }
                case .unsure(let reason):
                    counts["unsure", default: 0] += 1
                    if reason.isEmpty { counts["unexplained", default: 0] += 1 }
                }
                // Warmed up: libraries loaded, codec names looked up, allocator pools grown.
                if counts["files"] == 100 { baseline = Self.residentKB() }
            }
        }
        counts["growthKB"] = Self.residentKB() - baseline
        // Every 20th file also goes the whole way, discoverer included: a result or a worded failure.
        let prober = MediaProber(timeoutSeconds: 3)
        for base in mutators.indices {
            for seed in stride(from: UInt64(0), to: UInt64(HeaderFuzzTests.perBase), by: 20) {
                let (path, _) = try write(base, seed)
                counts["fallback", default: 0] += 1
                if case .failure(let failure) = prober.probe(path: path), failure.text(in: .english).isEmpty {
                    counts["unexplained", default: 0] += 1
                }
            }
        }
        let report = counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" } + notes.prefix(10)
        try report.joined(separator: "\n").write(toFile: folder + "/report", atomically: true, encoding: .utf8)
    }

    /// Resident memory of this process, in KiB.
    static func residentKB() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }
}
