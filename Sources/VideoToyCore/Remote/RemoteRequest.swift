/// A request to the remote's server as the gate sees it: its route, and the headers that prove who sent it.
public struct RemoteRequest: Hashable, Sendable {
    /// What it asks for.
    public var route: RemoteRoute
    /// The pairing token in the URL (`/pair?t=`), if any.
    public var token: String?
    /// The session cookie's value, if any.
    public var session: String?
    /// The `Origin` header, if any.
    public var origin: String?
    /// The `Host` header, if any.
    public var host: String?
    /// The client's address, for the rate limit.
    public var client: String

    /// A request for `route` from `client`.
    public init(
        route: RemoteRoute, token: String? = nil, session: String? = nil, origin: String? = nil, host: String? = nil, client: String
    ) {
        self.route = route
        self.token = token
        self.session = session
        self.origin = origin
        self.host = host
        self.client = client
    }
}
