import CWayland
import Glibc
import VideoToyCore

/// One connection of its own to a wlroots compositor, bound to its output manager: the heads and modes as the
/// events left them, and configurations applied with the compositor's answer waited for.
///
/// Not thread-safe: its owner uses it on one queue only. Events are read and dispatched only while that queue
/// waits for an answer here, so the heads never change between reading them and applying a configuration.
final class WlrOutputSession {
    /// How the compositor answered a configuration.
    enum Answer: Equatable {
        case succeeded, failed, cancelled
        /// The connection or the manager is gone, for this reason.
        case lost(ModeSettingUnavailable)
    }

    /// How long any answer may take; only a wedged compositor takes this long (sway 1.7 takes seconds to apply).
    static let answerTimeout: Duration = .seconds(30)

    /// The manager version bound: min(offered, the version the tables implement).
    private(set) var version: UInt32 = 0
    /// The serial of the last `done`, which a configuration must carry.
    var serial: UInt32?
    /// Why the session stopped working, once it has.
    var failure: ModeSettingUnavailable?

    private let display: OpaquePointer
    var registry: OpaquePointer?
    var manager: OpaquePointer?
    var managerGlobal: (name: UInt32, version: UInt32)?
    var heads: [HeadRecord] = []
    var syncDone = false
    var answer: Answer?
    private var closed = false

    /// Connects to the compositor at `socket` (a path or a name in XDG_RUNTIME_DIR; nil: WAYLAND_DISPLAY) and binds
    /// its output manager; throws why not.
    init(socket: String?) throws(ModeSettingUnavailable) {
        let connected = socket.map { wl_display_connect($0) } ?? wl_display_connect(nil)
        guard let connected else {
            throw .noWaylandCompositor(socket: socket ?? "WAYLAND_DISPLAY")
        }
        display = connected
        do throws(ModeSettingUnavailable) {
            try bind()
        } catch {
            close()
            throw error
        }
    }

    private func bind() throws(ModeSettingUnavailable) {
        guard let registry = vt_wl_display_get_registry(display) else { throw .noRegistry }
        self.registry = registry
        wl_proxy_add_dispatcher(registry, registryDispatcher, opaque, nil)
        if let reason = roundTrip() { throw reason }
        guard let global = managerGlobal else { throw .noOutputManagement }
        version = min(global.version, UInt32(VT_WLR_OUTPUT_MANAGEMENT_VERSION))
        guard let manager = vt_wlr_bind_manager(registry, global.name, version) else {
            throw .cannotBind
        }
        self.manager = manager
        wl_proxy_add_dispatcher(manager, managerDispatcher, opaque, nil)
        // The heads and a done follow the bind at once; a second round trip covers their modes' events too.
        if let reason = roundTrip() ?? roundTrip() { throw reason }
        guard serial != nil else { throw .noOutputConfiguration }
    }

    /// Releases every object and disconnects; safe to call more than once.
    func close() {
        guard !closed else { return }
        closed = true
        for head in heads { release(head) }
        heads = []
        if let manager {
            if failure == nil { vt_wlr_manager_stop(manager) }
            wl_proxy_destroy(manager)
        }
        manager = nil
        if let registry { vt_wl_registry_destroy(registry) }
        registry = nil
        _ = wl_display_flush(display)
        wl_display_disconnect(display)
    }

    /// The heads as the last events left them, in the order the compositor reported them.
    var snapshot: [OutputHead] { heads.map(\.head) }

    /// Waits until the compositor has handled every request and sent what it had to say; returns why not.
    func roundTrip() -> ModeSettingUnavailable? {
        if let failure { return failure }
        guard let callback = vt_wl_display_sync(display) else { return lose(.cannotSend) }
        syncDone = false
        wl_proxy_add_dispatcher(callback, callbackDispatcher, opaque, nil)
        let reason = dispatch { [unowned self] in syncDone }
        wl_proxy_destroy(callback)
        return reason
    }

