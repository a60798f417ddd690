/// The port to network renderers: discovery over SSDP on every interface that is up, and their services' actions.
///
/// Every call returns at once; answers come back on the main actor, each within a bounded time.
@MainActor
public protocol NetworkRendering: AnyObject {
    /// Starts looking for media renderers; `changed` receives the full list each time a device comes or goes.
    func start(changed: @escaping @MainActor ([NetworkRenderer]) -> Void)
    /// Stops looking, forgets every device and cancels calls in flight (their answers never come).
    func stop()
    /// Sends `action` to the renderer `udn`; `answer` receives its reply, or `.failed` when it is not known, did not
    /// answer within `timeoutMilliseconds`, or answered something unreadable.
    func perform(
        _ action: RendererAction,
        on udn: String,
        timeoutMilliseconds: Int,
        answer: @escaping @MainActor (RendererReply) -> Void)
}
