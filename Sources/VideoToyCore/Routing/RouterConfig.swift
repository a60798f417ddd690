/// The router's settings, from the command line and from what the app remembered last time.
public struct RouterConfig: Hashable, Sendable {
    /// The default grace period: a disconnect shorter than this does not move the scene elsewhere.
    public static let defaultGracePeriodMilliseconds = 2000

    /// How long a vanished scene screen keeps its claim, in milliseconds; 0 turns the grace period off.
    public var gracePeriodMilliseconds: Int
    /// The connector given with `--screen`, preferred over every other rule while that screen is connected.
    public var pinnedConnector: String?
    /// `--keep-mode`: never change a screen's mode.
    public var keepMode: Bool
    /// The screen the user chose in an earlier run, as persisted after `rememberPreferredScreen`.
    public var preferredScreen: ScreenID?
    /// The network screens the user chose before, by connector (`upnp:` and the UDN), each with whether a video moves
    /// there by itself when it appears ("Move videos to this screen automatically"), as persisted after
    /// `rememberNetworkScreen`.
    public var networkScreens: [String: Bool]

    /// Creates settings; a negative grace period counts as off.
    public init(
        gracePeriodMilliseconds: Int = RouterConfig.defaultGracePeriodMilliseconds,
        pinnedConnector: String? = nil,
        keepMode: Bool = false,
        preferredScreen: ScreenID? = nil,
        networkScreens: [String: Bool] = [:]
    ) {
        self.gracePeriodMilliseconds = max(0, gracePeriodMilliseconds)
        self.pinnedConnector = pinnedConnector
        self.keepMode = keepMode
        self.preferredScreen = preferredScreen
        self.networkScreens = networkScreens
    }
}
