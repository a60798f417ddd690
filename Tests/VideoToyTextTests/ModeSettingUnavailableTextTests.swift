import Testing
import VideoToyCore
import VideoToyText

/// Why display modes cannot be set, or a mode was not, in the English of the events log and `--check`.
@Suite("Display mode reasons")
struct ModeSettingUnavailableTextTests {
    static let hd = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 60000)

    static let cases: [(ModeSettingUnavailable, String)] = [
        (.noDisplay, "no display"), (.notX11, "not an X11 session (display modes are left as they are)"),
        (.noXDisplay, "cannot open the X display for RandR"), (.noRandR, "the X server has no RandR 1.2"),
        (.randrUnavailable, "RandR is not available"),
        (.noDisplayConfig(detail: "no bus"), "no GNOME DisplayConfig on the session bus (no bus)"),
        (
            .noModeAPI,
            "this Wayland compositor offers no mode API VideoToy knows, neither GNOME DisplayConfig nor wlr-output-management "
                + "(display modes are left as they are)"
        ),
        (.noWaylandCompositor(socket: "WAYLAND_DISPLAY"), "no Wayland compositor to connect to (WAYLAND_DISPLAY)"),
        (.noOutputManagement, "the compositor offers no wlr-output-management (zwlr_output_manager_v1)"),
        (.noAnswer(seconds: 30), "the Wayland compositor did not answer within 30 s"),
        (.connectionClosed(detail: "Broken pipe"), "the Wayland compositor closed the connection (Broken pipe)"),
        (
            .reconnectFailed(lost: .managementStopped, then: .noWaylandCompositor(socket: "wayland-1")),
            "the compositor stopped wlr-output-management; no Wayland compositor to connect to (wayland-1)"
        ),
        (.noOutput(connector: "HDMI-A-1"), "the compositor reports no output HDMI-A-1"),
        (.switchedOff(connector: "DP-1"), "DP-1 is switched off"),
        (.noSize(ScreenMode(width: 0, height: 0, refreshMilliHz: 0)), "0x0@0.000 has no size"),
        (
            .noSuchMode(ScreenMode(width: 800, height: 600, refreshMilliHz: 60000), connector: "HDMI-1"),
            "HDMI-1 offers no mode 800x600@60.000"
        ),
        (.mirrors(connector: "HDMI-1"), "HDMI-1 mirrors another monitor; its mode is left as it is"),
        (
            .changedOutside(connector: "HDMI-A-1", to: ScreenMode(width: 3840, height: 2160, refreshMilliHz: 30000)),
            "the mode of HDMI-A-1 was changed outside VideoToy (to 3840x2160@30.000); it is left as it is"
        ),
        (
            .configurationChangedOutside(connector: "HDMI-1"),
            "the display configuration changed outside VideoToy; HDMI-1 is left as it is"
        ),
        (
            .outputsUnreadable(.connectionClosed(detail: "Broken pipe")),
            "cannot read the outputs: the Wayland compositor closed the connection (Broken pipe)"
        ),
        (.refused(hd, connector: "HDMI-A-1", detail: nil), "the compositor refused mode 1920x1080@60.000 on HDMI-A-1"),
        (.refused(hd, connector: "HDMI-1", detail: "busy"), "the compositor refused mode 1920x1080@60.000 on HDMI-1: busy"),
        (.randrRefused(hd, connector: "HDMI-1"), "RandR refused mode 1920x1080@60.000 on HDMI-1"),
        (
            .notApplied(hd, connector: "HDMI-A-1", reason: .noReply),
            "mode 1920x1080@60.000 on HDMI-A-1 was not applied: the compositor did not answer"
        ),
        (
            .cancelledTwice(hd, connector: "HDMI-A-1"),
            "the compositor cancelled mode 1920x1080@60.000 on HDMI-A-1 twice: its outputs kept changing"
        ),
    ]

    @Test("each reason reads as the events log and --check say it", arguments: cases)
    func wording(_ reason: ModeSettingUnavailable, _ sentence: String) {
        #expect(reason.text(in: .english) == sentence)
        #expect(LogMessage.modeUnavailable(reason).text(in: .english) == sentence)
    }
}
