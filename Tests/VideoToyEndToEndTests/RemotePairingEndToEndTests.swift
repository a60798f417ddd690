import Foundation
import Testing
import VideoToyAppTesting

extension EndToEnd {
    /// Pairing a phone with the remote control: the app in a private network namespace (scripts/netns-tv, its TV never
    /// started) so it has an address a phone could reach and nothing leaves the machine; the QR code in a screenshot
    /// read back as a phone's camera would.
    @Suite("Remote pairing")
    struct RemotePairingTests {
        /// A phone's browser, enough of it to pair with a URL and keep the page's WebSocket open until the app closes
        /// it, or for as many seconds as its second argument says.
        static let phone = """
            import base64, http.client, os, socket, sys, time, urllib.parse
            url = urllib.parse.urlparse(sys.argv[1])
            page = http.client.HTTPConnection(url.hostname, url.port, timeout=5)
            page.request("GET", url.path + "?" + url.query)
            answer = page.getresponse()
            cookie = answer.getheader("Set-Cookie").split(";")[0]
            origin = "http://%s:%d" % (url.hostname, url.port)
            ws = socket.create_connection((url.hostname, url.port), timeout=5)
            key = base64.b64encode(os.urandom(16)).decode()
            ws.sendall(("GET /ws HTTP/1.1\\r\\nHost: %s:%d\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\n"
                        "Sec-WebSocket-Key: %s\\r\\nSec-WebSocket-Version: 13\\r\\nOrigin: %s\\r\\nCookie: %s\\r\\n\\r\\n"
                        % (url.hostname, url.port, key, origin, cookie)).encode())
            print(answer.status, ws.recv(4096).split(b"\\r\\n")[0].decode(), flush=True)
            ws.settimeout(float(sys.argv[2]))
            try:
                while ws.recv(4096):
                    pass
            except OSError:
                pass

            """

        /// The text of the first QR code in screenshots of `display`, taken until it reads `expected` (the dialog may
        /// not have painted yet, or still show the code before); the last reading when it never does.
        static func decode(_ display: VirtualDisplay, until expected: String, saving png: URL) async throws -> String? {
            let deadline = ContinuousClock.now + .seconds(30)
            var last: String?
            repeat {
                _ = try display.screenshot(savingTo: png)
                let read = try Command.run(["zbarimg", "--raw", "-q", png.path])
                if read.status == 0 {
                    last = read.output.trimmingCharacters(in: .whitespacesAndNewlines)
                    if last == expected { return last }
                }
                try await Task.sleep(for: .milliseconds(250))
            } while ContinuousClock.now < deadline
            return last
        }

        /// The status of a GET of `url` from inside the app's namespace.
        static func status(_ url: String, space: TVNamespace, app: AppProcess) throws -> String {
            try space.inNamespace(app: app, ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "5", url]).output
        }

        /// The accessible tree once it names every one of `texts`, as scripts/atspi-tree prints it.
        static func read(_ display: VirtualDisplay, until texts: [String]) throws -> String {
            let script = PackagePaths.root.appendingPathComponent("scripts/atspi-tree").path
            let reading = try Command.run(
                [script, "videotoy"] + texts.flatMap { ["--until", $0] } + ["--timeout", "45"], extraEnvironment: display.environment)
            try #require(reading.status == 0, "the tree names \(texts): \(reading.stderr.suffix(3000))")
            return reading.output
        }

        /// Presses the control named `label` through AT-SPI, as a screen reader user would; retried while the app is
        /// not on the bus yet.
        static func press(_ label: String, on display: VirtualDisplay) async throws {
            let script = PackagePaths.root.appendingPathComponent("scripts/atspi-tree").path
            let deadline = ContinuousClock.now + .seconds(45)
            while (try? display.run([script, "videotoy", "--press", label])) == nil {
                guard ContinuousClock.now < deadline else { throw HarnessError("no control named \(label) to press") }
                try await Task.sleep(for: .milliseconds(250))
            }
        }

        @Test(
            "--remote-control opens the pairing dialog, whose QR code reads as the URL logged; a phone is counted and noticed; New Code shows another URL and refuses the old token"
        )
        func pairingCodeReadsAndRenews() async throws {
            try TVNamespace.requireRoot()
            let space = try TVNamespace(later: true)
            defer { space.remove() }
            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(
                arguments: ["--remote-control", Fixture.clips.folder], display: display, binary: space.wrapper, accessibility: true)
            defer { app.terminate() }

            let first = try await app.waitFor("remote", timeout: .seconds(30))
            let url = try #require(first.fields["url"]?.string)
            #expect(url.hasPrefix("http://169.254.77.1:8765/pair?t="), "the namespace's address and the default port: \(url)")
            let artifacts = PackagePaths.root.appendingPathComponent("artifacts")
            try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
            let shot = artifacts.appendingPathComponent("remote-pairing.png")
            let decoded = try await Self.decode(display, until: url, saving: shot)
            #expect(decoded == url, "the code on screen is the URL logged")
            _ = try Self.read(display, until: ["Remote Control", url, "No phones connected"])

            let script = space.folder.appendingPathComponent("phone.py")
            try Self.phone.write(to: script, atomically: true, encoding: .utf8)
            let phoneLog = space.folder.appendingPathComponent("phone.log")
            let started = try space.inNamespace(
                app: app, ["sh", "-c", "python3 '\(script.path)' '\(url)' 60 </dev/null >'\(phoneLog.path)' 2>&1 &"])
            try #require(started.status == 0, "the phone starts: \(started.stderr)")
            _ = try Self.read(display, until: ["A phone connected", "1 phone connected"])
            let deadline = ContinuousClock.now + .seconds(10)
            var answered = ""
            while answered.isEmpty && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
                answered = (try? String(contentsOf: phoneLog, encoding: .utf8)) ?? ""
            }
            #expect(answered.hasPrefix("303 HTTP/1.1 101"), "paired, then its WebSocket opened: \(answered)")

            try await Self.press("New Code", on: display)
            let renewed: AppProcess.Event
            do {
                renewed = try await app.waitFor("remote", after: first, timeout: .seconds(20))
            } catch {
                let script = PackagePaths.root.appendingPathComponent("scripts/atspi-tree").path
                let tree = (try? display.run([script, "videotoy"]).output) ?? "unreadable"
                throw HarnessError("\(error)\naccessible tree after pressing New Code:\n\(tree)")
            }
            let newURL = try #require(renewed.fields["url"]?.string)
            #expect(newURL != url, "a new code")
            let redrawn = try await Self.decode(display, until: newURL, saving: shot)
            #expect(redrawn == newURL, "the dialog shows the new code")
            _ = try Self.read(display, until: ["No phones connected"])
            #expect(try Self.status(url, space: space, app: app) == "401", "the old token is refused")
            #expect(try Self.status(newURL, space: space, app: app) == "303", "the new one pairs")
        }
    }
}
