import CPulse
import Dispatch
import Glibc
import VideoToyCore

/// The sound server through libpulse (PulseAudio, or PipeWire's PulseAudio interface), on GLib's default main
/// context, so every callback runs on the main thread while the app's main loop runs.
///
/// It lists cards and sinks into `AudioOutput`s, and moves this process's sink inputs in the server
/// (`pa_context_move_sink_input_by_name`): the pipeline never notices, so playback neither restarts nor jumps. Every
/// new stream of this process is moved to the current target too, which also overrides the server's remembered
/// device for the app (module-stream-restore).
@MainActor
public final class PulseOutputs: SoundOutputs {
    private var mainloop: OpaquePointer?
    private var context: OpaquePointer?
    private var report: (@MainActor (AudioRouteEvent) -> Void)?
    private var target: String?
    private var ready = false
    private var everReady = false
    private var listing = false
    private var listAgain = false
    private var cards: [PulseCard] = []
    private var sinks: [PulseSink] = []
    private var defaultSink: String?
    private let processID = String(getpid())

    private static let none = "no sound server: the sound cannot follow the screen"
    private static let wentAway = "the sound server went away: the video plays silently"

    /// Creates an adapter; nothing connects before `start`.
    public init() {}

    isolated deinit {
        disconnect()
    }

    /// Connects without ever starting a server of its own, and reports outputs or why there is no server.
    public func start(reporting report: @escaping @MainActor (AudioRouteEvent) -> Void) {
        self.report = report
        mainloop = pa_glib_mainloop_new(nil)
        guard let mainloop, let api = pa_glib_mainloop_get_api(mainloop), let context = pa_context_new(api, "VideoToy") else {
            return report(.serverUnavailable(Self.none))
        }
        self.context = context
        pa_context_set_state_callback(
            context, { _, data in PulseOutputs.with(data) { $0.stateChanged() } }, Unmanaged.passUnretained(self).toOpaque())
        pa_context_set_subscribe_callback(
            context, { _, type, _, data in PulseOutputs.with(data) { $0.serverChanged(type) } }, Unmanaged.passUnretained(self).toOpaque())
        if pa_context_connect(context, nil, PA_CONTEXT_NOAUTOSPAWN, nil) < 0 {
            report(.serverUnavailable(Self.none))
        }
    }

    /// Moves this process's streams to the sink, or the server's default sink.
    public func moveSound(to output: AudioOutput?) {
        target = output?.name
        applyTarget()
    }

    /// Switches the card's profile; the new sink arrives as a change of the outputs.
    public func activateProfile(_ profile: AudioCardProfile) {
        guard ready, let context else { return }
        release(pa_context_set_card_profile_by_name(context, profile.card, profile.profile, nil, nil))
    }

    /// Runs `body` on the adapter that `data` points to; libpulse calls back on the main thread (GLib main loop).
    private nonisolated static func with(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (PulseOutputs) -> Void) {
        guard let data else { return }
        let adapter = Unmanaged<PulseOutputs>.fromOpaque(data)
        MainActor.assumeIsolated { body(adapter.takeUnretainedValue()) }
    }

    private var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private func release(_ operation: OpaquePointer?) {
        if let operation { pa_operation_unref(operation) }
    }

    private func stateChanged() {
        guard let context else { return }
        let state = pa_context_get_state(context)
        if state == PA_CONTEXT_READY {
            ready = true
            everReady = true
            let mask =
                PA_SUBSCRIPTION_MASK_SINK.rawValue | PA_SUBSCRIPTION_MASK_CARD.rawValue
                | PA_SUBSCRIPTION_MASK_SINK_INPUT.rawValue | PA_SUBSCRIPTION_MASK_SERVER.rawValue
            release(pa_context_subscribe(context, pa_subscription_mask_t(mask), nil, nil))
            refresh()
        } else if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED {
            ready = false
            // Freeing the context or its main loop inside their own callback aborts libpulse: later, from the queue.
            DispatchQueue.main.async { [weak self] in self?.disconnect() }
            report?(.serverUnavailable(everReady ? Self.wentAway : Self.none))
        }
    }

    private func serverChanged(_ type: pa_subscription_event_type_t) {
        let facility = type.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue
        if facility == PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue {
            if type.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue == PA_SUBSCRIPTION_EVENT_NEW.rawValue { applyTarget() }
        } else {
            refresh()
        }
    }

