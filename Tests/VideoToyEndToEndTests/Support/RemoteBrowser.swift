import Foundation
import Glibc
import Testing
import VideoToyAppTesting

/// Headless Chromium in the app's network namespace, driven by chromedriver over the plain WebDriver protocol
/// (every call is curl run inside the namespace): a phone on the same network as the app, and nothing else.
final class RemoteBrowser {
    /// Where chromedriver listens inside the namespace.
    static let driver = "http://127.0.0.1:9515"
    /// The key W3C WebDriver names elements by.
    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    private let pid: Int32
    private let driverProcess: Process
    private let profile: URL
    private var session = ""

    /// Starts chromedriver in the namespace of the process `pid`, and a browser as tall as a phone.
    init(namespaceOf pid: Int32) async throws {
        self.pid = pid
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-remote-chrome-\(UUID().uuidString)")
        driverProcess = Process()
        driverProcess.executableURL = URL(fileURLWithPath: "/usr/bin/nsenter")
        driverProcess.arguments = ["--net=/proc/\(pid)/ns/net", "--", "chromedriver", "--port=9515"]
        driverProcess.standardOutput = FileHandle.nullDevice
        driverProcess.standardError = FileHandle.nullDevice
        try driverProcess.run()
        let deadline = ContinuousClock.now + .seconds(20)
        while (try? call("GET", "/status"))?["value"] == nil {
            guard ContinuousClock.now < deadline else { throw HarnessError("chromedriver did not answer in 20 s") }
            try await Task.sleep(for: .milliseconds(200))
        }
        let options: [String: Any] = [
            "binary": "/usr/bin/chromium",
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=412,1100",
                "--user-data-dir=\(profile.path)", "--no-first-run", "--force-dark-mode",
            ],
        ]
        let answer = try call("POST", "/session", ["capabilities": ["alwaysMatch": ["goog:chromeOptions": options]]])
        guard let value = answer["value"] as? [String: Any], let id = value["sessionId"] as? String else {
            throw HarnessError("no WebDriver session: \(answer)")
        }
        session = id
    }

    /// Ends the browser and chromedriver.
    func quit() {
        if !session.isEmpty { _ = try? call("DELETE", "/session/\(session)") }
        // chromedriver may linger after SIGTERM, and waiting on it would hang the suite.
        kill(driverProcess.processIdentifier, SIGKILL)
        driverProcess.waitUntilExit()
        try? FileManager.default.removeItem(at: profile)
    }

    /// Opens `url`.
    func open(_ url: String) throws { _ = try call("POST", "/session/\(session)/url", ["url": url]) }

    /// The element `selector` (CSS, or XPath when it starts with `/`), or nil.
    func element(_ selector: String) throws -> String? {
        let using = selector.hasPrefix("/") ? "xpath" : "css selector"
        let answer = try call("POST", "/session/\(session)/element", ["using": using, "value": selector])
        return (answer["value"] as? [String: Any])?[Self.elementKey] as? String
    }

    /// The visible text of `selector`, or nil when there is no such element.
    func text(_ selector: String) throws -> String? {
        guard let id = try element(selector) else { return nil }
        return (try call("GET", "/session/\(session)/element/\(id)/text"))["value"] as? String
    }

    /// Taps `selector`.
    func click(_ selector: String) throws {
        guard let id = try element(selector) else { throw HarnessError("no \(selector) on the page") }
        _ = try call("POST", "/session/\(session)/element/\(id)/click", [:])
    }

    /// Waits until `selector`'s text satisfies `condition`; returns it.
    func waitForText(_ selector: String, seconds: Int = 20, _ condition: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var last: String?
        while ContinuousClock.now < deadline {
            last = try? text(selector)
            if let last, condition(last) { return last }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw HarnessError("\(selector) read \(String(describing: last)) for \(seconds) s")
    }

    /// A screenshot of the page, saved at `url`.
    func screenshot(to url: URL) throws {
        let answer = try call("GET", "/session/\(session)/screenshot")
        guard let text = answer["value"] as? String, let data = Data(base64Encoded: text) else { throw HarnessError("no screenshot") }
        try data.write(to: url)
    }

    private func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) throws -> [String: Any] {
        var arguments = [
            "nsenter", "--net=/proc/\(pid)/ns/net", "--", "curl", "-s", "--max-time", "60", "-X", method, Self.driver + path,
        ]
        if let body {
            let data = try JSONSerialization.data(withJSONObject: body)
            arguments += ["-H", "Content-Type: application/json", "--data-binary", String(decoding: data, as: UTF8.self)]
        }
        let result = try Command.run(arguments)
        guard result.status == 0 else { throw HarnessError("WebDriver \(method) \(path): curl exited \(result.status)") }
        return (try? JSONSerialization.jsonObject(with: result.stdout)) as? [String: Any] ?? [:]
    }
}
