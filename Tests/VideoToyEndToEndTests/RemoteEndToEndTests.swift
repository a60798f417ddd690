import Foundation
import Glibc
import Testing
import VideoToyAppTesting

extension EndToEnd {
    /// The phone remote in a real browser: the app and headless Chromium in a private network namespace of their
    /// own (scripts/netns-tv, its TV never started), so the app has a non-loopback address and nothing leaves the
    /// machine.
    @Suite("Phone remote", .serialized)
    struct RemoteTests {
        /// The address the namespace's veth end has, where the app listens.
        static let base = "http://169.254.77.1:8765"

        /// The app with `--remote-control` beside a namespace; the pairing URL it logged.
        static func launch(
            _ tv: TVNamespace, display: VirtualDisplay, arguments: [String], environment: [String: String] = [:]
        ) async throws -> (app: AppProcess, url: String) {
            let app = try AppProcess(
                arguments: ["--remote-control"] + arguments, display: display, environment: environment, binary: tv.wrapper)
            let remote = try await app.waitFor("remote", timeout: .seconds(30))
            let url = try #require(remote.fields["url"]?.string, "the remote event names its URL")
            #expect(url.hasPrefix(Self.base + "/pair?t="), "it listens on the namespace's address: \(url)")
            return (app, url)
        }

        /// curl inside the app's namespace; returns the status code and the body.
        static func curl(_ tv: TVNamespace, app: AppProcess, _ arguments: [String]) throws -> (status: Int, body: String) {
            let result = try tv.inNamespace(app: app, ["curl", "-s", "--max-time", "10", "-w", "\n%{http_code}"] + arguments)
            let text = result.output
            let status = text.split(separator: "\n").last.flatMap { Int($0) } ?? 0
            return (status, String(text.dropLast(String(status).count + 1)))
        }

        @Test("with the logged URL the page pairs, shows the playing title and a moving position; Pause pauses; a row plays")
        func browserDrivesTheApp() async throws {
            try TVNamespace.requireRoot()
            let tv = try TVNamespace(later: true)
            defer { tv.remove() }
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let (app, url) = try await Self.launch(tv, display: display, arguments: ["--play", clips.snow, clips.folder])
            defer { app.terminate() }
            let played = try await app.waitFor("play", timeout: .seconds(30)) { $0.path == clips.snow }

            let browser = try await RemoteBrowser(namespaceOf: app.pid)
            defer { browser.quit() }
            try browser.open(url)
            _ = try await browser.waitForText("#title", seconds: 30) { $0 == "a snow.mp4" }
            let first = try await browser.waitForText("#position") { Self.seconds($0) >= 0 }
            let later = try await browser.waitForText("#position") { Self.seconds($0) > Self.seconds(first) }
            #expect(Self.seconds(later) > Self.seconds(first), "the position advances: \(first) then \(later)")
            #expect(try browser.text("#connection") == "Live", "the WebSocket is open")
            let shot = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-remote-page.png")
            try browser.screenshot(to: shot)
            print("remote page: \(shot.path)")

            try browser.click("#toggle")
            _ = try await app.waitFor("pause", after: played, timeout: .seconds(15)) { $0.path == clips.snow }
            let mpris = MPRISClient(display: display)
            #expect(try mpris.status() == "Paused")
            _ = try await browser.waitForText("#state") { $0 == "paused" }

            try browser.click("//ul[@id='library']/li[contains(., 'b ball.mp4')]")
            _ = try await app.waitFor("play", after: played, timeout: .seconds(20)) { $0.path == clips.ball }
            _ = try await browser.waitForText("#title") { $0 == "b ball.mp4" }
        }

