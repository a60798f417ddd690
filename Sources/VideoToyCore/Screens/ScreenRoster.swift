/// The ready screens last reported, to tell connections and disconnections apart from a new monitor list.
public struct ScreenRoster: Sendable, Equatable {
    /// One screen coming or going.
    public enum Change: Sendable, Equatable {
        /// A ready screen that was not there before.
        case connected(Screen)
        /// A screen that was there and is not any more (or is no longer ready).
        case disconnected(Screen)
    }

    /// The ready screens now, by identity.
    public private(set) var screens: [ScreenID: Screen] = [:]

    /// Creates an empty roster.
    public init() {}

    /// Takes the full monitor list and returns what changed: connections first, in list order, then disconnections.
    public mutating func update(_ list: [Screen]) -> [Change] {
        var now: [ScreenID: Screen] = [:]
        var connected: [Change] = []
        for screen in list where screen.isReady && now[screen.id] == nil {
            now[screen.id] = screen
            if screens[screen.id] == nil { connected.append(.connected(screen)) }
        }
        let gone = screens.values.filter { now[$0.id] == nil }.sorted { $0.id.connector < $1.id.connector }
        screens = now
        return connected + gone.map(Change.disconnected)
    }
}
