/// One cast to a network screen, as a value-type state machine: asking what the renderer takes, serving the file as
/// it is or converted, loading it on the renderer, the seek to where the laptop was, following the renderer's
/// position, and how it ends.
///
/// A converted stream starts where the video is and cannot be sought by the renderer: a seek restarts the conversion
/// at the new position, and the renderer's positions count from where its stream began.
///
/// Time moves only by `tick`, which the driver sends about once a second: the renderer is asked where it is on each
/// tick, and one that has not answered anything for `silenceLimitTicks` ticks is given up as unreachable. Every
/// answer is checked against what was asked; a late answer to an earlier cast is ignored by the driver.
public struct CastSession: Sendable, Equatable {
    /// Something that happened to the cast.
    public enum Event: Sendable, Equatable {
        /// Start casting; a cast in progress ends first as `broughtBack`.
        case start(CastRequest)
        /// The file server answered `serve`: the URL, or nil when nothing could listen; and the subtitles' URL, when the
        /// request had subtitles and the file is served as it is.
        case served(String?, subtitlesURL: String? = nil)
        /// The renderer answered `action`.
        case replied(RendererAction, RendererReply)
        /// About a second passed.
        case tick
        /// The user paused or resumed.
        case setPaused(Bool)
        /// The user sought to a position.
        case seek(milliseconds: Int)
        /// The user changed the volume, 0…100.
        case setVolume(percent: Int)
        /// The user muted or unmuted.
        case setMute(Bool)
        /// The app brings the video back; the renderer is told to stop.
        case bringBack
        /// The renderer is gone from the network; nothing is sent to it any more.
        case rendererGone
    }

    /// What the driver carries out.
    public enum Effect: Sendable, Equatable {
        /// Serve the file to the renderer as it is, and `subtitles` (SubRip) beside it; answer `served`.
        case serve(path: String, mimeType: String, subtitles: String?, udn: String)
        /// Serve the file converted to H.264 and AAC in MPEG-TS from `fromMs` on, as `mimeType`, with `subtitles`
        /// (SubRip) burnt into the picture; answer `served`.
        case serveConverted(path: String, fromMs: Int, mimeType: String, subtitles: String?, udn: String)
        /// Send the action to the renderer; answer `replied`.
        case send(RendererAction, udn: String)
        /// Stop serving: the URL answers nothing from now on.
        case stopServing
        /// The cast's position or state changed, for the presenter panel.
        case progress(CastProgress)
        /// The cast on `screen` reached a state worth logging, at the renderer's last known position.
        case changed(CastPhaseName, screen: ScreenID, positionMs: Int)
        /// The cast is over; the video goes back to the laptop at the end's position.
        case ended(CastEnd)
    }

    private enum Phase: Sendable, Equatable {
        case idle
        case askingProtocols
        case serving
        case settingURI
        case starting
        case playing
    }

    /// How many silent ticks make a renderer unreachable.
    public static let silenceLimitTicks = 10
    /// How many ticks a renderer may take to start playing before the cast is given up.
    public static let startLimitTicks = 20

    private var phase = Phase.idle
    private var request: CastRequest?
    /// The renderer's last known position.
    public private(set) var positionMs = 0
    private var durationMs: Int?
    private var paused = false
    private var seenPlaying = false
    private var seekPending = false
    private var silentTicks = 0
    private var startTicks = 0
    private var pollInFlight = false
    /// Whether the stream is converted, and where in the video it began.
    public private(set) var converted = false
    private var offsetMs = 0
    // The MIME type the file is served as: the name the renderer listed it under.
    private var servedMimeType = ""

    /// Creates a machine casting nothing.
    public init() {}

    /// The item being cast, if any.
    public var item: ItemID? { request?.item }

    /// The screen being cast to, if any.
    public var screen: ScreenID? { request?.screen }

    /// Whether the cast is paused by the user.
    public var isPaused: Bool { paused }

