import CGLib
import CGUPnP
import VideoToyCore
import VideoToyGObject

/// One action in flight: answers exactly once, whichever comes first of the renderer's reply, the deadline or `stop`.
@MainActor
final class PendingCall {
    private var answer: (@MainActor (RendererReply) -> Void)?
    private let cancellable: GObjectRef
    private var deadline: SourceToken?

    init(answer: @escaping @MainActor (RendererReply) -> Void, cancellable: GObjectRef) {
        self.answer = answer
        self.cancellable = cancellable
    }

    /// The GCancellable handed to GUPnP.
    var cancellablePointer: UnsafeMutablePointer<GCancellable> { cancellable.typed() }

    /// Gives up after `milliseconds`, answering that no answer came and cancelling the request.
    func expire(after milliseconds: Int, onExpiry: @escaping @MainActor () -> Void) {
        deadline = MainLoop.after(milliseconds: UInt32(clamping: max(1, milliseconds))) { [weak self] in
            guard let self else { return }
            self.finish(.failed(code: nil, description: "no answer in \(milliseconds) ms"))
            onExpiry()
        }
    }

    /// Answers, unless an answer was already given; cancels the request and the deadline either way.
    func finish(_ reply: RendererReply) {
        deadline?.cancel()
        deadline = nil
        g_cancellable_cancel(cancellable.typed())
        guard let answer else { return }
        self.answer = nil
        answer(reply)
    }

    /// Cancels without answering (the finder stopped).
    func abandon() {
        answer = nil
        deadline?.cancel()
        deadline = nil
        g_cancellable_cancel(cancellable.typed())
    }
}
