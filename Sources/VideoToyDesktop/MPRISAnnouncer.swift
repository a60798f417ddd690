/// Where an MPRIS player announces changes: the D-Bus server, or a recorder in tests.
@MainActor
public protocol MPRISAnnouncer: AnyObject {
    /// Some groups of properties may have changed; values equal to the last ones announced are not sent again.
    func invalidate(_ changed: MPRISChange)
    /// The position jumped to `ms` (the `Seeked` signal).
    func seeked(toMs ms: Int)
    /// Leaves the bus.
    func stop()
}

extension MPRISServer: MPRISAnnouncer {}