    /// Applies one event and returns the effects, in order.
    public mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .start(let next):
            var effects = request != nil ? end(.broughtBack, stop: true) : []
            request = next
            positionMs = next.positionMs
            durationMs = nil
            paused = next.paused
            seenPlaying = false
            seekPending = next.positionMs >= 1000
            silentTicks = 0
            startTicks = 0
            pollInFlight = false
            converted = false
            offsetMs = 0
            phase = .askingProtocols
            effects += [
                .changed(.loading, screen: next.screen, positionMs: positionMs), .send(.getProtocolInfo, udn: next.udn),
            ]
            return effects
        case .served(let url, let subtitlesURL):
            guard phase == .serving, let request else { return [] }
            guard let url else { return end(.notServed, stop: false) }
            phase = .settingURI
            return [
                .send(
                    .setURI(
                        url: url,
                        metadata: request.metadata(
                            url: url, mimeType: servedMimeType, converted: converted, subtitlesURL: converted ? nil : subtitlesURL)),
                    udn: request.udn)
            ]
        case .replied(let action, let reply):
            return replied(action, reply)
        case .tick:
            return tick()
        case .setPaused(let on):
            guard let request, phase == .playing || phase == .starting, on != paused else { return [] }
            paused = on
            return [.send(on ? .pause : .play, udn: request.udn), .progress(progress)]
        case .seek(let target):
            guard let request, phase == .playing else { return [] }
            positionMs = max(0, durationMs.map { min(target, $0) } ?? target)
            guard converted else { return [.send(.seek(milliseconds: positionMs), udn: request.udn), .progress(progress)] }
            offsetMs = positionMs
            phase = .serving
            startTicks = 0
            return [
                .serveConverted(
                    path: request.path, fromMs: positionMs, mimeType: servedMimeType, subtitles: request.subtitles, udn: request.udn),
                .progress(progress),
            ]
        case .setVolume(let percent):
            guard let request, phase != .idle else { return [] }
            return [.send(.setVolume(percent: min(100, max(0, percent))), udn: request.udn)]
        case .setMute(let on):
            guard let request, phase != .idle else { return [] }
            return [.send(.setMute(on), udn: request.udn)]
        case .bringBack:
            return request == nil ? [] : end(.broughtBack, stop: true)
        case .rendererGone:
            return request == nil ? [] : end(.gone, stop: false)
        }
    }

    /// Where the cast stands, for the panel.
    public var progress: CastProgress {
        CastProgress(
            item: request?.item, positionMs: positionMs, durationMs: durationMs, playing: seenPlaying && !paused,
            converted: converted)
    }

    private mutating func replied(_ action: RendererAction, _ reply: RendererReply) -> [Effect] {
        guard let request else { return [] }
        if case .failed(let code, let description) = reply {
            switch (phase, action) {
            case (.askingProtocols, .getProtocolInfo):
                // A renderer that will not say what it takes is given the file as it is; it refuses it if it must.
                return serve(request, sinks: [])
            case (.settingURI, .setURI), (.starting, .play):
                return end(.refused(code: code, description: description), stop: false)
            case (_, .getPositionInfo), (_, .getTransportInfo):
                pollInFlight = false
                return []
            default:
                // A refused pause, seek or volume change leaves the cast as it is; the next poll says where it is.
                return []
            }
        }
        silentTicks = 0
        switch (phase, action, reply) {
        case (.askingProtocols, .getProtocolInfo, .sinkProtocols(let sinks)):
            return serve(request, sinks: sinks)
        case (.settingURI, .setURI, _):
            phase = .starting
            return [.send(.play, udn: request.udn)]
        case (_, .getTransportInfo, .transportState(let state)):
            var effects = transport(state)
            // Where it is is asked only of a renderer that says it plays or pauses, and not right after a seek: a
            // stopped renderer reports 0, a seeking one where it was.
            let sought = effects.contains { if case .send(.seek, _) = $0 { true } else { false } }
            if self.request != nil, phase == .playing, state == .playing || state == .paused, !sought {
                effects.append(.send(.getPositionInfo, udn: request.udn))
            } else {
                pollInFlight = false
            }
            return effects
        case (_, .getPositionInfo, .position(let position, let duration)):
            pollInFlight = false
            guard phase == .playing, !seekPending else { return [] }
            // A converted stream's length and positions count from where it began.
            if let duration, duration > 0, !converted { durationMs = duration }
            if let position { positionMs = min(offsetMs + position, durationMs ?? Int.max) }
            return [.progress(progress)]
        default:
            return []
        }
    }

    /// Serves the file as it is when `sinks` take its type (or say nothing), else converted from where it is.
    private mutating func serve(_ request: CastRequest, sinks: [String]) -> [Effect] {
        phase = .serving
        let asItIs =
            sinks.isEmpty ? request.mimeType : CastFormat.aliases(of: request.mimeType).first { ProtocolInfo.accepts(sinks, mimeType: $0) }
        if let asItIs {
            servedMimeType = asItIs
            return [.serve(path: request.path, mimeType: asItIs, subtitles: request.subtitles, udn: request.udn)]
        }
        // A renderer that lists no name of MPEG-TS still gets the usual one: most take it whatever they list.
        servedMimeType = CastFormat.convertedAliases.first { ProtocolInfo.accepts(sinks, mimeType: $0) } ?? "video/mp2t"
        converted = true
        durationMs = request.durationMs
        offsetMs = positionMs
        seekPending = false
        return [
            .serveConverted(
                path: request.path, fromMs: positionMs, mimeType: servedMimeType, subtitles: request.subtitles, udn: request.udn),
            .progress(progress),
        ]
    }

    private mutating func transport(_ state: TransportState) -> [Effect] {
        guard let request else { return [] }
        switch state {
        case .playing, .paused:
            guard phase == .starting else { return [] }
            phase = .playing
            seenPlaying = true
            var effects: [Effect] = [.changed(.playing, screen: request.screen, positionMs: positionMs)]
            if seekPending {
                seekPending = false
                effects.append(.send(.seek(milliseconds: positionMs), udn: request.udn))
            }
            if paused { effects.append(.send(.pause, udn: request.udn)) }
            return effects + [.progress(progress)]
        case .stopped, .noMedia:
            guard phase == .playing else { return [] }
            // A renderer that reached the end stops too; within two seconds of the end it finished.
            if let durationMs, positionMs >= durationMs - 2000 { return end(.finished, stop: false) }
            return end(.stoppedByRenderer, stop: false)
        case .transitioning, .other:
            return []
        }
    }

    private mutating func tick() -> [Effect] {
        guard let request, phase != .idle, phase != .serving, phase != .askingProtocols else { return [] }
        silentTicks += 1
        if silentTicks >= Self.silenceLimitTicks {
            return end(.unreachable(seconds: Self.silenceLimitTicks), stop: false)
        }
        if phase == .starting || phase == .settingURI {
            startTicks += 1
            if startTicks >= Self.startLimitTicks {
                return end(.refused(code: nil, description: "did not start playing"), stop: true)
            }
        }
        guard phase == .starting || phase == .playing, !pollInFlight else { return [] }
        pollInFlight = true
        return [.send(.getTransportInfo, udn: request.udn)]
    }

    private mutating func end(_ reason: CastEndReason, stop: Bool) -> [Effect] {
        guard let request else { return [] }
        var effects: [Effect] = []
        if stop { effects.append(.send(.stop, udn: request.udn)) }
        let end = CastEnd(
            item: request.item, screen: request.screen, positionMs: positionMs, wasPlaying: !paused, reason: reason)
        effects += [.stopServing, .changed(.ended(reason), screen: request.screen, positionMs: positionMs), .ended(end)]
        self.request = nil
        phase = .idle
        return effects
    }
}
