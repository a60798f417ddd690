/// What the gate decided for a request.
public enum RemoteDecision: Hashable, Sendable {
    /// Serve the route.
    case serve(RemoteRoute)
    /// Pairing succeeded: set this session cookie and send the phone to the page.
    case paired(session: String)
    /// Refuse with this HTTP status: 401 (no or wrong token or session), 403 (another origin or host), 429 (too
    /// many wrong tokens: wait).
    case refuse(status: Int)
}
