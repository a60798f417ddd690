/// What a request to the remote's server may ask for; anything else is 404.
public enum RemoteRoute: Hashable, Sendable {
    /// The page (`/`).
    case page
    /// One of the page's own files (`/app.js`, `/app.css`, `/icon.svg`), by name.
    case asset(String)
    /// Pairing: the code's token exchanged for a session (`/pair?t=TOKEN`).
    case pair
    /// What plays now, as JSON (`/api/state`).
    case state
    /// A page of the library, filtered by a search (`/api/library?q=TEXT&offset=N`).
    case library(query: String, offset: Int)
    /// An item's poster (`/api/poster/ID`).
    case poster(ItemID)
    /// A command (`POST /api/command`).
    case command
    /// The live updates (`/ws`, a WebSocket).
    case socket

    /// The page's files, the only ones served.
    public static let assets: Set<String> = ["app.js", "app.css", "icon.svg"]

    /// The route of `method` on `path` with its decoded `query`, or nil (404).
    public init?(method: String, path: String, query: [String: String]) {
        switch (method, path) {
        case ("GET", "/"), ("HEAD", "/"): self = .page
        case ("GET", "/pair"): self = .pair
        case ("GET", "/api/state"): self = .state
        case ("GET", "/api/library"):
            let offset = query["offset"].flatMap { Int($0) } ?? 0
            guard (0...10_000_000).contains(offset) else { return nil }
            self = .library(query: String((query["q"] ?? "").prefix(200)), offset: offset)
        case ("POST", "/api/command"): self = .command
        case ("GET", "/ws"): self = .socket
        case ("GET", let other) where other.hasPrefix("/api/poster/"):
            let digits = other.dropFirst("/api/poster/".count)
            guard (1...9).contains(digits.count), digits.allSatisfy(\.isASCII), let id = Int(digits), id >= 0 else { return nil }
            self = .poster(ItemID(id))
        case ("GET", let other), ("HEAD", let other):
            let name = String(other.dropFirst())
            guard other.hasPrefix("/"), Self.assets.contains(name) else { return nil }
            self = .asset(name)
        default:
            return nil
        }
    }

    /// Whether the route changes something, so it must come from the page itself (`Origin`).
    var changesState: Bool {
        switch self {
        case .command, .socket: true
        default: false
        }
    }
}
