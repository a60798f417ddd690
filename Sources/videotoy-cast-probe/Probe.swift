import CGLib
import Glibc
import VideoToyCast
import VideoToyCore
import VideoToyGObject

/// One run of the probe: discovers renderers, and casts a file to one of them while it prints what happens.
@MainActor
final class Probe {
    private let options: ProbeOptions
    private let renderers = UPnPRenderers()
    private let server: CastServer
    private let quit: (Int32) -> Void
    private var known: [String: NetworkRenderer] = [:]
    private var target: NetworkRenderer?
    private var ended = false
    private var seeked = false
    private var pause = PauseStep.none
    private var signalSources: [guint] = []

    /// Where a requested pause is: not yet, sent, seen as paused, resumed.
    private enum PauseStep { case none, sent, seen, resumed }

    init(options: ProbeOptions, quit: @escaping (Int32) -> Void) {
        self.options = options
        self.quit = quit
        server = CastServer(renderers: renderers)
    }

    func start() {
        MainLoop.after(milliseconds: UInt32(clamping: options.seconds * 1000)) { [weak self] in self?.deadline() }
        watch(SIGTERM) { [weak self] in self?.end(0, "terminated") }
        watch(SIGINT) { [weak self] in self?.end(0, "interrupted") }
        watch(SIGUSR1) { [weak self] in
            self?.server.stopServing()
            JSONLine.print("stopped-serving")
        }
        // The pid lets a test signal this process and enter its network namespace (nsenter).
        JSONLine.print("started", ["pid": Int(getpid())])
        renderers.start { [weak self] list in self?.changed(list) }
    }

    private func changed(_ list: [NetworkRenderer]) {
        for renderer in list where known[renderer.udn] == nil {
            JSONLine.print(
                "renderer",
                ["udn": renderer.udn, "name": renderer.friendlyName, "manufacturer": renderer.manufacturer, "model": renderer.model])
        }
        for (udn, renderer) in known where !list.contains(where: { $0.udn == udn }) {
            JSONLine.print("gone", ["udn": udn, "name": renderer.friendlyName])
        }
        known = Dictionary(list.map { ($0.udn, $0) }, uniquingKeysWith: { first, _ in first })
        if let until = options.until, list.contains(where: { matches($0, until) }) { return end(0, "found") }
        if target == nil, let wanted = options.target, let renderer = list.first(where: { matches($0, wanted) }) {
            target = renderer
            askProtocols(renderer)
        }
    }

    private func matches(_ renderer: NetworkRenderer, _ wanted: String) -> Bool {
        renderer.friendlyName == wanted || renderer.udn == wanted
    }

    private func askProtocols(_ renderer: NetworkRenderer) {
        guard !options.pauseFirst else {
            return perform(.pause) { [weak self] _ in self?.askProtocols(renderer, pausedFirst: true) }
        }
        askProtocols(renderer, pausedFirst: false)
    }

    private func askProtocols(_ renderer: NetworkRenderer, pausedFirst _: Bool) {
        perform(.getProtocolInfo) { [weak self] reply in
            guard let self else { return }
            if case .sinkProtocols(let sinks) = reply {
                JSONLine.print(
                    "accepts", ["mime": options.castMimeType, "accepted": ProtocolInfo.accepts(sinks, mimeType: options.castMimeType)])
            }
            serve(renderer)
        }
    }

    private func serve(_ renderer: NetworkRenderer) {
        guard let file = options.castFile, let url = server.serve(path: file, mimeType: options.castMimeType, to: renderer.udn) else {
            return end(1, "not served")
        }
        JSONLine.print("serving", ["url": url, "udn": renderer.udn])
        guard !options.serveOnly else { return }
        let title = String(file.split(separator: "/").last ?? "video")
        let metadata = DIDLLite.videoItem(title: title, url: url, mimeType: options.castMimeType)
        perform(.setURI(url: url, metadata: metadata)) { [weak self] reply in
            guard let self, !failed(reply) else { return }
            perform(.play) { [weak self] reply in
                guard let self, !failed(reply) else { return }
                poll()
            }
        }
    }

