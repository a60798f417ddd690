/// Where one item's single video view lives: in its own library row, or in the external scene on a screen.
///
/// The row shows the presenter panel ("Playing on …") exactly while its item's route is `.screen`.
public enum Route: Hashable, Sendable, CustomStringConvertible {
    /// In the item's row of the main window.
    case row(ItemID)
    /// In the external scene on that screen.
    case screen(ScreenID)

    /// A short form for logs and test failures.
    public var description: String {
        switch self {
        case .row(let item): "row \(item)"
        case .screen(let id): "screen \(id)"
        }
    }
}
