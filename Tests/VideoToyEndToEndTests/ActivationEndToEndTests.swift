import Foundation
import Testing
import VideoToyAppTesting
import VideoToyCore

extension EndToEnd {
    /// The command line through GApplication: D-Bus activation of a waiting service, and GLib's help groups.
    @Suite("D-Bus activation")
    struct ActivationTests {
        private let id = AppIdentity.id

        /// Whether `id` has an owner on the display's private session bus.
        private func owned(on display: VirtualDisplay) throws -> Bool {
            let result = try Command.run(
                [
                    "gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                    "--method", "org.freedesktop.DBus.NameHasOwner", id,
                ], extraEnvironment: display.environment)
            return result.status == 0 && result.output.contains("true")
        }

        @Test("--gapplication-service owns the name and waits; `gapplication launch ID FILE` opens and plays FILE")
        func serviceThenLaunch() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            #expect(display.environment["DBUS_SESSION_BUS_ADDRESS"] != nil, "the private session bus")
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--gapplication-service"], display: display)
            defer { app.terminate() }
            // gdbus waits for the name to appear (an event, not a poll). GApplication's service mode gives up after
            // 10 s without an activation, so the activation follows at once.
            _ = try Command.run(["gdbus", "wait", "--session", "--timeout", "30", id], extraEnvironment: display.environment)
            #expect(try owned(on: display), "the service owns \(id): \(app.report())")
            // Waiting: a service opens no window until it is activated.
            #expect(app.isRunning)
            #expect(!app.events().contains { $0.name == "ready" }, "no window before activation")

            let launch = try Command.run(["gapplication", "launch", id, clips.short], extraEnvironment: display.environment)
            #expect(launch.status == 0, "\(launch.stderr)")
            let play = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == clips.short }
            #expect(play.path == clips.short)
            _ = try await app.waitFor("ready", timeout: .seconds(20))
        }

        @Test("org.freedesktop.Application.Open on the bus opens the file in a running service")
        func openCall() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--gapplication-service"], display: display)
            defer { app.terminate() }
            // gdbus waits for the name to appear (an event, not a poll). GApplication's service mode gives up after
            // 10 s without an activation, so the activation follows at once.
            _ = try Command.run(["gdbus", "wait", "--session", "--timeout", "30", id], extraEnvironment: display.environment)
            let uri = URL(fileURLWithPath: clips.ball).absoluteString
            let call = try Command.run(
                [
                    "gdbus", "call", "--session", "--dest", id, "--object-path", "/org/videotoy/VideoToy", "--method",
                    "org.freedesktop.Application.Open", "['\(uri)']", "{}",
                ], extraEnvironment: display.environment)
            #expect(call.status == 0, "\(call.stderr)")
            _ = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == clips.ball }
        }

        @Test(
            "--help-all, --help-gapplication and --help-gst exit 0 and print their groups",
            arguments: [
                ("--help-all", ["GApplication options", "GStreamer Options", "Application Options:", "--gapplication-service"]),
                ("--help-gapplication", ["GApplication options", "--gapplication-service"]),
                ("--help-gst", ["GStreamer Options", "--gst-debug-level=LEVEL"]),
            ])
        func helpGroups(option: String, expected: [String]) throws {
            let result = try Command.run([AppProcess.defaultBinary.path, option])
            #expect(result.status == 0, "\(result.stderr)")
            for text in expected { #expect(result.output.contains(text), "\(option) prints \(text): \(result.output)") }
            #expect(result.output.hasPrefix("Usage:\n  videotoy [OPTION…] [PATH…]\n"))
        }

        @Test("--help-all lists every option in README's table, and --help every one but GApplication's")
        func helpListsTheReadme() throws {
            let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
            // The table's rows start with their options: | `-p, --play=FILE` | …
            let cells = readme.split(separator: "\n").filter { $0.hasPrefix("| `-") }.map { $0.dropFirst(2).prefix { $0 != "|" } }
            let names = Set(cells.flatMap { $0.matches(of: /--[a-z][a-z-]*/).map { String($0.output) } })
            #expect(names.count >= 22, "\(names)")
            let all = try Command.run([AppProcess.defaultBinary.path, "--help-all"])
            let help = try Command.run([AppProcess.defaultBinary.path, "--help"])
            #expect(all.status == 0 && help.status == 0)
            for name in names {
                let listed = { (text: String) in text.contains("  \(name) ") || text.contains("  \(name)=") || text.contains(", \(name)") }
                #expect(listed(all.output), "--help-all lists \(name)")
                #expect(name == "--gapplication-service" || listed(help.output), "--help lists \(name)")
            }
        }
    }
}