    /// Reads the server's default sink, its cards and its sinks, then reports the outputs; changes that arrive
    /// meanwhile start one more round.
    private func refresh() {
        guard ready, let context else { return }
        guard !listing else {
            listAgain = true
            return
        }
        listing = true
        cards = []
        sinks = []
        release(
            pa_context_get_server_info(
                context,
                { _, info, data in
                    let name = info?.pointee.default_sink_name.map { String(cString: $0) }
                    PulseOutputs.with(data) { $0.defaultSink = name }
                }, userData))
        release(
            pa_context_get_card_info_list(
                context,
                { _, info, eol, data in
                    let card = info.map { PulseOutputs.card($0.pointee) }
                    PulseOutputs.with(data) { me in
                        if let card { me.cards.append(card) }
                        if eol != 0 { me.listSinks() }
                    }
                }, userData))
    }

    private func listSinks() {
        guard let context else { return }
        release(
            pa_context_get_sink_info_list(
                context,
                { _, info, eol, data in
                    let sink = info.map { PulseOutputs.sink($0.pointee) }
                    PulseOutputs.with(data) { me in
                        if let sink { me.sinks.append(sink) }
                        if eol != 0 { me.listed() }
                    }
                }, userData))
    }

    private func listed() {
        listing = false
        guard ready else { return }
        report?(.outputsChanged(PulseListing.outputs(cards: cards, sinks: sinks)))
        if listAgain {
            listAgain = false
            refresh()
        }
    }

    /// Moves every stream of this process that is not on the target sink.
    private func applyTarget() {
        guard ready, let context else { return }
        release(
            pa_context_get_sink_input_info_list(
                context,
                { context, info, _, data in
                    guard let context, let info else { return }
                    let pid = info.pointee.proplist.flatMap { pa_proplist_gets($0, "application.process.id") }.map { String(cString: $0) }
                    let index = info.pointee.index
                    let sink = info.pointee.sink
                    PulseOutputs.with(data) { me in me.place(index, on: sink, ownedBy: pid, context: context) }
                }, userData))
    }

    private func place(_ input: UInt32, on sinkIndex: UInt32, ownedBy pid: String?, context: OpaquePointer) {
        guard pid == processID, let name = target ?? defaultSink else { return }
        // Moving onto the sink it is on is harmless, so the sink's index need not be looked up.
        _ = sinkIndex
        release(pa_context_move_sink_input_by_name(context, input, name, nil, nil))
    }

    private func disconnect() {
        if let context {
            pa_context_set_state_callback(context, nil, nil)
            pa_context_set_subscribe_callback(context, nil, nil)
            pa_context_disconnect(context)
            pa_context_unref(context)
        }
        context = nil
        if let mainloop { pa_glib_mainloop_free(mainloop) }
        mainloop = nil
    }

    /// Copies what matters out of a card's description.
    nonisolated static func card(_ info: pa_card_info) -> PulseCard {
        var ports: [PulseCardPort] = []
        for i in 0..<Int(info.n_ports) {
            guard let port = info.ports?[i]?.pointee, port.direction == Int32(PA_DIRECTION_OUTPUT.rawValue) else { continue }
            var profiles: [(name: String, priority: UInt32)] = []
            for j in 0..<Int(port.n_profiles) {
                guard let profile = port.profiles2?[j]?.pointee, profile.available != 0 else { continue }
                profiles.append((String(cString: profile.name), profile.priority))
            }
            ports.append(
                PulseCardPort(
                    name: String(cString: port.name), description: String(cString: port.description),
                    availability: availability(port.available),
                    monitorName: port.proplist.flatMap { pa_proplist_gets($0, "device.product.name") }.map { String(cString: $0) },
                    profiles: profiles.sorted { $0.priority > $1.priority }.map(\.name)))
        }
        return PulseCard(
            index: info.index, name: String(cString: info.name), ports: ports,
            activeProfile: info.active_profile2.map { String(cString: $0.pointee.name) })
    }

    /// Copies what matters out of a sink's description.
    nonisolated static func sink(_ info: pa_sink_info) -> PulseSink {
        let ports = (0..<Int(info.n_ports)).compactMap { info.ports?[$0]?.pointee }.map { String(cString: $0.name) }
        let active = info.active_port?.pointee
        func property(_ key: String) -> String? {
            info.proplist.flatMap { pa_proplist_gets($0, key) }.map { String(cString: $0) }
        }
        return PulseSink(
            name: String(cString: info.name), description: info.description.map { String(cString: $0) } ?? String(cString: info.name),
            card: info.card == UInt32.max ? nil : info.card, ports: ports,
            activePort: active.map { (String(cString: $0.name), availability($0.available)) },
            productName: property("device.product.name"), connector: property("videotoy.connector") ?? property("device.connector"))
    }

    private nonisolated static func availability(_ value: Int32) -> AudioAvailability {
        switch UInt32(bitPattern: value) {
        case PA_PORT_AVAILABLE_YES.rawValue: .available
        case PA_PORT_AVAILABLE_NO.rawValue: .unavailable
        default: .unknown
        }
    }
}
