import VideoToyCore

/// Renderers on a simulated network: the test says which are there and answers each action when it wants.
@MainActor
public final class FakeRenderers: NetworkRendering {
    /// One action sent and not yet answered.
    public struct Call {
        /// What was asked.
        public let action: RendererAction
        /// Of which renderer.
        public let udn: String
        let answer: @MainActor (RendererReply) -> Void
    }

    /// Whether discovery runs.
    public private(set) var started = false
    /// Every action sent, oldest first, answered or not.
    public private(set) var sent: [RendererAction] = []
    /// The actions waiting for an answer, oldest first.
    public private(set) var waiting: [Call] = []
    private var changed: (@MainActor ([NetworkRenderer]) -> Void)?

    /// A network with nothing on it.
    public init() {}

    public func start(changed: @escaping @MainActor ([NetworkRenderer]) -> Void) {
        started = true
        self.changed = changed
    }

    public func stop() {
        started = false
        waiting.removeAll()
    }

    public func perform(
        _ action: RendererAction, on udn: String, timeoutMilliseconds: Int, answer: @escaping @MainActor (RendererReply) -> Void
    ) {
        sent.append(action)
        waiting.append(Call(action: action, udn: udn, answer: answer))
    }

    /// The renderers on the network are now `list`.
    public func announce(_ list: [NetworkRenderer]) { changed?(list) }

    /// Answers the oldest waiting call for `action`'s kind with `reply`; false when none waits.
    @discardableResult
    public func answer(_ name: String, _ reply: RendererReply) -> Bool {
        guard let index = waiting.firstIndex(where: { $0.action.description == name }) else { return false }
        let call = waiting.remove(at: index)
        call.answer(reply)
        return true
    }
}

/// A file server that records what it serves, at a made-up URL.
@MainActor
public final class FakeCastServer: CastFileServing {
    /// The file served now, if any.
    public private(set) var serving: String?
    /// Whether serving fails (nothing can listen).
    public var fails = false

    /// A server serving nothing.
    public init() {}

    public func serve(path: String, mimeType: String, to udn: String) -> String? {
        guard !fails else { return nil }
        serving = path
        convertedFrom = nil
        return "http://169.254.77.1:4000/cast/token/video.mp4"
    }

    /// Where the converted stream served now begins, if it is converted.
    public private(set) var convertedFrom: Int?

    public func serveConverted(path: String, fromMs: Int, mimeType: String, to udn: String) -> String? {
        guard !fails else { return nil }
        serving = path
        convertedFrom = fromMs
        return "http://169.254.77.1:4000/cast/token/video.ts"
    }

    public func stopServing() {
        serving = nil
        convertedFrom = nil
    }
}
