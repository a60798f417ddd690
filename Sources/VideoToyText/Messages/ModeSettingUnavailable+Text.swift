import VideoToyCore

extension ModeSettingUnavailable {
    /// Why display modes cannot be set, or a mode was not, in the user's language (`.user`) or English (`.english`).
    public func text(in catalogue: Catalogue = .user) -> String {
        switch self {
        // TRANSLATORS: why display modes cannot be set; shown after "Display modes: cannot be set" and in the terminal.
        case .noDisplay: return catalogue.tr("no display")
        case .notX11: return catalogue.tr("not an X11 session (display modes are left as they are)")
        case .noXDisplay: return catalogue.tr("cannot open the X display for RandR")
        case .noRandR: return catalogue.tr("the X server has no RandR 1.2")
        case .randrUnavailable: return catalogue.tr("RandR is not available")
        case .noDisplayConfig(let detail):
            // TRANSLATORS: %s is the session bus's error, in its own words.
            return catalogue.tr("no GNOME DisplayConfig on the session bus (%s)", detail)
        case .noModeAPI: return catalogue.translated(Self.noModeAPI)
        case .noWaylandCompositor(let socket):
            // TRANSLATORS: %s is the Wayland socket, or "WAYLAND_DISPLAY".
            return catalogue.tr("no Wayland compositor to connect to (%s)", socket)
        case .noRegistry: return catalogue.tr("cannot read the Wayland registry")
        case .noOutputManagement: return catalogue.tr("the compositor offers no wlr-output-management (zwlr_output_manager_v1)")
        case .cannotBind: return catalogue.tr("cannot bind zwlr_output_manager_v1")
        case .noOutputConfiguration: return catalogue.tr("the compositor sent no output configuration")
        case .cannotSend: return catalogue.tr("cannot send to the Wayland compositor")
        case .noAnswer(let seconds):
            return catalogue.trn(
                // TRANSLATORS: "s" is seconds.
                "the Wayland compositor did not answer within %d s", "the Wayland compositor did not answer within %d s", seconds, seconds)
        case .noReply: return catalogue.tr("the compositor did not answer")
        case .connectionClosed(let detail):
            // TRANSLATORS: %s is the system's reason, such as "Broken pipe".
            return catalogue.tr("the Wayland compositor closed the connection (%s)", detail)
        case .managementWithdrawn: return catalogue.tr("the compositor withdrew wlr-output-management")
        case .managementStopped: return catalogue.tr("the compositor stopped wlr-output-management")
        case .reconnectFailed(let lost, let then):
            // TRANSLATORS: why the connection to the compositor was lost, then why connecting again failed.
            return catalogue.trp("display mode reasons", "%1$s; %2$s", lost.text(in: catalogue), then.text(in: catalogue))
        case .compositorGone: return catalogue.tr("the Wayland compositor went away")
        // TRANSLATORS: %s is a monitor's connector, such as "HDMI-A-1"; so in the reasons that follow.
        case .noOutput(let connector): return catalogue.tr("the compositor reports no output %s", connector)
        case .outputWithdrawn(let connector): return catalogue.tr("the compositor no longer reports %s", connector)
        case .switchedOff(let connector): return catalogue.tr("%s is switched off", connector)
        // TRANSLATORS: %s is a display mode, such as "1920x1080@60.000".
        case .noSize(let mode): return catalogue.tr("%s has no size", mode.description)
        case .notActive(let connector): return catalogue.tr("%s is not an active monitor", connector)
        case .noSuchMode(let mode, let connector):
            // TRANSLATORS: %1$s is a monitor's connector, %2$s a display mode, such as "1920x1080@60.000".
            return catalogue.tr("%1$s offers no mode %2$s", connector, mode.description)
        case .notOnDesktop(let connector): return catalogue.tr("%s shows no part of the desktop", connector)
        case .mirrors(let connector): return catalogue.tr("%s mirrors another monitor; its mode is left as it is", connector)
        case .noCurrentMode(let connector): return catalogue.tr("%s has no current mode", connector)
        case .goneBeforeRestore(let connector): return catalogue.tr("%s is gone; there is no mode to restore", connector)
        case .switchedOffOutside(let connector):
            return catalogue.tr("%s was switched off outside VideoToy; it is left as it is", connector)
        case .changedOutside(let connector, let mode):
            // TRANSLATORS: %1$s is a monitor's connector, %2$s the display mode someone else chose.
            return catalogue.tr("the mode of %1$s was changed outside VideoToy (to %2$s); it is left as it is", connector, mode.description)
        case .configurationChangedOutside(let connector):
            return catalogue.tr("the display configuration changed outside VideoToy; %s is left as it is", connector)
        case .noLongerActive(let connector): return catalogue.tr("%s is no longer active", connector)
        case .outputsUnreadable(let reason):
            // TRANSLATORS: %s says why, such as "the Wayland compositor went away".
            return catalogue.tr("cannot read the outputs: %s", reason.text(in: catalogue))
        case .configurationUnreadable(let detail):
            // TRANSLATORS: %s is the session bus's error, in its own words.
            return catalogue.tr("cannot read the display configuration: %s", detail)
        case .refused(let mode, let connector, nil):
            // TRANSLATORS: %1$s is a display mode, such as "1920x1080@60.000", %2$s a monitor's connector.
            return catalogue.tr("the compositor refused mode %1$s on %2$s", mode.description, connector)
        case .refused(let mode, let connector, let detail?):
            // TRANSLATORS: %1$s is a display mode, %2$s a monitor's connector, %3$s the compositor's error.
            return catalogue.tr("the compositor refused mode %1$s on %2$s: %3$s", mode.description, connector, detail)
        case .randrRefused(let mode, let connector):
            // TRANSLATORS: %1$s is a display mode, %2$s a monitor's connector.
            return catalogue.tr("RandR refused mode %1$s on %2$s", mode.description, connector)
        case .notApplied(let mode, let connector, let reason):
            // TRANSLATORS: %1$s is a display mode, %2$s a monitor's connector, %3$s why the connection broke.
            return catalogue.tr("mode %1$s on %2$s was not applied: %3$s", mode.description, connector, reason.text(in: catalogue))
        case .cancelledTwice(let mode, let connector):
            // TRANSLATORS: %1$s is a display mode, %2$s a monitor's connector.
            return catalogue.tr("the compositor cancelled mode %1$s on %2$s twice: its outputs kept changing", mode.description, connector)
        }
    }

    /// The reason for a Wayland compositor without a mode API, marked apart: one literal, however long, since
    /// xgettext does not join literals added with +.
    // swift-format-ignore
    private static let noModeAPI = trNoop("this Wayland compositor offers no mode API VideoToy knows, neither GNOME DisplayConfig nor wlr-output-management (display modes are left as they are)")
}
