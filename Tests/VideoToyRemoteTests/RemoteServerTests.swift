import Foundation
import Testing
import VideoToyCore
import VideoToyRemote

/// The phone remote's server on loopback, asked with curl as a phone (or an attacker) would.
@Suite("Remote server", .serialized)
struct RemoteServerTests {
    /// A running server on a port of its own, with what its command handler was given.
    final class Running: @unchecked Sendable {
        let server: RemoteServer
        let port: Int
        let token: String
        private let lock = NSLock()
        private var commandsValue: [RemoteCommand] = []

        var commands: [RemoteCommand] { lock.withLock { commandsValue } }
        var base: String { "http://127.0.0.1:\(port)" }

        init() throws {
            nonisolated(unsafe) var box: Running?
            var port = 0
            var server: RemoteServer?
            var view = RemoteView()
            // A port nobody else on this machine is likely to hold; another try when it is taken.
            for attempt in 0..<20 {
                port = 20_000 + Int.random(in: 0..<20_000) + attempt
                let made = RemoteServer(
                    port: port, addresses: ["127.0.0.1"], posterFile: { _ in nil },
                    // Not the main queue: other suites in this process may hold the main thread for seconds.
                    commandQueue: DispatchQueue(label: "remote-tests.commands"),
                    command: { command in
                        box?.record(command)
                        // A slow main thread, for the phone that gives up before the answer.
                        if case .seek(let ms) = command, ms == 424_242 { Thread.sleep(forTimeInterval: 1) }
                        if case .seek(let ms) = command, ms == 4_242 { Thread.sleep(forTimeInterval: 0.05) }
                        return command != .next
                    }, phonesChanged: { _ in })
                view = made.start()
                if view.listening {
                    server = made
                    break
                }
            }
            self.server = try #require(server)
            self.port = port
            let url = try #require(view.pairingURL)
            token = try #require(url.split(separator: "=").last.map(String.init))
            box = self
        }

        deinit { server.stop() }

        func record(_ command: RemoteCommand) { lock.withLock { commandsValue.append(command) } }

        /// Pairs and returns the session cookie's header line.
        func pair() throws -> (cookie: String, answer: Answer) {
            let answer = try Answer.curl(base + "/pair?t=" + token)
            let line = try #require(answer.header("Set-Cookie"))
            let value = try #require(line.split(separator: ";").first.map(String.init))
            return (value, answer)
        }
    }

    /// One HTTP answer as curl saw it.
    struct Answer {
        let status: Int
        let headers: [String]
        let body: String

        func header(_ name: String) -> String? {
            headers.first { $0.lowercased().hasPrefix(name.lowercased() + ":") }.map {
                String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces)
            }
        }

