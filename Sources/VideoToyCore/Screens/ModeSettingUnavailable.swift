/// Why display modes cannot be set in this session, or why one mode was not set or restored: a value the adapters
/// word for the terminal, the `--check` report and the events log.
public indirect enum ModeSettingUnavailable: Error, Hashable, Sendable {
    // The session offers no way of setting modes.

    /// No display could be opened.
    case noDisplay
    /// The session is not X11, where RandR would set modes, and no other way was looked for.
    case notX11
    /// The X display could not be opened for RandR.
    case noXDisplay
    /// The X server lacks RandR 1.2.
    case noRandR
    /// RandR could not be used, for no reason it gave.
    case randrUnavailable
    /// GNOME's DisplayConfig does not answer on the session bus; `detail` is the bus's error.
    case noDisplayConfig(detail: String)
    /// The Wayland compositor offers neither GNOME's DisplayConfig nor wlr-output-management.
    case noModeAPI
    /// No Wayland compositor listens at `socket` (a path, a name, or `WAYLAND_DISPLAY`).
    case noWaylandCompositor(socket: String)
    /// The compositor's registry could not be read.
    case noRegistry
    /// The compositor does not offer wlr-output-management.
    case noOutputManagement
    /// The compositor's output manager could not be bound.
    case cannotBind
    /// The compositor sent no output configuration to change.
    case noOutputConfiguration

    // The connection to a Wayland compositor broke.

    /// A request could not be sent.
    case cannotSend
    /// The compositor did not answer within `seconds`.
    case noAnswer(seconds: Int)
    /// The compositor answered nothing to a configuration.
    case noReply
    /// The compositor closed the connection; `detail` is the system's reason.
    case connectionClosed(detail: String)
    /// The compositor withdrew its output manager.
    case managementWithdrawn
    /// The compositor stopped its output manager.
    case managementStopped
    /// The connection was lost for `lost`, and connecting again failed for `then`.
    case reconnectFailed(lost: ModeSettingUnavailable, then: ModeSettingUnavailable)
    /// The compositor went away before a mode could be applied.
    case compositorGone

    // One output cannot take a mode, or is left as it is.

    /// The compositor lists no output `connector`.
    case noOutput(connector: String)
    /// The compositor no longer lists `connector`, which a configuration named.
    case outputWithdrawn(connector: String)
    /// `connector` is switched off.
    case switchedOff(connector: String)
    /// `mode` has no width or height.
    case noSize(ScreenMode)
    /// `connector` is not an active monitor.
    case notActive(connector: String)
    /// `connector` does not offer `mode`.
    case noSuchMode(ScreenMode, connector: String)
    /// `connector` is active but shows no part of the desktop.
    case notOnDesktop(connector: String)
    /// `connector` mirrors another monitor, so its mode is left alone.
    case mirrors(connector: String)
    /// `connector` has no current mode to keep while another monitor changes.
    case noCurrentMode(connector: String)
    /// `connector` is gone, so there is no mode to restore.
    case goneBeforeRestore(connector: String)
    /// `connector` was switched off by someone else; it is left so.
    case switchedOffOutside(connector: String)
    /// The mode of `connector` was changed by someone else, to `mode`; it is left so.
    case changedOutside(connector: String, to: ScreenMode)
    /// The display configuration was changed by someone else; `connector` is left as it is.
    case configurationChangedOutside(connector: String)
    /// `connector`, to be restored, is no longer active.
    case noLongerActive(connector: String)

    // The request failed.

    /// The outputs could not be read, for the reason held.
    case outputsUnreadable(ModeSettingUnavailable)
    /// The display configuration could not be read; `detail` is the bus's error.
    case configurationUnreadable(detail: String)
    /// The compositor refused `mode` on `connector`; `detail` is its error, when it gave one.
    case refused(ScreenMode, connector: String, detail: String?)
    /// RandR refused `mode` on `connector`.
    case randrRefused(ScreenMode, connector: String)
    /// `mode` on `connector` was not applied because the connection broke, for `reason`.
    case notApplied(ScreenMode, connector: String, reason: ModeSettingUnavailable)
    /// The compositor cancelled `mode` on `connector` twice, its outputs changing each time.
    case cancelledTwice(ScreenMode, connector: String)
}
