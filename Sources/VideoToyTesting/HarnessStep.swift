import VideoToyCore

/// One thing a test does to the simulated world; `RouterHarness.run` turns it into router events.
public enum HarnessStep: Hashable, Sendable, CustomStringConvertible {
    /// Connect a monitor whose geometry is known at once.
    case plug(Screen)
    /// Connect a monitor whose geometry is not known yet.
    case announce
    /// The announced monitor's geometry becomes known.
    case ready(Screen)
    /// Disconnect a monitor.
    case unplug(ScreenID)
    /// Unplug and replug a monitor `count` times, waiting `downMilliseconds` after each change.
    case flaps(ScreenID, count: Int, downMilliseconds: Int)
    /// The main window moves to the monitor on this connector.
    case mainMoved(connector: String)
    /// The user selects an item; the simulated player starts it.
    case select(ItemID)
    /// The user stops the selected item.
    case deselect
    /// The selected item plays to its end.
    case finish
    /// Time passes: playing positions advance and due timers fire.
    case wait(milliseconds: Int)
    /// The user picks an external screen.
    case choose(ScreenID)
    /// The adapter completes every move it was holding back.
    case flush
    /// A renderer appears on the network (or reappears).
    case rendererUp(Screen)
    /// A renderer goes away from the network.
    case rendererDown(ScreenID)
    /// A renderer stops on its own or refuses the video.
    case rendererGivesUp(ScreenID)
    /// The user turns following a network screen on or off.
    case follow(ScreenID, Bool)
    /// The app quits.
    case shutdown

    /// A short form for test failure messages.
    public var description: String {
        switch self {
        case .plug(let screen): "plug \(screen.id)"
        case .announce: "announce"
        case .ready(let screen): "ready \(screen.id)"
        case .unplug(let id): "unplug \(id)"
        case .flaps(let id, let count, let ms): "flap \(id) \(count)x \(ms) ms"
        case .mainMoved(let connector): "main → \(connector)"
        case .select(let item): "select \(item)"
        case .deselect: "deselect"
        case .finish: "finish"
        case .wait(let ms): "wait \(ms) ms"
        case .choose(let id): "choose \(id)"
        case .flush: "flush"
        case .rendererUp(let screen): "renderer up \(screen.id.connector)"
        case .rendererDown(let id): "renderer down \(id.connector)"
        case .rendererGivesUp(let id): "renderer gives up \(id.connector)"
        case .follow(let id, let on): "follow \(id.connector) \(on)"
        case .shutdown: "shutdown"
        }
    }
}
