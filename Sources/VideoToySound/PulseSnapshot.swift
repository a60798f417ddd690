import CPulse
import VideoToyCore

/// One listing of the sound server's outputs, made synchronously on a private libpulse main loop, for `--check`
/// (no GLib main loop runs there).
public enum PulseSnapshot {
    /// The outputs, or nil when no sound server answers within `timeoutMs`.
    public static func outputs(timeoutMs: Int = 3000) -> [AudioOutput]? {
        guard let loop = pa_mainloop_new() else { return nil }
        defer { pa_mainloop_free(loop) }
        guard let context = pa_context_new(pa_mainloop_get_api(loop), "VideoToy check") else { return nil }
        defer { pa_context_unref(context) }
        guard pa_context_connect(context, nil, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else { return nil }
        defer { pa_context_disconnect(context) }
        let state = Listing()
        let data = Unmanaged.passUnretained(state).toOpaque()
        let deadline = ContinuousClock.now + .milliseconds(timeoutMs)
        var asked = false
        while !state.done, ContinuousClock.now < deadline {
            let connection = pa_context_get_state(context)
            if connection == PA_CONTEXT_FAILED || connection == PA_CONTEXT_TERMINATED { return nil }
            if connection == PA_CONTEXT_READY && !asked {
                asked = true
                pa_operation_unref(
                    pa_context_get_card_info_list(
                        context,
                        { _, info, _, data in
                            guard let info, let data else { return }
                            Unmanaged<Listing>.fromOpaque(data).takeUnretainedValue().cards.append(PulseOutputs.card(info.pointee))
                        }, data))
                pa_operation_unref(
                    pa_context_get_sink_info_list(
                        context,
                        { _, info, eol, data in
                            guard let data else { return }
                            let listing = Unmanaged<Listing>.fromOpaque(data).takeUnretainedValue()
                            if let info { listing.sinks.append(PulseOutputs.sink(info.pointee)) }
                            if eol != 0 { listing.done = true }
                        }, data))
            }
            // Blocks for at most 100 ms, so the deadline holds while the server is silent.
            pa_mainloop_prepare(loop, 100_000)
            pa_mainloop_poll(loop)
            pa_mainloop_dispatch(loop)
        }
        // Requests are answered in order: once the sinks are in, so are the cards.
        return state.done ? PulseListing.outputs(cards: state.cards, sinks: state.sinks) : nil
    }

    /// What the callbacks collect; used on this thread only.
    private final class Listing {
        var cards: [PulseCard] = []
        var sinks: [PulseSink] = []
        var done = false
    }
}