    /// Applies `configuration` with the last serial and waits for the compositor's answer.
    func apply(_ configuration: OutputConfiguration) -> Answer {
        if let failure { return .lost(failure) }
        guard let manager, let serial else { return .lost(.noOutputConfiguration) }
        var records: [(HeadRecord, HeadSetting)] = []
        for setting in configuration.heads {
            guard let head = heads.first(where: { $0.name == setting.head }) else {
                return .lost(.outputWithdrawn(connector: setting.head))
            }
            records.append((head, setting))
        }
        guard let config = vt_wlr_manager_create_configuration(manager, serial) else {
            return .lost(lose(.cannotSend))
        }
        answer = nil
        wl_proxy_add_dispatcher(config, configurationDispatcher, opaque, nil)
        var configured: [OpaquePointer] = []
        for (head, setting) in records {
            guard setting.isEnabled else {
                vt_wlr_configuration_disable_head(config, head.proxy)
                continue
            }
            guard let configHead = vt_wlr_configuration_enable_head(config, head.proxy) else { continue }
            configured.append(configHead)
            switch setting.mode {
            case .listed(let index) where head.modes.indices.contains(index):
                vt_wlr_configuration_head_set_mode(configHead, head.modes[index].proxy)
            case .custom(let mode):
                vt_wlr_configuration_head_set_custom_mode(configHead, Int32(mode.width), Int32(mode.height), Int32(mode.refreshMilliHz))
            case .listed, nil:
                break
            }
            if let placement = setting.placement {
                vt_wlr_configuration_head_set_position(configHead, Int32(placement.x), Int32(placement.y))
                vt_wlr_configuration_head_set_transform(configHead, Int32(placement.transform))
                // wl_fixed_t: a signed 24.8 fixed-point number.
                vt_wlr_configuration_head_set_scale(configHead, Int32((placement.scale * 256).rounded()))
            }
        }
        vt_wlr_configuration_apply(config)
        let reason = dispatch { [unowned self] in answer != nil }
        vt_wlr_configuration_destroy(config)
        configured.forEach { wl_proxy_destroy($0) }
        _ = wl_display_flush(display)
        if let reason { return .lost(reason) }
        return answer ?? .lost(.noReply)
    }

    // MARK: Dispatching

    var opaque: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }

    /// Reads and dispatches events until `done` or the deadline; returns why it stopped early.
    private func dispatch(until done: () -> Bool) -> ModeSettingUnavailable? {
        let deadline = ContinuousClock.now + Self.answerTimeout
        while true {
            guard wl_display_dispatch_pending(display) >= 0 else { return lose(nil) }
            if done() { return nil }
            if let failure { return failure }
            guard wl_display_prepare_read(display) == 0 else { continue }
            guard flush(deadline) else {
                wl_display_cancel_read(display)
                return failure ?? lose(nil)
            }
            let remaining = deadline - .now
            guard remaining > .zero else {
                wl_display_cancel_read(display)
                return lose(.noAnswer(seconds: Int(Self.answerTimeout.components.seconds)))
            }
            var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining.components.seconds * 1000 + 1, 1000)))
            guard ready > 0 else {
                wl_display_cancel_read(display)
                if ready < 0 && errno != EINTR { return lose(nil) }
                continue
            }
            guard wl_display_read_events(display) >= 0 else { return lose(nil) }
        }
    }

    /// Sends every queued request, waiting for room on the socket until the deadline.
    private func flush(_ deadline: ContinuousClock.Instant) -> Bool {
        while wl_display_flush(display) < 0 {
            guard errno == EAGAIN, ContinuousClock.now < deadline else { return false }
            var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLOUT), revents: 0)
            _ = poll(&descriptor, 1, 100)
        }
        return true
    }

    /// Marks the session as failed with `reason`, or with the connection's own error; returns the reason.
    @discardableResult
    func lose(_ reason: ModeSettingUnavailable?) -> ModeSettingUnavailable {
        if let failure { return failure }
        let code = wl_display_get_error(display)
        let why = reason ?? .connectionClosed(detail: String(cString: strerror(code == 0 ? EPIPE : code)))
        failure = why
        return why
    }
}
