import Dispatch
import VideoToyCore

/// Reads and sets display modes on wlroots compositors (Sway, Hyprland, river…) through wlr-output-management,
/// on a connection and a queue of its own; `OutputConfiguration` builds what is applied and `OutputModeChanges`
/// decides when to leave an output alone, this only carries it out.
///
/// Every call is a round trip to a compositor that may be busy switching modes: none of it runs on the main loop,
/// and GTK's connection is not used. The session is used only on `queue`, one call at a time.
public final class WlrOutputModes: DisplayModeSetter, @unchecked Sendable {
    /// The API's name for the capability report.
    public let apiName = "wlr-output-management"
    /// False: sway reports its headless outputs disabled, with no current mode, while they show windows.
    public var reportsDrivenOutputs: Bool { false }
    /// The protocol version this adapter implements; the manager is bound at the lower of this and the offered one.
    public static let implementedVersion = 4

    private let socket: String?
    private let queue = DispatchQueue(label: "org.videotoy.wlr-output-management")
    private var session: WlrOutputSession?
    private var changes = OutputModeChanges()

    /// Connects to the compositor at `socket` (a path, or a name in XDG_RUNTIME_DIR; nil: WAYLAND_DISPLAY) and
    /// reads its outputs; throws why the API cannot be used (no Wayland display, no output manager).
    public init(socket: String? = nil) throws(ModeSettingUnavailable) {
        self.socket = socket
        session = try WlrOutputSession(socket: socket)
    }

    deinit {
        let session = SessionBox(session)
        // Work still queued uses the session; it closes after the last of it.
        queue.async { session.session?.close() }
    }

    /// The manager version bound.
    public var boundVersion: Int { queue.sync { Int(session?.version ?? 0) } }

    /// The heads now, read with a round trip, or why they cannot be read; any thread but the main loop's.
    public func heads() -> Result<[OutputHead], ModeSettingUnavailable> {
        queue.sync { headsOnQueue() }
    }

    /// Reads every connector's modes off the main loop and hands them to `done` on the main actor.
    public func readModes(then done: @escaping @MainActor @Sendable ([String: OutputModes]) -> Void) {
        queue.answerOnMain({ [self] in modesOnQueue() }, then: done)
    }

    /// Reads every connector's modes, waiting for them.
    public func readModesNow() -> [String: OutputModes] {
        queue.sync { modesOnQueue() }
    }

    /// Sets or restores a mode off the main loop; `done` receives why not, or nil, on the main actor.
    public func setMode(
        _ mode: ScreenMode, connector: String, restoring: Bool, then done: @escaping @MainActor @Sendable (ModeSettingUnavailable?) -> Void
    ) {
        queue.answerOnMain({ [self] in changeOnQueue(mode, connector, restoring: restoring) }, then: done)
    }

    /// Sets or restores a mode, waiting for it; returns why not, or nil.
    public func setModeNow(_ mode: ScreenMode, connector: String, restoring: Bool) -> ModeSettingUnavailable? {
        queue.sync { changeOnQueue(mode, connector, restoring: restoring) }
    }

    private func modesOnQueue() -> [String: OutputModes] {
        guard case .success(let heads) = headsOnQueue() else { return [:] }
        return Dictionary(heads.map { ($0.name, $0.outputModes) }) { first, _ in first }
    }

    private func headsOnQueue() -> Result<[OutputHead], ModeSettingUnavailable> {
        let live: WlrOutputSession
        switch liveSession() {
        case .success(let session): live = session
        case .failure(let reason): return .failure(reason)
        }
        if let reason = live.roundTrip() { return .failure(reason) }
        return .success(live.snapshot)
    }

    /// The session, connected again if the compositor went away and a new one answers; or why there is none.
    private func liveSession() -> Result<WlrOutputSession, ModeSettingUnavailable> {
        if let session, session.failure == nil { return .success(session) }
        let lost = session?.failure
        session?.close()
        session = nil
        do {
            let fresh = try WlrOutputSession(socket: socket)
            session = fresh
            return .success(fresh)
        } catch {
            return .failure(lost.map { .reconnectFailed(lost: $0, then: error) } ?? error)
        }
    }

    private func changeOnQueue(_ mode: ScreenMode, _ connector: String, restoring: Bool) -> ModeSettingUnavailable? {
        var applied = false
        // A restore is tried once, whatever its outcome: the record ends with it.
        defer { changes.finished(mode, on: connector, restoring: restoring, applied: applied) }
        // A cancelled configuration means the outputs changed since they were read: read them again, try once more.
        for _ in 0..<2 {
            let heads: [OutputHead]
            switch headsOnQueue() {
            case .success(let read): heads = read
            case .failure(let reason): return .outputsUnreadable(reason)
            }
            let state = heads.first { $0.name == connector }?.state ?? .gone
            let decision =
                restoring ? changes.restore(mode, on: connector, state: state) : changes.set(mode, on: connector, state: state)
            switch decision {
            case .nothing: return nil
            case .leave(let reason): return reason
            case .apply: break
            }
            let configuration: OutputConfiguration
            switch OutputConfiguration.switching(connector, to: mode, in: heads) {
            case .success(let built): configuration = built
            case .failure(let reason): return reason
            }
            guard let session else { return .compositorGone }
            switch session.apply(configuration) {
            case .succeeded:
                applied = true
                return nil
            case .failed:
                return .refused(mode, connector: connector, detail: nil)
            case .cancelled:
                continue
            case .lost(let reason):
                return .notApplied(mode, connector: connector, reason: reason)
            }
        }
        return .cancelledTwice(mode, connector: connector)
    }
}

/// Carries the session to the queue for closing.
private struct SessionBox: @unchecked Sendable {
    let session: WlrOutputSession?
    init(_ session: WlrOutputSession?) { self.session = session }
}
