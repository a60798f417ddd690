import Foundation
import VideoToyCore
import VideoToyGObject
import VideoToyMedia
import VideoToyRemote
import VideoToyText

/// The phone remote for this run: its server listens only while the preference (or `--remote-control`) has it on;
/// the window hears where it listens and how many phones are on, and the page hears what plays.
@MainActor
final class RemoteControl {
    /// The app action that makes a new pairing code and disconnects every phone.
    static let renewAction = "remote-renew"
    /// While a video plays, the page's position is refreshed this often (the server pushes at most 4 a second).
    static let tickMs = 500

    private let controller: AppController
    private let log: EventLog
    private var server: RemoteServer?
    private var port = Preferences.defaultRemotePort
    private var timer: DispatchSourceTimer?
    private var action: SignalConnection?

    /// The remote for `controller`, off until `setEnabled(true, port:)`; `log` gets its `remote` event.
    init(controller: AppController, log: EventLog) {
        self.controller = controller
        self.log = log
        controller.observe { [weak self] snapshot in self?.changed(snapshot) }
    }

    /// Adds `app.remote-renew` to `application` (a GApplication).
    func addActions(to application: UnsafeMutableRawPointer) {
        action = RemoteActions.add(Self.renewAction, to: application) { [weak self] in self?.renew() }
    }

    /// Listens on `port` from now on, or stops; a new port while on listens again there.
    func setEnabled(_ enabled: Bool, port: Int) {
        if enabled && server != nil && port == self.port { return }
        if !enabled && server == nil { return }
        stop()
        self.port = port
        guard enabled else {
            controller.remoteChanged(RemoteView())
            return
        }
        let server = RemoteServer(
            port: port, posterFile: Self.posterFile,
            command: { [weak controller] command in
                // The server hands commands over on the main queue (its default): the controller is there.
                MainActor.assumeIsolated { controller?.remote(command) ?? false }
            },
            phonesChanged: { [weak self] _ in
                guard let self, let server = self.server else { return }
                self.controller.remoteChanged(server.view)
            })
        let view = server.start()
        controller.remoteChanged(view)
        guard view.listening else {
            // TRANSLATORS: on the terminal; %1$s is a port number, %2$s why (from the system, often in English).
            log.terminal(tr("the phone remote cannot listen on port %1$s: %2$s", String(port), view.failure ?? ""))
            return
        }
        self.server = server
        publish()
        if let url = view.pairingURL { log.emit(.remote, fields: [(.url, .string(url))]) }
    }

    /// A new pairing code: every phone must scan again.
    func renew() {
        guard let server else { return }
        let view = server.renew()
        controller.remoteChanged(view)
        if let url = view.pairingURL { log.emit(.remote, fields: [(.url, .string(url))]) }
    }

    /// The app is quitting, or the remote is turned off: nothing listens any more.
    func stop() {
        timer?.cancel()
        timer = nil
        server?.stop()
        server = nil
    }

    private func changed(_ snapshot: AppSnapshot) {
        guard server != nil else { return }
        publish()
        let playing: Bool
        if case .playing? = snapshot.current?.playback { playing = true } else { playing = false }
        if playing && timer == nil {
            let made = DispatchSource.makeTimerSource(queue: .main)
            made.schedule(deadline: .now() + .milliseconds(Self.tickMs), repeating: .milliseconds(Self.tickMs))
            made.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.publish() } }
            made.resume()
            timer = made
        } else if !playing, let timer {
            timer.cancel()
            self.timer = nil
        }
    }

    private func publish() {
        guard let server else { return }
        server.publish(status: controller.remoteStatus.encoded)
        server.publish(rows: controller.remoteRows)
    }

    /// The poster the app made of `path`, in the shared thumbnail cache.
    private nonisolated static func posterFile(_ path: String) -> String? {
        let store = ThumbnailStore(root: CachingBackend.defaultThumbnailFolder)
        for size in ["large", "x-large"] {
            if let file = store.thumbnailPath(for: path, size: size), FileManager.default.fileExists(atPath: file) { return file }
        }
        return nil
    }
}
