import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The movable video view of one item: its picture and an overlay of playback controls.
///
/// Like the seed's `mpc.view`, the same widget moves between its row, a fullscreen window and an
/// external scene while the player keeps running.
@MainActor
final class VideoView {
    /// The item shown.
    let id: ItemID
    /// The root widget, owned here while it moves between parents.
    let root: GObjectRef
    /// Where the player's pictures go.
    let surface: FrameSurface
    /// The widget showing the pictures: a presentation screen reads the one it shows to hold it.
    let picture: Widget
    private let controlsRef: GObjectRef
    private var controls: Widget { controlsRef.typed() }
    private var controlsDetached = false
    private let playButton: Widget
    private let seekBar: Widget
    private let timeLabel: Widget
    private let muteButton: Widget
    private let volumeBar: Widget
    private let fullscreenButton: Widget
    private let titleLabel: Widget
    private let scalingMenu: ScalingMenu
    private let audioMenu: AudioMenu
    private let trackMenu: TrackMenuButton
    private let subtitleLabel: Widget
    private var shownSubtitle: ShownSubtitle?
    private var subtitleSize = 0
    private var subtitleMargins: (side: Int32, bottom: Int32) = (-1, -1)
    private let onIntent: @MainActor (ViewIntent) -> Void
    private var updating = false
    private var connections: [SignalConnection] = []
    private let style: ControlStyle
    private let debug: Bool
    private var lastInput = ContinuousClock.now
    private var playing = false
    private var shownState: (playing: Bool, muted: Bool)?
    private var decisionTimer: SourceToken?
    private var reportedSize = (width: 0, height: 0)
    // Natural widths of the bar's parts, the largest seen while each was shown (a hidden widget measures nothing).
    private var measuredWidths: [ControlsLayout.Part: Int] = [:]
    private var measuredFixed = 0
    private var scaling = ScalingMode.fit
    private var controlsOverPicture = true
    // The direct picture of the fullscreen window showing the view, as last asked (the window owns it).
    private weak var direct: DirectPicture?
    /// Receives the view's size in device pixels whenever it changes (a row, fullscreen, a projector).
    var onResize: (@MainActor (_ width: Int, _ height: Int) -> Void)?

