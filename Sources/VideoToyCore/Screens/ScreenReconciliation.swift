/// GDK's monitor list checked against the display server's own view of its outputs: a monitor whose output the
/// server no longer drives is dropped, so a removal GDK never reported cannot leave a video on a screen that is gone.
public struct ScreenReconciliation: Equatable, Sendable {
    /// The screens to route by.
    public let screens: [Screen]
    /// The screens GDK still listed that the display server no longer drives.
    public let dropped: [ScreenID]

    /// Checks `screens` against `outputs`, the server's outputs by connector with their current modes.
    ///
    /// An empty answer (the server could not be read) changes nothing, and neither does one that would drop every
    /// screen: the window is on one of them, so that answer is the one in doubt. A screen whose connector is not
    /// known yet (a monitor announced before its properties) is kept: it is not ready to route to anyway.
    public init(screens: [Screen], outputs: [String: OutputModes]) {
        let gone: (Screen) -> Bool = { screen in
            !screen.id.connector.isEmpty && outputs[screen.id.connector]?.current == nil
        }
        let kept = screens.filter { !gone($0) }
        if outputs.isEmpty || kept.isEmpty {
            self.screens = screens
            dropped = []
        } else {
            self.screens = kept
            dropped = screens.filter(gone).map(\.id)
        }
    }
}

/// What a check of the monitors found that no notification had reported: screens gone, and screens there.
public struct ScreenCorrection: Equatable, Sendable {
    /// Screens the router was told of that are gone.
    public let gone: [ScreenID]
    /// Screens that are there that the router was not told of.
    public let added: [ScreenID]

    /// The difference between what was `reported` and what is there `now`; nil when they have the same screens.
    public init?(reported: [Screen], now: [Screen]) {
        let before = Set(reported.map(\.id)), after = Set(now.map(\.id))
        gone = reported.map(\.id).filter { !after.contains($0) }
        added = now.map(\.id).filter { !before.contains($0) }
        if gone.isEmpty && added.isEmpty { return nil }
    }

    /// A correction of screens dropped by the display server's own view.
    public init(dropped: [ScreenID]) {
        gone = dropped
        added = []
    }
}
