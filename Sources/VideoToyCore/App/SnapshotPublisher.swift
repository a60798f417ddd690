/// Hands each new `AppSnapshot` to its observers, once per change: an equal snapshot is not handed out again; and
/// each `AppChange` to the subscribers that want to know what happened, not only what is.
@MainActor
public final class SnapshotPublisher {
    private var observers: [@MainActor (AppSnapshot) -> Void] = []
    private var subscribers: [@MainActor (AppChange) -> Void] = []
    /// The snapshot handed out last.
    public private(set) var last: AppSnapshot?

    /// Creates a publisher with no observers.
    public init() {}

    /// Calls `observer` with every snapshot handed out from now on.
    public func add(_ observer: @escaping @MainActor (AppSnapshot) -> Void) {
        observers.append(observer)
        if let last { observer(last) }
    }

    /// Whether anyone observes: with no one, no snapshot need be made.
    public var isObserved: Bool { !observers.isEmpty }

    /// Hands `snapshot` to every observer unless it equals the last one.
    public func publish(_ snapshot: AppSnapshot) {
        guard snapshot != last else { return }
        last = snapshot
        for observer in observers { observer(snapshot) }
    }

    /// Calls `handler` with every change told from now on.
    public func subscribe(_ handler: @escaping @MainActor (AppChange) -> Void) {
        subscribers.append(handler)
    }

    /// Tells every subscriber of `change`, after the snapshot it brought was handed out.
    public func tell(_ change: AppChange) {
        for subscriber in subscribers { subscriber(change) }
    }
}
