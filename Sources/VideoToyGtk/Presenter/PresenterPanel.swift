import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The presenter panel at the top of the main window while a video is on a presentation screen or a show runs: the
/// live picture, what the screen shows with its buttons, the stage clock and the video up next.
///
/// It renders the snapshot's `PresenterView` and sends the buttons' commands to the controller; the toggles follow
/// the snapshot, so a key pressed elsewhere shows here too.
@MainActor
final class PresenterPanel {
    /// The panel's card, to put into the window.
    let root: Widget
    private let controller: AppController
    private let videos: VideoViews
    private let picture: Widget
    private let stateIcon: Widget
    private let stateLabel: Widget
    private let badge: Widget
    private let clock: PresenterClock
    private let upNext: PresenterUpNext
    private var toggles: [(button: Widget, command: PresenterCommand)] = []
    private var connections: [SignalConnection] = []
    /// The item whose view surface mirrors its frames into `picture`.
    private var mirrored: ItemID?
    private var shown = PresenterView()
    // Set while the toggles are brought in line with the snapshot, so that is not taken for a click.
    private var syncing = false

    /// Builds the hidden panel; `videos` gives the stage video's surface, `controller` takes the commands.
    init(controller: AppController, videos: VideoViews) {
        self.controller = controller
        self.videos = videos
        PresenterPanelStyle.install()
        root = Widgets.box(vertical: false, spacing: 18)
        gtk_widget_add_css_class(root, "card")
        gtk_widget_add_css_class(root, "videotoy-presenter")
        Widgets.setAccessibleName(root, tr("Presenter"))

        picture = Widgets.picture()
        gtk_widget_set_hexpand(picture, 0)
        gtk_widget_set_vexpand(picture, 0)
        gtk_widget_set_size_request(picture, 240, 135)
        gtk_widget_set_valign(picture, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(picture, "videotoy-presenter-picture")
        gtk_widget_set_overflow(picture, GTK_OVERFLOW_HIDDEN)
        Widgets.setAccessibleName(picture, tr("Live picture"))
        Widgets.append(root, picture)

        let middle = Widgets.box(vertical: true, spacing: 12)
        gtk_widget_set_valign(middle, GTK_ALIGN_CENTER)
        badge = Widgets.box(vertical: false, spacing: 6)
        gtk_widget_set_halign(badge, GTK_ALIGN_START)
        gtk_widget_add_css_class(badge, "videotoy-presenter-badge")
        stateIcon = gtk_image_new_from_icon_name("media-record-symbolic")
        stateLabel = Widgets.label(tr("Live"), classes: ["heading"], wrap: false)
        PresenterPanelStyle.setDescription(stateLabel, tr("Presentation screen"))
        Widgets.append(badge, stateIcon)
        Widgets.append(badge, stateLabel)
        Widgets.append(middle, badge)
        clock = PresenterClock()
        upNext = PresenterUpNext()
        Widgets.append(middle, clock.root)
        Widgets.append(middle, makeButtons())
        Widgets.append(root, middle)

        gtk_widget_set_hexpand(upNext.root, 1)
        gtk_widget_set_halign(upNext.root, GTK_ALIGN_END)
        Widgets.append(root, upNext.root)
        Widgets.setVisible(root, false)
    }

    /// The buttons: the screen's covers and freeze as toggles, then the clicker's previous and next.
    private func makeButtons() -> Widget {
        let row = Widgets.box(vertical: false, spacing: 12)
        let covers = Widgets.box(vertical: false)
        gtk_widget_add_css_class(covers, "linked")
        let toggled: [(String, String, String, PresenterCommand)] = [
            ("weather-clear-night-symbolic", tr("Black"), tr("Black screen (B)"), .cover(.black)),
            ("display-brightness-symbolic", tr("White"), tr("White screen (W)"), .cover(.white)),
            ("media-playback-pause-symbolic", tr("Freeze"), tr("Freeze the picture (H)"), .freeze),
        ]
        for (icon, label, tooltip, command) in toggled {
            let button = gtk_toggle_button_new()!
            dress(button, icon: icon, label: label, tooltip: tooltip)
            connections.append(
                Signal.connect(button, "toggled") { [unowned self] in
                    guard !syncing else { return }
                    controller.perform(command)
                    // Refused (no presentation screen): the toggle goes back to what the screen shows.
                    syncToggles(controller.presenterView)
                })
            toggles.append((button, command))
            Widgets.append(covers, button)
        }
        Widgets.append(row, covers)
        let steps = Widgets.box(vertical: false)
        gtk_widget_add_css_class(steps, "linked")
        let stepped: [(String, String, String, PresenterCommand)] = [
            ("go-previous-symbolic", tr("Previous"), tr("Previous video (Page Up)"), .previous),
            ("go-next-symbolic", tr("Next"), tr("Next video (Page Down)"), .next),
        ]
        for (icon, label, tooltip, command) in stepped {
            let button = gtk_button_new()!
            dress(button, icon: icon, label: label, tooltip: tooltip)
            connections.append(Signal.connect(button, "clicked") { [unowned self] in controller.perform(command) })
            Widgets.append(steps, button)
        }
        Widgets.append(row, steps)
        return row
    }

    /// Gives `button` an icon and a label, its tooltip and its name, and leaves the keyboard focus on the list.
    private func dress(_ button: Widget, icon: String, label: String, tooltip: String) {
        let content = adw_button_content_new()!
        adw_button_content_set_icon_name(gcast(content), icon)
        adw_button_content_set_label(gcast(content), label)
        gtk_button_set_child(gcast(button), content)
        gtk_widget_set_tooltip_text(button, tooltip)
        Widgets.setAccessibleName(button, label)
        gtk_widget_set_focus_on_click(button, 0)
    }

    /// Brings the panel in line with what the controller published.
    func render(_ snapshot: AppSnapshot) {
        let view = snapshot.presenter
        let visible = view.presenting || view.stage != nil
        Widgets.setVisible(root, visible)
        clock.setRunning(visible)
        follow(visible ? view.stage : nil)
        guard view != shown else { return }
        if view.stage != shown.stage { clock.reset() }
        shown = view
        showState(view.state, onStage: view.stage != nil)
        syncToggles(view)
        if let next = view.upNext {
            upNext.show(entry: next.entry, poster: next.id.flatMap { controller.poster(for: $0) })
        } else {
            upNext.show(entry: nil, poster: nil)
        }
    }

    /// The stage video's position moved: the clock follows it.
    func showProgress(for id: ItemID, _ progress: PlaybackProgress) {
        guard id == shown.stage else { return }
        clock.show(StageClock(positionMs: progress.positionMs, durationMs: progress.durationMs))
    }

    /// Mirrors the frames of `stage` into the panel's picture, and stops mirroring the one before.
    private func follow(_ stage: ItemID?) {
        // Fullscreen on the main window's monitor, the video covers the panel: every frame drawn into it would be
        // drawn for no one (at 1080p the scaling down alone cost as much as the fullscreen picture).
        guard let stage, !videos.coversMainWindow(stage) else {
            stopMirror()
            return
        }
        // Made again when the video moves (a new player for the same item): the surface is asked each time.
        if stage != mirrored {
            stopMirror()
            mirrored = stage
        }
        videos[stage]?.surface.mirror(into: gcast(picture))
    }

    private func stopMirror() {
        guard mirrored != nil else { return }
        mirrored = nil
        TextureMaker.show(nil, in: gcast(picture))
    }

    private func showState(_ state: PresenterState, onStage: Bool) {
        let (icon, text, style): (String, String, String?) =
            switch state {
            // A show between videos, or a screen showing the idle scene: nothing is live.
            case .live where !onStage: ("video-display-symbolic", tr("No video"), nil)
            case .live: ("media-record-symbolic", tr("Live"), "videotoy-presenter-live")
            // TRANSLATORS: the presentation screen is black.
            case .black: ("weather-clear-night-symbolic", trp("screen", "Black"), nil)
            // TRANSLATORS: the presentation screen is white.
            case .white: ("display-brightness-symbolic", trp("screen", "White"), nil)
            case .frozen: ("media-playback-pause-symbolic", tr("Frozen"), "videotoy-presenter-frozen")
            // TRANSLATORS: the video on the presentation screen ended.
            case .ended: ("media-playback-stop-symbolic", trp("screen", "Ended"), nil)
            }
        gtk_image_set_from_icon_name(gcast(stateIcon), icon)
        Widgets.setText(stateLabel, text)
        for name in ["videotoy-presenter-live", "videotoy-presenter-frozen"] { Widgets.setClass(badge, name, name == style) }
    }

    private func syncToggles(_ view: PresenterView) {
        syncing = true
        defer { syncing = false }
        for (button, command) in toggles {
            let on: Bool
            switch command {
            case .cover(let cover): on = view.cover == cover
            default: on = view.look.frozen
            }
            if (gtk_toggle_button_get_active(gcast(button)) != 0) != on { gtk_toggle_button_set_active(gcast(button), on ? 1 : 0) }
        }
    }
}
