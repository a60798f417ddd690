import CGtk
import VideoToyCore
import VideoToyGObject

/// The window's part of the remote control: the pairing dialog (opened by itself the first time the remote listens
/// in a run, and on demand), the header's phone count, and a notice for each new phone.
@MainActor
final class RemotePairing {
    private let window: Widget
    private let indicator: RemoteIndicator
    private var dialog: PairingDialog?
    /// What the controller published last.
    private(set) var shown = RemoteView()
    /// Whether the dialog opened by itself already in this run: it does so once, not each time the code changes.
    private var opened = false
    /// Shows a notice over the list.
    private let onNotice: @MainActor (Notice) -> Void
    /// Receives every change, for the Preferences window while it is open.
    var onChange: (@MainActor (RemoteView) -> Void)?

    /// Works for the main window `window`, putting the phone count in `headerBar`; notices go to `onNotice`.
    init(window: Widget, headerBar: Widget, onNotice: @escaping @MainActor (Notice) -> Void) {
        self.window = window
        self.onNotice = onNotice
        var open: @MainActor () -> Void = {}
        indicator = RemoteIndicator { open() }
        adw_header_bar_pack_end(gcast(headerBar), indicator.button)
        open = { [unowned self] in showDialog() }
    }

    /// Brings everything up to date with `remote`.
    func render(_ remote: RemoteView) {
        guard remote != shown else { return }
        let before = shown
        shown = remote
        if remote.phones > before.phones { onNotice(.phoneConnected) }
        indicator.show(phones: remote.phones)
        dialog?.render(remote)
        onChange?(remote)
        if remote.listening && !opened {
            opened = true
            showDialog()
        }
    }

    /// Opens the pairing dialog, or raises it when open.
    func showDialog() {
        if dialog == nil {
            let made = PairingDialog(over: window)
            made.onClose = { [unowned self] in dialog = nil }
            made.render(shown)
            dialog = made
        }
        dialog?.present()
    }
}