        /// GETs (or with `extra` arguments, anything) `url`.
        static func curl(_ url: String, _ extra: [String] = []) throws -> Answer {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            process.arguments = ["-s", "-i", "--max-time", "10", "--noproxy", "*"] + extra + [url]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self)
            let parts = text.components(separatedBy: "\r\n\r\n")
            let head = parts.first?.components(separatedBy: "\r\n") ?? []
            let status = head.first.flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
            return Answer(status: status, headers: Array(head.dropFirst()), body: parts.dropFirst().joined(separator: "\r\n\r\n"))
        }
    }

    @Test("without a session the page says to scan the code, and the API answers 401")
    func unpaired() throws {
        let running = try Running()
        let page = try Answer.curl(running.base + "/")
        #expect(page.status == 401)
        #expect(page.body.contains("Scan the code shown in VideoToy"))
        #expect(try Answer.curl(running.base + "/api/state").status == 401)
        #expect(try Answer.curl(running.base + "/api/library").status == 401)
        let command = try Answer.curl(
            running.base + "/api/command", ["-X", "POST", "-H", "Origin: \(running.base)", "--data", #"{"command":"toggle-play"}"#])
        #expect(command.status == 401)
        #expect(running.commands.isEmpty)
    }

    @Test("an unknown path is 404, a wrong Host 403")
    func unknownAndHost() throws {
        let running = try Running()
        #expect(try Answer.curl(running.base + "/etc/passwd").status == 404)
        #expect(try Answer.curl(running.base + "/pair?t=" + running.token, ["-H", "Host: evil.example:\(running.port)"]).status == 403)
    }

    @Test("wrong tokens are 401, then 429 from the sixth on, even with the right one")
    func rateLimited() throws {
        let running = try Running()
        var statuses: [Int] = []
        for _ in 0..<6 { statuses.append(try Answer.curl(running.base + "/pair?t=0123456789abcdef0123456789abcdef").status) }
        #expect(statuses.prefix(4).allSatisfy { $0 == 401 })
        #expect(statuses.last == 429)
        #expect(try Answer.curl(running.base + "/pair?t=" + running.token).status == 429)
    }

    @Test("the right token gives an HttpOnly, SameSite=Strict cookie and the page, with its security headers")
    func paired() throws {
        let running = try Running()
        let (cookie, answer) = try running.pair()
        #expect(answer.status == 303)
        #expect(answer.header("Location") == "/")
        let line = try #require(answer.header("Set-Cookie"))
        #expect(line.contains("HttpOnly") && line.contains("SameSite=Strict") && line.contains("Path=/"))
        let page = try Answer.curl(running.base + "/", ["-H", "Cookie: \(cookie)"])
        #expect(page.status == 200)
        #expect(page.body.contains("/app.js"))
        #expect(page.header("Content-Security-Policy")?.contains("default-src 'self'") == true)
        #expect(page.header("X-Content-Type-Options") == "nosniff")
        let state = try Answer.curl(running.base + "/api/state", ["-H", "Cookie: \(cookie)"])
        #expect(state.status == 200 && state.header("Cache-Control") == "no-store")
        #expect(try Answer.curl(running.base + "/app.js", ["-H", "Cookie: \(cookie)"]).status == 200)
        #expect(try Answer.curl(running.base + "/api/poster/3", ["-H", "Cookie: \(cookie)"]).status == 404)
    }

    @Test("a path in place of an id, another Origin, a body over the limit: refused, and nothing reaches the app")
    func commandsRefused() throws {
        let running = try Running()
        let (cookie, _) = try running.pair()
        let post = { (origin: String, body: String) in
            try Answer.curl(
                running.base + "/api/command", ["-X", "POST", "-H", "Cookie: \(cookie)", "-H", "Origin: \(origin)", "--data-binary", body])
        }
        let path = try post(running.base, #"{"command":"play","id":"/etc/passwd"}"#)
        #expect(path.status == 400)
        #expect(path.body.contains("bad id"))
        #expect(try post("http://evil.example", #"{"command":"toggle-play"}"#).status == 403)
        #expect(try post("null", #"{"command":"toggle-play"}"#).status == 403)
        let large = #"{"command":"toggle-play","pad":""# + String(repeating: "x", count: 4000) + #""}"#
        #expect(try post(running.base, large).status == 413)
        #expect(try post(running.base, "not json").status == 400)
        #expect(running.commands.isEmpty)
    }

    @Test("a command reaches the app on the main thread and is answered; one with nothing to act on is 409")
    func commandCarriedOut() throws {
        let running = try Running()
        let (cookie, _) = try running.pair()
        let post = { (body: String) in
            try Answer.curl(
                running.base + "/api/command",
                ["-X", "POST", "-H", "Cookie: \(cookie)", "-H", "Origin: \(running.base)", "--data-binary", body])
        }
        let done = try post(#"{"command":"play","id":2}"#)
        #expect(done.status == 200 && done.body.contains(#""ok":true"#))
        #expect(try post(#"{"command":"next"}"#).status == 409)
        #expect(running.commands == [.play(ItemID(2)), .next])
    }

    @Test("a phone that disappears mid-command leaves the server answering")
    func vanishedMidCommand() throws {
        let running = try Running()
        let (cookie, _) = try running.pair()
        let gone = try Answer.curl(
            running.base + "/api/command",
            [
                "-X", "POST", "-H", "Cookie: \(cookie)", "-H", "Origin: \(running.base)", "--max-time", "0.3", "--data-binary",
                #"{"command":"seek","ms":424242}"#,
            ])
        #expect(gone.status == 0, "curl gave up before the answer")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(try Answer.curl(running.base + "/api/state", ["-H", "Cookie: \(cookie)"]).status == 200)
        #expect(running.commands == [.seek(424_242)])
    }

    @Test("a flood of commands waits in a bounded queue: beyond 32 the page is told 503, and no command is lost or doubled")
    func flood() throws {
        let running = try Running()
        let (cookie, _) = try running.pair()
        // A hundred phones at once: separate connections, each answered on its own (threads in python3).
        let script = """
            import http.client, sys, threading
            codes = []
            def post():
                try:
                    c = http.client.HTTPConnection("127.0.0.1", \(running.port), timeout=30)
                    c.request("POST", "/api/command", body='{"command":"seek","ms":4242}',
                              headers={"Cookie": "\(cookie)", "Origin": "\(running.base)"})
                    codes.append(c.getresponse().status)
                except Exception as e:
                    codes.append(0)
                    print(repr(e), file=sys.stderr)
            threads = [threading.Thread(target=post) for _ in range(100)]
            [t.start() for t in threads]
            [t.join() for t in threads]
            print("\\n".join(map(str, codes)))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let codes = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        let accepted = codes.filter { $0 == 200 }.count
        let busy = codes.filter { $0 == 503 }.count
        let reset = codes.filter { $0 == 0 }.count
        print("flood of 100: \(accepted) answered 200, \(busy) answered 503, \(reset) reset")
        // On two busy cores a few of a hundred simultaneous connections are at times reset before a request is read
        // (seen: 7 to 22): the phone retries; what matters is that nothing beyond the bound reaches the app.
        #expect(accepted + busy + reset == 100 && reset <= 30, "every request answered or reset: \(codes)")
        #expect(busy > 0, "the queue is bounded")
        #expect(running.commands.count == accepted)
    }

    @Test("the WebSocket needs a session and the page's Origin; with both it upgrades")
    func socketGate() throws {
        let running = try Running()
        let (cookie, _) = try running.pair()
        let upgrade = [
            "-H", "Upgrade: websocket", "-H", "Connection: Upgrade", "-H", "Sec-WebSocket-Version: 13", "-H",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "--max-time", "2",
        ]
        let url = running.base + "/ws"
        #expect(try Answer.curl(url, upgrade + ["-H", "Origin: \(running.base)"]).status == 401)
        #expect(try Answer.curl(url, upgrade + ["-H", "Cookie: \(cookie)", "-H", "Origin: http://evil.example"]).status == 403)
        #expect(try Answer.curl(url, upgrade + ["-H", "Cookie: \(cookie)"]).status == 403)
        #expect(try Answer.curl(url, upgrade + ["-H", "Cookie: \(cookie)", "-H", "Origin: \(running.base)"]).status == 101)
    }

    @Test("a port already taken is a failure the window can show, and stopping frees the port at once")
    func portTaken() throws {
        let running = try Running()
        let second = RemoteServer(
            port: running.port, addresses: ["127.0.0.1"], posterFile: { _ in nil }, command: { _ in true }, phonesChanged: { _ in })
        let view = second.start()
        #expect(!view.listening && view.pairingURL == nil)
        #expect(view.failure?.isEmpty == false)
        running.server.stop()
        #expect(second.start().listening, "the first server's port is free once it stopped")
        second.stop()
    }

    @Test("a new token unpairs every phone")
    func renew() throws {
        let running = try Running()
        let (cookie, _) = try running.pair()
        #expect(try Answer.curl(running.base + "/api/state", ["-H", "Cookie: \(cookie)"]).status == 200)
        let view = running.server.renew()
        #expect(view.pairingURL?.hasSuffix(running.token) == false)
        // The renewal runs on the server's thread: the next request sees it.
        var status = 0
        for _ in 0..<50 {
            status = try Answer.curl(running.base + "/api/state", ["-H", "Cookie: \(cookie)"]).status
            if status == 401 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(status == 401)
    }
}
