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

/// The port that serves the file being cast over HTTP, to the renderer only.
@MainActor
public protocol CastFileServing: AnyObject {
    /// Serves `path` as `mimeType` under a fresh random path token, listening on the address of the interface that
    /// faces the renderer `udn`; returns the URL to give the renderer, or nil when nothing could listen. Serving
    /// another file ends the previous one.
    func serve(path: String, mimeType: String, to udn: String) -> String?
    /// Serves `path` converted to H.264 and AAC in MPEG-TS as `mimeType`, starting `fromMs` into the video, under a
    /// fresh token, as `serve` does; returns the URL, or nil when nothing could listen or convert.
    func serveConverted(path: String, fromMs: Int, mimeType: String, to udn: String) -> String?
    /// Ends serving: the listener closes and the token is forgotten, so the URL answers nothing from now on.
    func stopServing()
}
