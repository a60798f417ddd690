import VideoToyCast
import VideoToyCore
import VideoToyMedia

/// Network screens for this run: renderers looked for, and files served to them, only while the preference (and
/// the command line) has them on; nothing listens and no device is contacted otherwise.
@MainActor
final class NetworkScreens {
    private let controller: AppController
    private var renderers: UPnPRenderers?
    private var server: CastServer?
    private var on = false

    /// Network screens for `controller`, off until `setEnabled(true)`.
    init(controller: AppController) { self.controller = controller }

    /// Looks for renderers from now on, or stops looking and lets every one go (a video on one comes back).
    func setEnabled(_ enabled: Bool) {
        guard enabled != on else { return }
        on = enabled
        if enabled {
            if let renderers {
                renderers.start { [weak controller] list in controller?.networkScreensChanged(list) }
            } else {
                let made = UPnPRenderers()
                renderers = made
                MediaConverter.prepare()
                let server = CastServer(renderers: made, convert: Self.convert)
                self.server = server
                controller.attach(renderers: made, server: server, timers: MainQueueTimers())
            }
        } else {
            renderers?.stop()
            controller.networkScreensChanged([])
        }
    }

    /// A file a renderer does not take, converted by a sandboxed converter process (the app's own binary), with the
    /// subtitles file burnt in when there is one.
    private static func convert(path: String, fromMs: Int, subtitlesPath: String?) -> (fd: Int32, stop: @MainActor () -> Void)? {
        guard let stream = MediaConverter.start(path: path, fromMs: fromMs, subtitlesPath: subtitlesPath) else { return nil }
        return (stream.fd, { stream.close() })
    }

    /// The app is quitting: discovery stops, and the file server with the cast.
    func stop() {
        on = false
        renderers?.stop()
        // The converter dies and the subtitles file it read goes, even when no cast was brought back first.
        server?.stopServing()
    }
}