    /// Builds the view; control actions are reported through `onIntent`.
    init(
        id: ItemID, title: String, style: ControlStyle, debug: Bool, scaling: ScalingMode,
        onIntent: @escaping @MainActor (ViewIntent) -> Void
    ) {
        self.id = id
        self.onIntent = onIntent
        self.style = style
        self.debug = debug
        let overlay = gtk_overlay_new()!
        root = GObjectRef(retaining: overlay)
        gtk_widget_add_css_class(overlay, "videotoy-slot")
        picture = Widgets.picture()
        gtk_overlay_set_child(gcast(overlay), picture)
        surface = FrameSurface(picture: gcast(picture))

        controlsRef = GObjectRef(retaining: Widgets.box(vertical: false, spacing: 4))
        let controls: Widget = controlsRef.typed()
        gtk_widget_add_css_class(controls, "videotoy-controls")
        gtk_widget_set_valign(controls, GTK_ALIGN_END)
        playButton = Widgets.iconButton("media-playback-start-symbolic", tooltip: tr("Play or pause (Space)"), name: tr("Play"))
        timeLabel = Widgets.label("0:00", wrap: false)
        seekBar = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 1)
        gtk_widget_set_hexpand(seekBar, 1)
        gtk_scale_set_draw_value(gcast(seekBar), 0)
        gtk_widget_set_tooltip_text(seekBar, tr("Seek"))
        // TRANSLATORS: the seek bar's name for screen readers: where in the video playback is.
        Widgets.setAccessibleName(seekBar, tr("Position"))
        muteButton = Widgets.iconButton("audio-volume-high-symbolic", tooltip: tr("Mute"))
        volumeBar = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 0.05)
        gtk_scale_set_draw_value(gcast(volumeBar), 0)
        gtk_widget_set_size_request(volumeBar, 60, -1)
        gtk_range_set_value(gcast(volumeBar), 1)
        gtk_widget_set_tooltip_text(volumeBar, tr("Volume"))
        Widgets.setAccessibleName(volumeBar, tr("Volume"))
        fullscreenButton = Widgets.iconButton("view-fullscreen-symbolic", tooltip: tr("Fullscreen (F)"), name: tr("Fullscreen"))
        titleLabel = Widgets.label(title, wrap: false)
        gtk_label_set_ellipsize(gcast(titleLabel), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(gcast(titleLabel), 24)
        scalingMenu = ScalingMenu(current: scaling) { mode in onIntent(.setScaling(mode)) }
        audioMenu = AudioMenu { choice in onIntent(.chooseAudio(choice)) }
        let trackMenu = TrackMenuButton { kind, track in onIntent(.chooseTrack(kind, track)) }
        trackMenu.onEncoding = { encoding in onIntent(.chooseEncoding(encoding)) }
        self.trackMenu = trackMenu
        // Part of the view, not of its window: the text goes with the picture to fullscreen and to a projector, and is
        // laid out by GTK at the view's own size and scale, so it is crisp on a 4K screen.
        subtitleLabel = gtk_label_new(nil)!
        gtk_widget_add_css_class(subtitleLabel, "videotoy-subtitle")
        gtk_label_set_wrap(gcast(subtitleLabel), 1)
        gtk_label_set_wrap_mode(gcast(subtitleLabel), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_justify(gcast(subtitleLabel), GTK_JUSTIFY_CENTER)
        gtk_widget_set_halign(subtitleLabel, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(subtitleLabel, GTK_ALIGN_END)
        gtk_widget_set_can_target(subtitleLabel, 0)
        Widgets.setVisible(subtitleLabel, false)
        gtk_overlay_add_overlay(gcast(overlay), subtitleLabel)
        // An empty drawing area the size of the view, for its resize signal: the text must fit the new view (a row
        // after a projector) before the next frame, not at the next decision.
        let sizer = gtk_drawing_area_new()!
        gtk_widget_set_can_target(sizer, 0)
        gtk_overlay_add_overlay(gcast(overlay), sizer)
        for widget in [
            playButton, titleLabel, timeLabel, seekBar, muteButton, volumeBar, scalingMenu.button, trackMenu.button, audioMenu.button,
            fullscreenButton,
        ] {
            Widgets.append(controls, widget)
        }
        gtk_overlay_add_overlay(gcast(overlay), controls)
        setScaling(scaling)
        connectControls()
        connections.append(
            Signal.resize(sizer) { [weak self] _, _ in
                guard let self else { return }
                checkSize()
                if shownSubtitle != nil { sizeSubtitles() }
                updateDirect()
            })
        let motion = gtk_event_controller_motion_new()!
        connections.append(Signal.motion(graw(motion)) { [weak self] _, _ in self?.noteInput() })
        gtk_widget_add_controller(overlay, motion)
        applyDecision()
    }

    /// Re-decides four times a second while the video plays (controls fade, the view's size may change); a paused view
    /// changes only on input, so it keeps no timer.
    private func watchWhilePlaying() {
        guard playing, decisionTimer == nil else { return }
        decisionTimer = MainLoop.every(milliseconds: 250) { [weak self] in
            guard let self else { return false }
            applyDecision()
            if playing { return true }
            decisionTimer = nil
            return false
        }
    }

    /// Records user input over the view, which brings faded controls back.
    func noteInput() {
        lastInput = .now
        applyDecision()
    }

    /// Sets how the picture fills the view.
    func setScaling(_ mode: ScalingMode) {
        scaling = mode
        defer { updateDirect() }
        let fit: GtkContentFit
        switch mode {
        case .fit: fit = GTK_CONTENT_FIT_CONTAIN
        case .fill: fit = GTK_CONTENT_FIT_COVER
        case .stretch: fit = GTK_CONTENT_FIT_FILL
        case .none: fit = GTK_CONTENT_FIT_SCALE_DOWN
        }
        gtk_picture_set_content_fit(gcast(picture), fit)
        scalingMenu.select(mode)
    }

    /// Lists the audio outputs in the "Audio output" menu and checks the choice in force.
    func showAudio(current: AudioChoice, outputs: [AudioOutput]) {
        audioMenu.update(current: current, outputs: outputs)
    }

    /// Fills the "Audio and subtitles" menu.
    func showTracks(_ menu: TrackMenu) {
        trackMenu.update(menu)
        applyDecision()
    }

    /// The direction the cue shown is laid out in (tests check Arabic and Hebrew cues read right to left).
    var subtitleDirection: GtkTextDirection { gtk_widget_get_direction(subtitleLabel) }

    /// Shows `subtitle` over the picture in its styles and at its place, or clears it; the same text again changes
    /// nothing, so the label is laid out again only for a new cue or a new size. The core has cut the text to what
    /// lays out in a few milliseconds (`CueCaps`).
    func showSubtitle(_ subtitle: ShownSubtitle?) {
        guard subtitle != shownSubtitle else { return }
        shownSubtitle = subtitle
        if let subtitle {
            // Markup written from values, every character of the text escaped: a cue cannot add markup of its own.
            gtk_label_set_markup(gcast(subtitleLabel), PangoMarkup.markup(subtitle.styled))
            let valign: GtkAlign
            switch subtitle.placement.row {
            case .bottom: valign = GTK_ALIGN_END
            case .middle: valign = GTK_ALIGN_CENTER
            case .top: valign = GTK_ALIGN_START
            }
            // An Arabic or Hebrew cue is laid out right to left: GTK then aligns its lines to the right and mirrors
            // start and end, which a cue placed at the left or right of the picture must not be.
            let direction = CueDirection.of(subtitle.text)
            gtk_widget_set_direction(subtitleLabel, direction)
            let mirrored = gtk_widget_get_direction(subtitleLabel) == GTK_TEXT_DIR_RTL
            let (halign, justify, xalign): (GtkAlign, GtkJustification, Float)
            switch subtitle.placement.column {
            case .left: (halign, justify, xalign) = (mirrored ? GTK_ALIGN_END : GTK_ALIGN_START, GTK_JUSTIFY_LEFT, mirrored ? 1 : 0)
            case .centre: (halign, justify, xalign) = (GTK_ALIGN_CENTER, GTK_JUSTIFY_CENTER, 0.5)
            case .right: (halign, justify, xalign) = (mirrored ? GTK_ALIGN_START : GTK_ALIGN_END, GTK_JUSTIFY_RIGHT, mirrored ? 0 : 1)
            }
            gtk_widget_set_valign(subtitleLabel, valign)
            gtk_widget_set_halign(subtitleLabel, halign)
            gtk_label_set_justify(gcast(subtitleLabel), justify)
            // A wrapped label may be laid out wider than its lines; they keep to its side.
            gtk_label_set_xalign(gcast(subtitleLabel), xalign)
        }
        Widgets.setVisible(subtitleLabel, subtitle != nil)
        updateDirect()
        sizeSubtitles()
    }

    /// Sizes the text for the view: about a twentieth of its height, as television subtitles are, kept clear of the
    /// controls while they show.
    private func sizeSubtitles() {
        let height = Int(gtk_widget_get_height(root.typed())), width = Int(gtk_widget_get_width(root.typed()))
        guard height > 0 else { return }
        let points = max(13, min(height / 18, width / 28))
        if points != subtitleSize {
            subtitleSize = points
            let attributes = pango_attr_list_new()
            pango_attr_list_insert(attributes, pango_attr_size_new_absolute(Int32(points) * PANGO_SCALE))
            gtk_label_set_attributes(gcast(subtitleLabel), attributes)
            pango_attr_list_unref(attributes)
        }
        let margin = Int32(max(4, height / 20))
        let controlsShown = !controlsDetached && gtk_widget_get_visible(controls) != 0
        let clearance = controlsShown ? Int32(gtk_widget_get_height(controls)) : 0
        // Set only when they change: a new margin lays the text out again, and this runs four times a second.
        guard subtitleMargins != (margin, margin + clearance) else { return }
        subtitleMargins = (margin, margin + clearance)
        gtk_widget_set_margin_bottom(subtitleLabel, margin + clearance)
        gtk_widget_set_margin_top(subtitleLabel, margin)
        gtk_widget_set_margin_start(subtitleLabel, margin)
        gtk_widget_set_margin_end(subtitleLabel, margin)
    }

    private func checkSize() {
        let scale = Int(gtk_widget_get_scale_factor(root.typed()))
        let size = (width: Int(gtk_widget_get_width(root.typed())) * scale, height: Int(gtk_widget_get_height(root.typed())) * scale)
        guard size.width > 0, size.height > 0, size != reportedSize else { return }
        reportedSize = size
        onResize?(size.width, size.height)
    }

    private func applyDecision() {
        checkSize()
        let idle = ContinuousClock.now - lastInput
        let idleMs = Int(idle.components.seconds * 1000 + idle.components.attoseconds / 1_000_000_000_000_000)
        let decision = ControlsDecision.decide(style: style, debug: debug, idleMs: idleMs, playing: playing)
        // Lent to the row as the presenter panel, the controls belong to the laptop and always show.
        Widgets.setVisible(controls, controlsDetached || decision.showControls)
        controlsOverPicture = !controlsDetached && decision.showControls
        layOutControls(showTitle: decision.showTitle)
        if shownSubtitle != nil { sizeSubtitles() }
        gtk_widget_set_cursor_from_name(root.typed(), decision.hideCursor ? "none" : nil)
        updateDirect()
    }

    /// Lets the frames go past GTK while the view is fullscreen on X11, plays, and nothing of it is drawn over the
    /// picture (controls, a subtitle); hands them back to GTK otherwise.
    private func updateDirect() {
        let host = FullscreenWindow.directPicture(showing: root.typed())
        if host !== direct {
            direct?.request(nil)
            direct = host
            surface.route(direct: host)
        }
        guard let host else { return }
        let clear = playing && !controlsOverPicture && shownSubtitle == nil
        host.request(clear ? pictureArea() : nil)
    }

    /// Where the picture is in its window's X surface, in device pixels.
    private func pictureArea() -> DirectPicture.Request? {
        guard let native = gtk_widget_get_native(picture) else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(picture, gcast(UnsafeMutableRawPointer(native)), &bounds) != 0 else { return nil }
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(native, &dx, &dy)
        let scale = Double(gtk_widget_get_scale_factor(picture))
        func pixels(_ value: Double) -> Int { Int(exactly: (value * scale).rounded()) ?? 0 }
        return DirectPicture.Request(
            x: pixels(Double(bounds.origin.x) + dx), y: pixels(Double(bounds.origin.y) + dy),
            width: pixels(Double(bounds.size.width)), height: pixels(Double(bounds.size.height)), mode: scaling)
    }

    private var optionalParts: [(ControlsLayout.Part, Widget)] {
        [
            (.title, titleLabel), (.volumeSlider, volumeBar), (.scalingMenu, scalingMenu.button), (.audioMenu, audioMenu.button),
            (.time, timeLabel), (.trackMenu, trackMenu.button),
        ]
    }

    /// Shows the parts of the bar that fit, so the seek bar stays usable however narrow the view is.
    private func layOutControls(showTitle: Bool) {
        let spacing = 4, padding = 8
        for (part, widget) in optionalParts where gtk_widget_get_visible(widget) != 0 {
            measuredWidths[part] = max(measuredWidths[part] ?? 0, naturalWidth(widget) + spacing)
        }
        measuredFixed = max(measuredFixed, [playButton, muteButton, fullscreenButton].map(naturalWidth).reduce(padding, +) + 3 * spacing)
        var wanted = Set(ControlsLayout.Part.allCases)
        if !showTitle { wanted.remove(.title) }
        if !trackMenu.hasChoices { wanted.remove(.trackMenu) }
        let available = Int(gtk_widget_get_width(controls))
        // Before the first allocation there is nothing to fit into yet; show what the style asks for.
        let shown =
            available > 0
            ? ControlsLayout.fitting(available: available, fixed: measuredFixed, widths: measuredWidths, wanted: wanted).shown
            : wanted
        for (part, widget) in optionalParts { Widgets.setVisible(widget, shown.contains(part)) }
    }

    private func naturalWidth(_ widget: Widget) -> Int {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return Int(natural)
    }

    private func connectControls() {
        connections.append(Signal.connect(playButton, "clicked") { [weak self] in self?.onIntent(.togglePlay) })
        connections.append(Signal.connect(muteButton, "clicked") { [weak self] in self?.onIntent(.toggleMute) })
        connections.append(Signal.connect(fullscreenButton, "clicked") { [weak self] in self?.onIntent(.toggleFullscreen) })
        connections.append(
            Signal.connect(seekBar, "value-changed") { [weak self] in
                guard let self, !self.updating else { return }
                self.onIntent(.seek(MediaTime.milliseconds(seconds: gtk_range_get_value(gcast(self.seekBar)) / 1000)))
            })
        connections.append(
            Signal.connect(volumeBar, "value-changed") { [weak self] in
                guard let self, !self.updating else { return }
                self.onIntent(.volume(gtk_range_get_value(gcast(self.volumeBar))))
            })
    }

    /// Shows the position, duration, play state and sound.
    func showProgress(_ progress: PlaybackProgress) {
        let (positionMs, durationMs, playing, muted, volume) =
            (progress.positionMs, progress.durationMs, progress.playing, progress.muted, progress.volume)
        let changed = self.playing != playing
        self.playing = playing
        watchWhilePlaying()
        if changed { applyDecision() }
        updating = true
        defer { updating = false }
        if let durationMs, durationMs > 0 {
            gtk_range_set_range(gcast(seekBar), 0, Double(durationMs))
            // TRANSLATORS: the time label of a video's controls: the position, then the duration ("1:05 / 3:20").
            let time = tr("%s / %s", TimeFormat.clock(milliseconds: positionMs), TimeFormat.clock(milliseconds: durationMs))
            Widgets.setText(timeLabel, time)
        } else {
            Widgets.setText(timeLabel, TimeFormat.clock(milliseconds: positionMs))
        }
        gtk_range_set_value(gcast(seekBar), Double(positionMs))
        if shownState?.playing != playing || shownState?.muted != muted {
            // Only on a change: each update is a message to every screen reader listening.
            Widgets.setIcon(playButton, playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic")
            Widgets.setAccessibleName(playButton, playing ? tr("Pause") : tr("Play"))
            Widgets.setIcon(muteButton, muted ? "audio-volume-muted-symbolic" : "audio-volume-high-symbolic")
            // The tooltip says what a click does, as the name does: sighted users read the one, screen readers the other.
            gtk_widget_set_tooltip_text(muteButton, muted ? tr("Unmute") : tr("Mute"))
            Widgets.setAccessibleName(muteButton, muted ? tr("Unmute") : tr("Mute"))
            shownState = (playing, muted)
        }
        if abs(gtk_range_get_value(gcast(volumeBar)) - volume) > 0.01 { gtk_range_set_value(gcast(volumeBar), volume) }
    }

    /// Lends the controls to the row as its presenter panel while the picture is on an external screen,
    /// so the projector shows only the video and the laptop keeps working controls.
    func lendControls() -> Widget {
        if !controlsDetached {
            gtk_overlay_remove_overlay(gcast(root.pointer), controls)
            controlsDetached = true
        }
        return controls
    }

    /// Takes the controls back over the picture.
    func reclaimControls() {
        guard controlsDetached else { return }
        Widgets.unparent(controls)
        gtk_overlay_add_overlay(gcast(root.pointer), controls)
        controlsDetached = false
    }

    /// Shows whether the view is fullscreen, for the button's icon.
    func setFullscreenIcon(_ fullscreen: Bool) {
        Widgets.setIcon(fullscreenButton, fullscreen ? "view-restore-symbolic" : "view-fullscreen-symbolic")
        Widgets.setAccessibleName(fullscreenButton, fullscreen ? tr("Leave fullscreen") : tr("Fullscreen"))
    }

    /// Takes the view out of its parent and stops drawing, before it is dropped.
    func tearDown() {
        surface.detach()
        decisionTimer?.cancel()
        if controlsDetached { Widgets.unparent(controls) }
        connections.forEach { $0.cancel() }
        connections.removeAll()
        Widgets.unparent(root.typed())
    }
}
