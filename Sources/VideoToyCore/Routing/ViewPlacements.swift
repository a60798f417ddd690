/// Where each live video view is shown, and where it goes home to: a value-type state machine.
///
/// Each live view has exactly one entry, so a view can never be in two places, and what it remembers (a fullscreen
/// home, a pending return to its row) goes away with it.
public struct ViewPlacements: Sendable, Equatable {
    /// Something that happened to a view.
    public enum Event: Sendable, Equatable {
        /// A player was made for the item; its view starts in the row.
        case created(ItemID)
        /// The router moved the item's view.
        case routed(ItemID, Route)
        /// The user asked for fullscreen on the main window, or to leave it.
        case fullscreen(ItemID, Bool)
        /// The view drew its first frame since it was placed at `placement`.
        case frameShown(ItemID, ViewPlacement)
        /// The player and its view are gone.
        case released(ItemID)
    }

    /// What the adapters do about an event.
    public enum Effect: Sendable, Equatable {
        /// Put the view there.
        case place(ItemID, ViewPlacement)
        /// The view changed windows because the router moved it; `to` names the destination ("row" or a connector).
        case moved(ItemID, to: String)
        /// The view entered or left fullscreen on the main window.
        case fullscreenChanged(ItemID, Bool)
        /// The view showed its first frame in `window` ("main" or a connector) after a move.
        case arrived(ItemID, window: String)
    }

    private struct View: Sendable, Equatable {
        var placement: ViewPlacement
        // Where the main window shows the view when it is not on an external screen.
        var homeIsFullscreen = false
        // Moved back to its row and not yet drawn there: its first frame is an arrival worth logging.
        var returning = false
    }

    private var views: [ItemID: View] = [:]

    /// Creates a machine with no live views.
    public init() {}

    /// Where the view of `id` is shown, if it is live.
    public func placement(of id: ItemID) -> ViewPlacement? { views[id]?.placement }

    /// Whether the view of `id` is fullscreen now, or returns to fullscreen from an external screen.
    public func wantsFullscreen(_ id: ItemID) -> Bool {
        guard let view = views[id] else { return false }
        return view.placement == .fullscreen || view.homeIsFullscreen
    }

    /// The items with a live view.
    public var live: Set<ItemID> { Set(views.keys) }

    /// Applies one event and returns the effects, in order.
    public mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .created(let id):
            guard views[id] == nil else { return [] }
            views[id] = View(placement: .row)
            return [.place(id, .row)]
        case .routed(let id, let route):
            return routed(id, route)
        case .fullscreen(let id, let on):
            return fullscreen(id, on)
        case .frameShown(let id, let placement):
            guard var view = views[id], view.placement == placement else { return [] }
            switch placement {
            case .row:
                // The player reports the first frame of a play request; this reports a return from elsewhere.
                guard view.returning else { return [] }
                view.returning = false
                views[id] = view
                return [.arrived(id, window: "main")]
            case .fullscreen:
                return [.arrived(id, window: "main")]
            case .screen(let connector):
                return [.arrived(id, window: connector)]
            }
        case .released(let id):
            views[id] = nil
            return []
        }
    }

    private mutating func routed(_ id: ItemID, _ route: Route) -> [Effect] {
        guard var view = views[id] else { return [] }
        let placement: ViewPlacement
        let name: String
        switch route {
        // A video presented fullscreen on the main window goes back to fullscreen, where the user left it.
        case .row: (placement, name) = (view.homeIsFullscreen ? .fullscreen : .row, "row")
        case .screen(let screen): (placement, name) = (.screen(connector: screen.connector), screen.connector)
        }
        guard view.placement != placement else { return [] }
        let wasFullscreen = view.placement == .fullscreen
        view.placement = placement
        view.returning = placement == .row
        views[id] = view
        var effects: [Effect] = [.place(id, placement), .moved(id, to: name)]
        if wasFullscreen != (placement == .fullscreen) { effects.append(.fullscreenChanged(id, placement == .fullscreen)) }
        return effects
    }

    private mutating func fullscreen(_ id: ItemID, _ on: Bool) -> [Effect] {
        guard var view = views[id] else { return [] }
        view.homeIsFullscreen = on
        // On an external screen the video is already fullscreen and the laptop keeps its list; the choice
        // only decides where the video goes when that screen leaves.
        if case .screen = view.placement {
            views[id] = view
            return []
        }
        let target: ViewPlacement = on ? .fullscreen : .row
        guard view.placement != target else {
            views[id] = view
            return []
        }
        view.placement = target
        views[id] = view
        return [.place(id, target), .fullscreenChanged(id, on)]
    }
}