        @Test(
            "without the token, with a wrong one, with a path for an id, from another Origin: refused and nothing played; 100 sockets stall nothing"
        )
        func refusalsAndSockets() async throws {
            try TVNamespace.requireRoot()
            let tv = try TVNamespace(later: true)
            defer { tv.remove() }
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let (app, url) = try await Self.launch(
                tv, display: display, arguments: ["--play", clips.snow, clips.folder], environment: ["VIDEOTOY_STALL_MS": "50"])
            defer { app.terminate() }
            let played = try await app.waitFor("play", timeout: .seconds(30)) { $0.path == clips.snow }
            let origin = ["-H", "Origin: \(Self.base)"]

            #expect(try Self.curl(tv, app: app, [Self.base + "/"]).status == 401)
            #expect(
                try Self.curl(tv, app: app, origin + ["--data", #"{"command":"toggle-play"}"#, Self.base + "/api/command"]).status == 401)
            #expect(try Self.curl(tv, app: app, [Self.base + "/pair?t=00000000000000000000000000000000"]).status == 401)
            let jar = tv.folder.appendingPathComponent("cookies").path
            #expect(try Self.curl(tv, app: app, ["-c", jar, url]).status == 303)
            let paired = ["-b", jar]
            #expect(try Self.curl(tv, app: app, paired + [Self.base + "/api/state"]).status == 200)
            let path = try Self.curl(
                tv, app: app, paired + origin + ["--data", #"{"command":"play","id":"\#(clips.ball)"}"#, Self.base + "/api/command"])
            #expect(path.status == 400, "a path in place of an id: \(path)")
            let elsewhere = try Self.curl(
                tv, app: app,
                paired + ["-H", "Origin: http://evil.example", "--data", #"{"command":"play","id":1}"#, Self.base + "/api/command"])
            #expect(elsewhere.status == 403)
            // libsoup refuses a path that climbs (400) before the route would (404): either way, no file.
            let climb = try Self.curl(tv, app: app, paired + [Self.base + "/api/poster/..%2f..%2fetc%2fpasswd"])
            #expect([400, 404].contains(climb.status) && !climb.body.contains("root:"))
            // Whatever was refused must not have reached the player: the first video plays on, nothing else started.
            try await Task.sleep(for: .seconds(1))
            #expect(!app.events().contains { $0.index > played.index && ($0.name == "play" || $0.name == "pause") })

            let cookie = try String(contentsOfFile: jar, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
                let fields = line.split(separator: "\t")
                return fields.count >= 7 && fields[5] == "vt-session" ? String(fields[6]) : nil
            }.first
            let session = try #require(cookie, "the cookie jar holds the session")
            let script = tv.folder.appendingPathComponent("sockets.py")
            try Self.socketsScript.write(to: script, atomically: true, encoding: .utf8)
            let start = app.events().last?.tMs ?? 0
            let result = try tv.inNamespace(app: app, ["python3", script.path, "169.254.77.1", "8765", session, "100", "6"])
            let end = app.events().last?.tMs ?? start
            let summary = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
            print("100 sockets: \(summary)")
            #expect(summary.hasPrefix("opened=100 "), "every socket opened: \(summary) \(result.stderr)")
            #expect(summary.hasSuffix(" fed=100"), "every socket got the status: \(summary)")
            let stalls = app.events().filter { $0.name == "stall" && $0.tMs >= start && $0.tMs <= end + 500 }
            print("stalls while 100 sockets were open: \(stalls.map(\.line))")
            // A starved stall (ready to run, no CPU free) is the shared 2-core machine, not the app: what the
            // sockets could cause is the main thread computing (busy) or waiting on the server (blocked).
            let caused = stalls.filter { stall in
                let cause = stall.fields["cause"]?.string ?? "busy"
                let ms = stall.fields["ms"]?.int ?? 0
                return cause == "busy" ? (stall.fields["cpu_ms"]?.int ?? ms) > 50 : cause == "blocked" && ms > 50
            }
            #expect(caused.isEmpty, "no main-loop stall over 50 ms of the app's own while 100 sockets were open: \(caused)")
            #expect(app.isRunning)
        }

        /// Seconds in a clock text ("0:07", "1:02:03").
        static func seconds(_ text: String) -> Int {
            text.split(separator: ":").reduce(0) { $0 * 60 + (Int($1) ?? 0) }
        }

        /// Opens COUNT WebSockets with the session cookie, holds them SECONDS while the status is pushed, and prints
        /// how many opened and how many were fed a message.
        static let socketsScript = #"""
            import base64, os, select, socket, sys, time
            host, port, session, count, hold = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), float(sys.argv[5])
            socks, fed = [], set()
            for i in range(count):
                s = socket.create_connection((host, port), timeout=10)
                key = base64.b64encode(os.urandom(16)).decode()
                s.sendall((f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: http://{host}:{port}\r\n"
                           f"Cookie: vt-session={session}\r\n\r\n").encode())
                head = b""
                while b"\r\n\r\n" not in head:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    head += chunk
                if head.startswith(b"HTTP/1.1 101"):
                    socks.append(s)
                    if len(head.split(b"\r\n\r\n", 1)[1]) > 0:
                        fed.add(s)
            deadline = time.time() + hold
            while time.time() < deadline:
                ready, _, _ = select.select(socks, [], [], 0.5)
                for s in ready:
                    if s.recv(65536):
                        fed.add(s)
            print(f"opened={len(socks)} fed={len(fed)}")
            """#
    }
}
