import CGtk
import VideoToyCore
import VideoToyGObject

/// The black or white layer over a presentation screen, fading between opacities as the core's `Veil` says.
@MainActor
final class StageVeil {
    /// Lets the tick callback reach the veil without keeping it alive.
    private final class Link {
        weak var veil: StageVeil?
    }

    private struct Fade {
        let from: Double
        let to: Double
        let durationUs: Int
        /// The frame time of the fade's first frame; nil until the frame clock ticks.
        var startUs: Int?
    }

    /// The layer; it never takes input, so clicks and keys reach what is under it.
    let widget: Widget
    /// The widget whose frame clock paces fades: one that stays mapped while the window is.
    private let clockOwner: Widget
    private var colour: Veil.Colour?
    private var serial: Int?
    private var opacity = 0.0
    private var fade: Fade?
    private var ticking = false

    /// Creates a clear veil whose fades follow the frame clock of `clockOwner`.
    init(clockOwner: Widget) {
        self.clockOwner = clockOwner
        widget = Widgets.box(vertical: true)
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        show(opacity: 0)
    }

    /// Whether nothing is drawn: clear, with no fade under way.
    var isClear: Bool { opacity == 0 && fade == nil }

    /// Renders `veil`: a new serial jumps to its start opacity (if any) and moves to its opacity over its fade, a
    /// serial already rendered changes nothing; without `animated` it goes straight to the end (a window opening).
    func render(_ veil: Veil, animated: Bool) {
        guard veil.serial != serial else { return }
        serial = veil.serial
        setColour(veil.colour)
        let from = veil.startOpacity ?? opacity
        guard animated, veil.fadeMs > 0, from != veil.opacity else {
            fade = nil
            show(opacity: veil.opacity)
            return
        }
        show(opacity: from)
        fade = Fade(from: from, to: veil.opacity, durationUs: veil.fadeMs * 1000)
        startTicking()
    }

    private func setColour(_ wanted: Veil.Colour) {
        guard wanted != colour else { return }
        if let colour { gtk_widget_remove_css_class(widget, "videotoy-veil-\(colour.rawValue)") }
        gtk_widget_add_css_class(widget, "videotoy-veil-\(wanted.rawValue)")
        colour = wanted
    }

    private func show(opacity value: Double) {
        opacity = min(1, max(0, value))
        gtk_widget_set_opacity(widget, opacity)
        // A clear veil is hidden rather than drawn at nothing.
        Widgets.setVisible(widget, opacity > 0)
    }

    /// Moves the fade on to `frameTime` (the frame clock's, in microseconds); false once it is done.
    private func step(at frameTime: Int) -> Bool {
        guard var current = fade else { return false }
        let start = current.startUs ?? frameTime
        current.startUs = start
        let progress = min(1, Double(frameTime - start) / Double(max(1, current.durationUs)))
        show(opacity: current.from + (current.to - current.from) * progress)
        fade = progress < 1 ? current : nil
        return progress < 1
    }

    private func startTicking() {
        guard !ticking else { return }
        ticking = true
        let link = Link()
        link.veil = self
        let tick: GtkTickCallback = { _, clock, data in
            let link = CBox.object(data, as: Link.self)
            let time = gdk_frame_clock_get_frame_time(clock)
            return MainActor.assumeIsolated {
                guard let veil = link.veil else { return 0 }
                if veil.step(at: time) { return 1 }
                veil.ticking = false
                return 0
            }
        }
        _ = gtk_widget_add_tick_callback(clockOwner, tick, CBox.retain(link), CBox.destroyNotify)
    }
}
