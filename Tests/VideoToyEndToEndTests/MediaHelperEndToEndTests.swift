import Foundation
import Testing
import VideoToyAppTesting
import VideoToyMedia
import VideoToyMediaTesting

extension EndToEnd {
    /// Probes run in sandboxed helper processes: a file that crashes the media library costs its row, not the app.
    @Suite("Media helper")
    struct MediaHelperTests {
        @Test("a file that crashes the media helper is skipped with a reason, and the next start answers it from the cache")
        func crashingFileSkipped() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-helper-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let fine = folder + "/a fine.webm", bad = folder + "/b boom.webm", ffv1 = folder + "/c ffv1.mkv"
            try FileManager.default.copyItem(atPath: Fixture.clips.short, toPath: fine)
            try FileManager.default.copyItem(atPath: Fixture.clips.short, toPath: bad)
            // Crashes GStreamer 1.22 about one probe in two: in the app's own process it took the app down.
            try ClipFactory.makeFFV1NineBit(at: ffv1)
            let cache = folder + "-cache"
            defer { try? FileManager.default.removeItem(atPath: cache) }

            // First start: the helper crashes on purpose on the bad file.
            let first = try AppProcess(
                arguments: [folder], display: display,
                environment: ["XDG_CACHE_HOME": cache, "VIDEOTOY_HELPER_FAULT": "crash:boom"])
            defer { first.terminate() }
            let probes = try await Reliability.probes(first, for: [fine, bad, ffv1])
            #expect([nil, "crashed", "out-of-memory"].contains(probes[ffv1]?.fields["error"]?.string), "\(probes[ffv1]?.line ?? "")")
            #expect(probes[bad]?.fields["error"]?.string == "crashed")
            #expect(probes[bad]?.fields["message"]?.string == "Reading this file crashed the media decoder: it is skipped.")
            #expect(probes[fine]?.fields["error"] == nil && (probes[fine]?.fields["width"]?.int ?? 0) == 320)
            #expect(first.isRunning, "the app must outlive its helper\n\(first.report())")
            // The result is saved a moment after it arrives.
            let stored = cache + "/videotoy/probe-cache.tsv"
            try await Fixture.eventually("the cache keeps the crash") {
                ((try? String(contentsOfFile: stored, encoding: .utf8)) ?? "").contains("\tfail\tcrashed\t")
            }
            _ = first.terminate()

            // Second start, without the fault: the file would probe fine, but the cache answers for it.
            let second = try AppProcess(arguments: [folder], display: display, environment: ["XDG_CACHE_HOME": cache])
            defer { second.terminate() }
            let again = try await Reliability.probes(second, for: [fine, bad, ffv1])
            #expect(again[bad]?.fields["error"]?.string == "crashed")
            #expect(again[fine]?.fields["error"] == nil)
            #expect(second.isRunning, "\(second.report())")
        }

        @Test("a subtitle file whose charset the helper names is read in it; one that crashes the helper falls back")
        func subtitleCharset() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-charset-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let video = folder + "/film.webm"
            try FileManager.default.copyItem(atPath: Fixture.clips.short, toPath: video)
            // Windows-1251, long enough for uchardet to be sure, with the text the fault looks for in every cue.
            let lines = [
                "Сегодня очень хорошая погода boom", "Завтра, возможно, будет дождь boom", "Я буду ждать тебя у вокзала boom",
                "Спасибо большое, до встречи boom",
            ]
            let subRip = lines.enumerated().map { "\($0 + 1)\n00:00:00,\($0)00 --> 00:00:01,500\n\($1)\n" }.joined(separator: "\n")
            let bytes = subRip.unicodeScalars.map { scalar -> UInt8 in
                (0x410...0x44F).contains(scalar.value) ? UInt8(scalar.value - 0x350) : UInt8(truncatingIfNeeded: scalar.value)
            }
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/film.ru.srt"))

            for (fault, expected) in [(nil, "WINDOWS-1251"), ("crash:boom", "WINDOWS-1252")] {
                let app = try AppProcess(
                    arguments: ["--controls", "none", "--subtitles=ru", "--play", video, folder], display: display,
                    environment: fault.map { ["VIDEOTOY_HELPER_FAULT": $0] } ?? [:])
                defer { app.terminate() }
                let chosen = try await app.waitFor("track", timeout: .seconds(45)) {
                    $0.path == video && $0.fields["kind"]?.string == "subtitles"
                }
                #expect(chosen.fields["id"]?.string == "file/film.ru.srt", "\(chosen.line)")
                #expect(chosen.fields["encoding"]?.string == expected, "\(fault ?? "no fault"): \(chosen.line)")
                #expect(app.isRunning, "the app must outlive its helper\n\(app.report())")
                #expect(app.terminate() == 0)
            }
        }

        @Test("the app's media helpers end once idle: after the probe and poster of a play, none is left running")
        func idleHelpersEnd() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-idle-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let video = folder + "/film.webm"
            try FileManager.default.copyItem(atPath: Fixture.clips.short, toPath: video)
            let cache = folder + "/cache"
            let app = try AppProcess(
                arguments: ["--controls", "none", "--play", video, folder], display: display, environment: ["XDG_CACHE_HOME": cache])
            defer { app.terminate() }
            // The cold cache makes the app ask a helper for the file's probe before the window opens; the helper then
            // stays at least its 10 s idle time, which a poll every 200 ms cannot miss.
            try await Fixture.eventually("a media helper starts for the probe") { !Self.helpers(of: app.pid).isEmpty }
            _ = try await app.waitFor("first-frame", timeout: .seconds(45)) { _ in true }
            try await Fixture.eventually("no media helper is left", within: .seconds(60)) { Self.helpers(of: app.pid).isEmpty }
            #expect(app.isRunning, "\(app.report())")
        }

        /// The media helpers among `pid`'s descendants (bubblewrap and the helper it runs).
        private static func helpers(of pid: Int32) -> [Int32] {
            var children: [Int32: [Int32]] = [:]
            for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let child = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { continue }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                guard fields.count > 1, fields[0] != "Z", let parent = Int32(fields[1]) else { continue }
                children[parent, default: []].append(child)
            }
            var found: [Int32] = [], queue = children[pid] ?? []
            while let next = queue.popLast() {
                let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(next)/cmdline"))) ?? Data()
                if String(decoding: command, as: UTF8.self).contains("--media-helper") { found.append(next) }
                queue += children[next] ?? []
            }
            return found
        }
    }
}
