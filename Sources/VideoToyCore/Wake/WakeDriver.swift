/// Carries out the wake lock's effects through a `ScreenWaking` port, following the controller's snapshots, and logs
/// each change as a `wake` event.
///
/// It lives beside the controller, not in it: what it needs is all in the snapshot.
@MainActor
public final class WakeDriver {
    /// The machine, as the effects carried out so far left it.
    public private(set) var lock: WakeLock
    private let port: ScreenWaking
    private let log: EventLog?

    /// A driver holding nothing; `enabled` is the preference.
    public init(port: ScreenWaking, log: EventLog?, enabled: Bool) {
        self.port = port
        self.log = log
        lock = WakeLock(enabled: enabled)
    }

    /// Follows `controller`'s snapshots from now on, starting with the present one.
    public func follow(_ controller: AppController) {
        controller.observe { [weak self] snapshot in self?.handle(.seen(snapshot)) }
    }

    /// The preference changed.
    public func setEnabled(_ on: Bool) { handle(.enabled(on)) }

    /// The app is quitting: whatever is held is released, and nothing is held again.
    public func stop() { handle(.quit) }

    /// Feeds `event` to the machine and carries out its effects.
    public func handle(_ event: WakeEvent) {
        let before = lock.held
        for effect in lock.handle(event) {
            switch effect {
            case .hold(let hold):
                port.hold(reason: hold.reason)
                guard let log else { continue }
                log.emit(.wake, path: hold.path, fields: [(.held, .bool(true)), (.reason, log.sentence(.wake(hold.reason)))])
            case .release:
                port.release()
                log?.emit(.wake, path: before?.path, fields: [(.held, .bool(false))])
            }
        }
    }
}