    private func poll() {
        perform(.getTransportInfo) { [weak self] stateReply in
            self?.perform(.getPositionInfo) { [weak self] positionReply in
                guard let self else { return }
                guard case .transportState(let state) = stateReply, case .position(let position, _) = positionReply else {
                    MainLoop.after(milliseconds: 500) { [weak self] in self?.poll() }
                    return
                }
                step(state: state, position: position ?? 0)
                MainLoop.after(milliseconds: 500) { [weak self] in self?.poll() }
            }
        }
    }

    /// The requested seek, pause and resume, each once, and the end when the wanted position is reached.
    private func step(state: TransportState, position: Int) {
        // Renderers say PLAYING as soon as they are told to play; a position past zero means the file really plays.
        if state == .playing, position > 0, let seekTo = options.seekToMs, !seeked {
            seeked = true
            return perform(.seek(milliseconds: seekTo)) { [weak self] reply in _ = self?.failed(reply) }
        }
        if let pauseAt = options.pauseAtMs {
            switch pause {
            case .none where state == .playing && position >= pauseAt:
                pause = .sent
                return perform(.pause) { [weak self] reply in _ = self?.failed(reply) }
            case .sent where state == .paused:
                pause = .seen
                return perform(.play) { [weak self] reply in
                    guard let self, !failed(reply) else { return }
                    pause = .resumed
                }
            default: break
            }
        }
        let stepsDone = (options.seekToMs == nil || seeked) && (options.pauseAtMs == nil || pause == .resumed)
        if let until = options.untilPositionMs, stepsDone, state == .playing, position >= until { end(0, "reached") }
    }

    /// Prints the reply; ends the run when it is a failure of an action that had to work.
    private func failed(_ reply: RendererReply) -> Bool {
        guard case .failed = reply else { return false }
        end(1, "action failed")
        return true
    }

    private func perform(_ action: RendererAction, then: @escaping @MainActor (RendererReply) -> Void) {
        guard let target else { return }
        renderers.perform(action, on: target.udn, timeoutMilliseconds: options.timeoutMs) { reply in
            JSONLine.print("reply", Self.fields(action, reply))
            then(reply)
        }
    }

    private static func fields(_ action: RendererAction, _ reply: RendererReply) -> [String: Any] {
        var fields: [String: Any] = ["action": action.description]
        switch reply {
        case .done: fields["result"] = "done"
        case .position(let ms, let duration):
            fields["result"] = "position"
            fields["position"] = ms ?? -1
            fields["duration"] = duration ?? -1
        case .transportState(let state): fields["result"] = "state"; fields["state"] = state.rawValue
        case .sinkProtocols(let sinks): fields["result"] = "sinks"; fields["count"] = sinks.count
        case .failed(let code, let description):
            fields["result"] = "failed"
            fields["code"] = code ?? -1
            fields["description"] = description
        }
        return fields
    }

    private func deadline() {
        // Discovering without a wanted name, or casting without a wanted position, succeeds by lasting.
        let open = options.until == nil && options.untilPositionMs == nil
        end(open ? 0 : 1, "deadline")
    }

    private func end(_ status: Int32, _ reason: String) {
        guard !ended else { return }
        ended = true
        JSONLine.print("end", ["status": Int(status), "reason": reason])
        let finish = { [self] in
            server.stopServing()
            renderers.stop()
            signalSources.forEach { g_source_remove($0) }
            quit(status)
        }
        guard let target, options.castFile != nil, !options.serveOnly else { return finish() }
        // The renderer stops fetching before the server goes, so its log shows a stop, not a broken connection.
        renderers.perform(.stop, on: target.udn, timeoutMilliseconds: 2000) { _ in finish() }
    }

    private final class Handler: @unchecked Sendable {
        let body: @MainActor () -> Void
        init(_ body: @escaping @MainActor () -> Void) { self.body = body }
    }

    private func watch(_ signal: Int32, _ body: @escaping @MainActor () -> Void) {
        let id = g_unix_signal_add_full(
            G_PRIORITY_DEFAULT, signal,
            { data in
                // Dispatched by the default main context, on the main thread.
                let handler = CBox.object(data, as: Handler.self)
                MainActor.assumeIsolated { handler.body() }
                return 1
            }, CBox.retain(Handler(body)), CBox.destroyNotify)
        signalSources.append(id)
    }
}
