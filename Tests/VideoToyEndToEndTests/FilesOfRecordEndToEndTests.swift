import Foundation
import Glibc
import Testing
import VideoToyAppTesting
import VideoToyMedia
import VideoToyMediaTesting

extension EndToEnd {
    /// One bad file must not take the app down: the events log of the running instance is never emptied by another
    /// launch, a FIFO is never opened, the scan stays in the library, and the terminal gets escaped, bounded lines.
    @Suite("Files of record")
    struct FilesOfRecordTests {
        /// A new empty folder, removed with the test process's temporary files.
        static func folder(_ name: String) throws -> String {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-\(name)-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return path
        }

        /// The log's bytes as they are now.
        static func bytes(_ app: AppProcess) -> Data { (try? Data(contentsOf: app.eventsURL)) ?? Data() }

        @Test("a second launch given the same --events file hands over and leaves the running instance's log intact")
        func sharedLogHandOver() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let first = try AppProcess(arguments: [clips.snow], display: display)
            defer { first.terminate() }
            let library = try await first.waitFor("library", timeout: .seconds(30))
            _ = try await first.waitFor("ready", timeout: .seconds(30))
            let before = Self.bytes(first)

            let second = try AppProcess(arguments: ["--events", first.eventsURL.path, clips.short], display: display)
            #expect(try await second.waitForExit(timeout: .seconds(20)) == 0, "the second launch hands over and exits")
            _ = try await first.waitFor("library", after: library, timeout: .seconds(20)) { $0.fields["count"]?.int == 2 }
            let after = Self.bytes(first)
            #expect(after.starts(with: before), "the first \(before.count) bytes of the log were rewritten")
            #expect(!after.contains(0), "the log has NUL bytes: it was emptied under the running instance")
            #expect(first.malformedLines.isEmpty, "\(first.malformedLines.prefix(3))")
        }

        @Test("a separate instance (--new-window) given the running instance's --events file is refused with a message")
        func sharedLogRefused() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let first = try AppProcess(arguments: [clips.snow], display: display)
            defer { first.terminate() }
            _ = try await first.waitFor("ready", timeout: .seconds(30))
            let before = Self.bytes(first)

