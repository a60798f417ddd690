/// Carries out the placement machine's effects: a live view goes to its row, fullscreen or a screen's scene, a move
/// to a screen is said in a notice, and where each view went and first showed a picture is logged.
@MainActor
final class PlacementDriver {
    /// What the placements need from the playback, which owns the players.
    @MainActor
    protocol Owner: AnyObject {
        /// The library's item of `id`, if it holds one.
        func item(_ id: ItemID) -> LibraryItem?
        /// Where the player of `id` is now (0 without one).
        func positionMs(of id: ItemID) -> Int
        /// How a person knows the screen on `connector`.
        func screenName(_ connector: String) -> String
        /// The row of `id` may show something else now.
        func rowChanged(_ id: ItemID)
        /// What the snapshot says of the current video may have changed (fullscreen).
        func presentationChanged()
    }

    /// Where each live view is shown and where it goes home to.
    private(set) var views = ViewPlacements()
    /// Where views are placed and notices shown.
    weak var presenter: LibraryPresenter?
    private weak var owner: Owner?
    private let log: EventLog

    /// Creates a driver logging to `log`.
    init(log: EventLog) { self.log = log }

    /// Connects what the placements report to.
    func attach(owner: Owner) { self.owner = owner }

    /// Feeds the placement machine and carries out what it says.
    func handle(_ event: ViewPlacements.Event) {
        for effect in views.handle(event) {
            switch effect {
            case .place(let id, let placement):
                presenter?.placeVideoView(for: id, at: placement)
                owner?.rowChanged(id)
            case .moved(let id, let name):
                owner?.rowChanged(id)
                guard let owner, let item = owner.item(id) else { continue }
                if case .screen(let connector)? = views.placement(of: id) {
                    presenter?.showNotice(.playingOn(screen: owner.screenName(connector)))
                }
                log.emit(.route, path: item.path, fields: [(.to, .string(name)), (.positionMs, .int(owner.positionMs(of: id)))])
            case .fullscreenChanged(let id, let on):
                owner?.presentationChanged()
                guard let item = owner?.item(id) else { continue }
                log.emit(.fullscreen, path: item.path, fields: [(.on, .bool(on)), (.window, .string("main"))])
            case .arrived(let id, let window):
                guard let owner, let item = owner.item(id) else { continue }
                log.emit(.firstFrame, path: item.path, fields: [(.window, .string(window)), (.positionMs, .int(owner.positionMs(of: id)))])
            }
        }
    }
}
