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

    /// Starts "looking": `announce` reaches `changed` from now on.
    public func start(changed: @escaping @MainActor ([NetworkRenderer]) -> Void) {
        started = true
        self.changed = changed
    }

    /// Stops looking and drops every unanswered call, as the adapter does.
    public func stop() {
        started = false
        waiting.removeAll()
    }

    /// Records the action; it waits for `answer`.
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