            let second = try AppProcess(arguments: ["--new-window", "--events", first.eventsURL.path, clips.short], display: display)
            defer { second.terminate() }
            #expect(try await second.waitForExit(timeout: .seconds(20)) == 1, "refused, with a failing status")
            #expect(second.stderr.contains("is being written by another videotoy"), "\(second.stderr)")
            #expect(Self.bytes(first).starts(with: before))
            #expect(first.isRunning)
        }

        @Test("a FIFO handed to the running instance is said on stderr and never opened; the next file still plays")
        func fifoHandedOver() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let fifo = try Self.folder("fifo") + "/pipe.mp4"
            try OddFiles.makeFIFO(at: fifo)
            let first = try AppProcess(arguments: [clips.snow], display: display)
            defer { first.terminate() }
            let library = try await first.waitFor("library", timeout: .seconds(30))
            _ = try await first.waitFor("ready", timeout: .seconds(30))

            let second = try AppProcess(arguments: [fifo], display: display)
            #expect(try await second.waitForExit(timeout: .seconds(20)) == 0)
            try await Fixture.eventually("the running instance says the FIFO is not listed", within: .seconds(20)) {
                first.stderr.contains(fifo + " is a FIFO")
            }
            // Opening for writing without waiting fails with ENXIO exactly when no process has it open for reading.
            let fd = open(fifo, O_WRONLY | O_NONBLOCK)
            let code = errno
            if fd >= 0 { close(fd) }
            #expect(fd < 0 && code == ENXIO, "something in the app opened the FIFO")

            let third = try AppProcess(arguments: [clips.short], display: display)
            #expect(try await third.waitForExit(timeout: .seconds(20)) == 0)
            let grown = try await first.waitFor("library", after: library, timeout: .seconds(20)) { $0.fields["count"]?.int == 2 }
            _ = try await first.waitFor("play", after: grown, timeout: .seconds(20)) { $0.path == clips.short }
            #expect(!first.events().contains { $0.name == "library" && ($0.fields["count"]?.int ?? 0) > 2 }, "the FIFO got a row")
            #expect(!first.events().contains { $0.name == "play" && $0.path == fifo }, "the FIFO was played")
        }

        @Test("a FIFO in place of settings.ini: start-up completes with the defaults and a message")
        func fifoSettings() async throws {
            let config = try Self.folder("fifo-config")
            try FileManager.default.createDirectory(atPath: config + "/videotoy", withIntermediateDirectories: true)
            try OddFiles.makeFIFO(at: config + "/videotoy/settings.ini")
            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(arguments: [Fixture.clips.snow], display: display, environment: ["XDG_CONFIG_HOME": config])
            defer { app.terminate() }
            _ = try await app.waitFor("ready", timeout: .seconds(30))
            #expect(app.stderr.contains("settings.ini") && app.stderr.contains("FIFO"), "\(app.stderr)")
        }

        @Test("a library with a symbolic link to / and /proc as a PATH: the scan ends quickly and lists only the real video")
        func scanStaysInTheLibrary() async throws {
            let library = try Self.folder("link-root")
            try FileManager.default.linkItem(atPath: Fixture.clips.short, toPath: library + "/only.webm")
            try #require(symlink("/", library + "/everything") == 0)
            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(arguments: [library, "/proc"], display: display)
            defer { app.terminate() }
            let listed = try await app.waitFor("library", timeout: .seconds(30))
            #expect(listed.fields["count"]?.int == 1)
            #expect(app.stderr.contains(library + "/everything links to /, outside the library folder"), "\(app.stderr)")
            #expect(app.stderr.contains("/proc is on the proc file system"), "\(app.stderr)")
        }

        @Test("a file name with terminal escape sequences is printed escaped")
        func escapedNames() async throws {
            let library = try Self.folder("escapes")
            let name = "red\u{1B}[31m\u{1B}]0;title\u{07}.mp4"
            try ClipFactory.makeEmpty(at: library + "/" + name)
            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(arguments: [library], display: display)
            defer { app.terminate() }
            _ = try await app.waitFor("probe", timeout: .seconds(30))
            try await Fixture.eventually("the empty file is reported", within: .seconds(20)) { app.stderr.contains("The file is empty") }
            #expect(app.stderr.contains(#"red\x1b[31m\x1b]0;title\x07.mp4"#), "\(app.stderr)")
            #expect(!app.stderr.contains("\u{1B}") && !app.stderr.contains("\u{07}"), "a raw control character reached stderr")
        }

        @Test("--check prints a sound output's monitor name that holds escape sequences escaped")
        func checkEscapesSoundStrings() async throws {
            let sound = try await SoundServer(hdmi: ["hdmi": "EVIL\u{1B}[2J"])
            defer { sound.stop() }
            let result = try Command.check(
                [AppProcess.defaultBinary.path, "--check", "--no-network-screens"],
                extraEnvironment: sound.environment.merging(["DISPLAY": ""]) { $1 })
            #expect(result.output.contains(#"hdmi: HDMI hdmi — monitor "EVIL\x1b[2J""#), "\(result.output)")
            #expect(!result.output.contains("\u{1B}"), "a raw escape character reached stdout")
        }

        @Test("thousands of empty files print a few lines and one summary, not a line each")
        func emptyFilesSummed() async throws {
            let library = try Self.folder("empties")
            for index in 0..<3000 { try ClipFactory.makeEmpty(at: library + "/empty-\(index).mp4") }
            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(arguments: [library], display: display)
            defer { app.terminate() }
            let listed = try await app.waitFor("library", timeout: .seconds(60))
            #expect(listed.fields["count"]?.int == 3000)
            try await Fixture.eventually("the summary is printed", within: .seconds(90)) {
                app.stderr.contains("and 2,995 more files that are empty")
            }
            let lines = app.stderr.split(separator: "\n").filter { $0.contains("empty") }
            #expect(lines.count == 6, "\(lines.count) lines: \(lines.prefix(8))")
        }
    }
}
