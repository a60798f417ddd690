import Testing
import VideoToyCore
import VideoToyTesting

/// Who may use the remote: pairing, sessions, the rate limit, origins and hosts.
@Suite("Remote gate")
struct RemoteGateTests {
    static let host = "192.168.1.20:8765"
    static let origin = "http://192.168.1.20:8765"

    static func gate() -> RemoteGate { RemoteGate(token: "secret-token", hosts: [host]) }

    static func paired(_ gate: inout RemoteGate, client: String = "192.168.1.30") -> String? {
        let session = "session-\(gate.sessions.count)"
        let request = RemoteRequest(route: .pair, token: "secret-token", host: host, client: client)
        if case .paired(let made) = gate.decide(request, now: 0, newSession: { session }) { return made }
        return nil
    }

    @Test("The code's token gives a session; the session opens every route")
    func pairing() throws {
        var gate = Self.gate()
        let session = try #require(Self.paired(&gate))
        for route in [RemoteRoute.page, .state, .asset("app.js"), .poster(ItemID(1)), .library(query: "", offset: 0)] {
            let request = RemoteRequest(route: route, session: session, host: Self.host, client: "192.168.1.30")
            #expect(gate.decide(request, now: 1) { "x" } == .serve(route))
        }
        let command = RemoteRequest(route: .command, session: session, origin: Self.origin, host: Self.host, client: "c")
        #expect(gate.decide(command, now: 1) { "x" } == .serve(.command))
    }

    /// Route, token, session, origin, host, expected status.
    static let refusals: [(RemoteRoute, String?, String?, String?, String?, Int)] = [
        (.page, nil, nil, nil, host, 401),
        (.state, nil, "made-up", nil, host, 401),
        (.asset("app.js"), nil, nil, nil, host, 401),
        (.poster(ItemID(1)), nil, nil, nil, host, 401),
        (.pair, "wrong", nil, nil, host, 401),
        (.pair, nil, nil, nil, host, 401),
        (.pair, "secret-token", nil, nil, "evil.example:8765", 403),
        (.pair, "secret-token", nil, nil, nil, 403),
        (.command, nil, "session-0", nil, host, 403),
        (.command, nil, "session-0", "http://evil.example", host, 403),
        (.socket, nil, "session-0", "http://evil.example", host, 403),
        (.command, nil, "session-0", "https://192.168.1.20:8765", host, 403),
        (.command, nil, nil, origin, host, 401),
    ]

    @Test("No token, a wrong one, another origin or host: refused", arguments: refusals.indices)
    func refused(index: Int) throws {
        let (route, token, session, origin, host, status) = Self.refusals[index]
        var gate = Self.gate()
        _ = try #require(Self.paired(&gate))
        let request = RemoteRequest(route: route, token: token, session: session, origin: origin, host: host, client: "10.0.0.9")
        #expect(gate.decide(request, now: 5) { "x" } == .refuse(status: status))
    }

    @Test("Wrong tokens are rate-limited per client, for a minute; the right token waits too")
    func rateLimit() {
        var gate = Self.gate()
        let wrong = RemoteRequest(route: .pair, token: "guess", host: Self.host, client: "10.0.0.9")
        var statuses: [Int] = []
        for attempt in 0..<7 {
            if case .refuse(let status) = gate.decide(wrong, now: attempt * 100, newSession: { "s" }) { statuses.append(status) }
        }
        #expect(statuses == [401, 401, 401, 401, 429, 429, 429])
        let right = RemoteRequest(route: .pair, token: "secret-token", host: Self.host, client: "10.0.0.9")
        #expect(gate.decide(right, now: 1_000) { "s" } == .refuse(status: 429))
        // Another phone is not punished for it.
        let other = RemoteRequest(route: .pair, token: "secret-token", host: Self.host, client: "10.0.0.10")
        #expect(gate.decide(other, now: 1_000) { "s2" } == .paired(session: "s2"))
        // After the window the client may try again.
        #expect(gate.decide(right, now: 1_000 + RemoteGate.failureWindowMs) { "s3" } == .paired(session: "s3"))
    }

    @Test("A new token unpairs every phone")
    func renew() throws {
        var gate = Self.gate()
        let session = try #require(Self.paired(&gate))
        let opened1 = gate.socketOpened(session: session)
        #expect(opened1)
        #expect(gate.phones == 1)
        gate.renew(token: "new-token")
        #expect(gate.phones == 0)
        #expect(!gate.isPaired(session))
        let old = RemoteRequest(route: .state, session: session, host: Self.host, client: "c")
        #expect(gate.decide(old, now: 1) { "x" } == .refuse(status: 401))
        let stale = RemoteRequest(route: .pair, token: "secret-token", host: Self.host, client: "c")
        #expect(gate.decide(stale, now: 1) { "x" } == .refuse(status: 401))
    }

    @Test("Phones: a new one is announced once; sockets are bounded; sessions push out the oldest")
    func phones() throws {
        var gate = Self.gate()
        let session = try #require(Self.paired(&gate))
        let opened2 = gate.socketOpened(session: session)
        #expect(opened2)
        let opened3 = gate.socketOpened(session: session)
        #expect(!opened3, "a second tab of the same phone is no new phone")
        gate.socketClosed(session: session)
        gate.socketClosed(session: session)
        #expect(gate.phones == 0)
        let opened4 = gate.socketOpened(session: session)
        #expect(!opened4, "a phone coming back is not new")
        let opened5 = gate.socketOpened(session: "never-paired")
        #expect(!opened5)
        for _ in 0..<RemoteGate.maximumSockets { _ = gate.socketOpened(session: session) }
        let socket = RemoteRequest(route: .socket, session: session, origin: Self.origin, host: Self.host, client: "c")
        #expect(gate.decide(socket, now: 1) { "x" } == .refuse(status: 503))
        for index in 0..<(RemoteGate.maximumSessions + 3) {
            _ = gate.decide(RemoteRequest(route: .pair, token: "secret-token", host: Self.host, client: "c\(index)"), now: 2) {
                "extra-\(index)"
            }
        }
        #expect(gate.sessions.count == RemoteGate.maximumSessions)
        #expect(!gate.isPaired(session), "the oldest session went")
    }

    @Test(
        "A flood of wrong tokens from random addresses keeps the gate bounded and the right token working",
        arguments: [1, 2, 3] as [UInt64])
    func flood(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var gate = Self.gate()
        for step in 0..<5_000 {
            let client =
                "10.\(Int.random(in: 0..<8, using: &rng)).\(Int.random(in: 0..<256, using: &rng)).\(Int.random(in: 0..<256, using: &rng))"
            let token = Bool.random(using: &rng) ? "secret-tokem" : String(Int.random(in: 0..<1_000_000, using: &rng))
            let decision = gate.decide(RemoteRequest(route: .pair, token: token, host: Self.host, client: client), now: step) { "s" }
            #expect(decision == .refuse(status: 401) || decision == .refuse(status: 429))
        }
        #expect(gate.sessions.isEmpty)
        let phone = RemoteRequest(route: .pair, token: "secret-token", host: Self.host, client: "192.168.1.30")
        #expect(gate.decide(phone, now: 5_000) { "ok" } == .paired(session: "ok"))
    }
}
