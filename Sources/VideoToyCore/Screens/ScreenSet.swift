/// The ready screens in the order they were connected, oldest first, so "most recently connected" is `last`.
public struct ScreenSet: Hashable, Sendable {
    /// The ready screens, oldest connection first.
    public private(set) var screens: [Screen] = []

    /// Creates an empty set.
    public init() {}

    /// Replaces the screens of `kind` with the latest list of that kind: survivors keep their place (with fresh
    /// values), newcomers are appended in list order, screens that are not ready yet, of another kind, and duplicate
    /// identifiers are ignored. Screens of the other kind stay as they are: monitors and renderers are reported apart.
    public mutating func update(with latest: [Screen], kind: ScreenKind = .monitor) {
        var fresh: [ScreenID: Screen] = [:]
        var arrivals: [Screen] = []
        for screen in screens where screen.kind != kind { fresh[screen.id] = screen }
        for screen in latest where screen.kind == kind && screen.isReady && fresh[screen.id] == nil {
            fresh[screen.id] = screen
            arrivals.append(screen)
        }
        let known = Set(screens.map(\.id))
        screens = screens.compactMap { fresh[$0.id] } + arrivals.filter { !known.contains($0.id) }
    }

    /// The screen with this identifier, if it is connected.
    public func screen(_ id: ScreenID) -> Screen? { screens.first { $0.id == id } }

    /// True when the screen is connected and ready.
    public func contains(_ id: ScreenID) -> Bool { screen(id) != nil }

    /// The screen holding the main window: the one on `mainConnector`, or the first monitor connected when that is
    /// unknown (as UIKit's `screens[0]`).
    public func main(connector mainConnector: String?) -> Screen? {
        guard let mainConnector else { return screens.first { $0.kind == .monitor } }
        return screens.first { $0.id.connector == mainConnector }
    }

    /// Every connected screen except the main one, oldest connection first.
    public func externals(mainConnector: String?) -> [Screen] {
        let main = self.main(connector: mainConnector)?.id
        return screens.filter { $0.id != main }
    }
}
