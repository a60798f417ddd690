/// Hands each new `AppSnapshot` to its observers, once per change: an equal snapshot is not handed out again.
@MainActor
public final class SnapshotPublisher {
    private var observers: [@MainActor (AppSnapshot) -> Void] = []
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
}
