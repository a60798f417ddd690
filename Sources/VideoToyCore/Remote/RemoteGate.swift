/// Who may use the remote: the pairing token, the sessions it was exchanged for, the rate limit on wrong tokens,
/// the origin and host checks, and the phones connected.
///
/// A value the server consults for every request and WebSocket; it never sees a socket, so each rule is tested
/// as a table.
public struct RemoteGate: Hashable, Sendable {
    /// At most this many paired sessions; a new one pushes out the oldest.
    public static let maximumSessions = 32
    /// At most this many open WebSockets, all phones together.
    public static let maximumSockets = 128
    /// Wrong tokens a client may send within `failureWindowMs` before it is refused without a check.
    public static let failureLimit = 5
    /// The window of the rate limit, in milliseconds.
    public static let failureWindowMs = 60_000
    /// At most this many clients are remembered for the rate limit.
    static let trackedClients = 1024

    /// The token in the pairing code.
    public private(set) var token: String
    /// The `Host` values the server answers to (its addresses and port): any other is a rebinding attempt.
    public var hosts: Set<String>
    /// The paired sessions, oldest first.
    public private(set) var sessions: [String] = []
    /// The open WebSockets of each session.
    public private(set) var sockets: [String: Int] = [:]
    /// The sessions that ever had a WebSocket, so a phone coming back is not announced as new.
    private var seen: Set<String> = []
    private var failures: [String: [Int]] = [:]

    /// A gate pairing with `token`, answering to `hosts`.
    public init(token: String, hosts: Set<String>) {
        self.token = token
        self.hosts = hosts
    }

    /// How many phones have the page open.
    public var phones: Int { sockets.values.filter { $0 > 0 }.count }

    /// Decides `request` at `now` (milliseconds); `newSession` makes a fresh random session value.
    public mutating func decide(_ request: RemoteRequest, now: Int, newSession: () -> String) -> RemoteDecision {
        guard let host = request.host, hosts.contains(host) else { return .refuse(status: 403) }
        if request.route == .pair {
            guard !isLimited(request.client, now: now) else { return .refuse(status: 429) }
            guard let offered = request.token, Self.same(offered, token) else {
                noteFailure(request.client, now: now)
                return .refuse(status: isLimited(request.client, now: now) ? 429 : 401)
            }
            let session = newSession()
            sessions.append(session)
            if sessions.count > Self.maximumSessions { drop(sessions[0]) }
            return .paired(session: session)
        }
        guard let session = request.session, sessions.contains(where: { Self.same($0, session) }) else {
            return .refuse(status: 401)
        }
        // A page elsewhere cannot drive the app through a paired phone's browser: commands come from ours.
        if request.route == .command || request.route == .socket {
            guard request.origin == "http://" + host else { return .refuse(status: 403) }
        }
        if request.route == .socket && sockets.values.reduce(0, +) >= Self.maximumSockets { return .refuse(status: 503) }
        return .serve(request.route)
    }

    /// A WebSocket of `session` opened; true when it is a phone not seen before (the app shows a notice).
    public mutating func socketOpened(session: String) -> Bool {
        guard sessions.contains(session) else { return false }
        sockets[session, default: 0] += 1
        return seen.insert(session).inserted
    }

    /// A WebSocket of `session` closed.
    public mutating func socketClosed(session: String) {
        guard let count = sockets[session] else { return }
        sockets[session] = count > 1 ? count - 1 : nil
    }

    /// Whether `session` is still paired (its sockets close once it is not).
    public func isPaired(_ session: String) -> Bool { sessions.contains(session) }

    /// A new pairing token: every phone is unpaired and must scan the new code.
    public mutating func renew(token: String) {
        self.token = token
        sessions.removeAll()
        sockets.removeAll()
        seen.removeAll()
        failures.removeAll()
    }

    private mutating func drop(_ session: String) {
        sessions.removeAll { $0 == session }
        sockets[session] = nil
    }

    private func isLimited(_ client: String, now: Int) -> Bool {
        (failures[client] ?? []).filter { now - $0 < Self.failureWindowMs }.count >= Self.failureLimit
    }

    private mutating func noteFailure(_ client: String, now: Int) {
        var times = (failures[client] ?? []).filter { now - $0 < Self.failureWindowMs }
        times.append(now)
        failures[client] = Array(times.suffix(Self.failureLimit))
        if failures.count > Self.trackedClients {
            // The client whose last failure is oldest goes: the map stays bounded under a flood of addresses.
            if let oldest = failures.min(by: { ($0.value.last ?? 0) < ($1.value.last ?? 0) })?.key { failures[oldest] = nil }
        }
    }

    /// Compares secrets in time that depends only on their lengths.
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
