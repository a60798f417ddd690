import CGLib
import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The presenter panel's clock: the stage video's elapsed and remaining time in large figures, amber then red near
/// the end, and the time of day.
@MainActor
final class PresenterClock {
    /// The clock's box, to put into the panel.
    let root: Widget
    private let elapsed: Widget
    private let remaining: Widget
    private let timeOfDay: Widget
    private var ticker: SourceToken?
    private var shown: StageClock?

    /// Builds the clock with no time known.
    init() {
        root = Widgets.box(vertical: false, spacing: 24)
        elapsed = PresenterClock.figure(caption: tr("Elapsed"), into: root)
        remaining = PresenterClock.figure(caption: tr("Remaining"), into: root)
        timeOfDay = PresenterClock.figure(caption: tr("Time"), into: root)
        reset()
    }

    /// A large numeric label under a small caption, appended to `box`; returns the label.
    private static func figure(caption: String, into box: Widget) -> Widget {
        let column = Widgets.box(vertical: true, spacing: 0)
        let title = Widgets.label(caption, classes: ["caption", "dim-label"], wrap: false)
        let label = Widgets.label("", classes: ["title-1", "numeric"], wrap: false)
        Widgets.append(column, title)
        Widgets.append(column, label)
        Widgets.append(box, column)
        return label
    }

    /// Shows `clock`: its texts, and its tone on the remaining time.
    func show(_ clock: StageClock) {
        guard clock.elapsedText != shown?.elapsedText || clock.remainingText != shown?.remainingText || clock.tone != shown?.tone
        else { return }
        shown = clock
        let left = clock.remainingText ?? "−–:––"
        // A label names itself after its text on each change: the names are set again after it, the figures are
        // their descriptions.
        Widgets.setText(elapsed, clock.elapsedText)
        Widgets.setAccessibleName(elapsed, tr("Elapsed"))
        PresenterPanelStyle.setDescription(elapsed, clock.elapsedText)
        Widgets.setText(remaining, left)
        Widgets.setAccessibleName(remaining, tr("Remaining"))
        PresenterPanelStyle.setDescription(remaining, left)
        Widgets.setClass(remaining, "videotoy-clock-amber", clock.tone == .amber)
        Widgets.setClass(remaining, "videotoy-clock-red", clock.tone == .red)
    }

    /// No time known yet: a new video on the stage.
    func reset() {
        shown = nil
        show(StageClock(positionMs: 0, durationMs: nil))
    }

    /// Ticks the time of day every second while `on`; stopped, no timer runs.
    func setRunning(_ on: Bool) {
        guard on != (ticker != nil) else { return }
        if on {
            showTimeOfDay()
            ticker = MainLoop.every(milliseconds: 1000) { [weak self] in
                self?.showTimeOfDay()
                return self != nil
            }
        } else {
            ticker?.cancel()
            ticker = nil
        }
    }

    private func showTimeOfDay() {
        guard let now = g_date_time_new_now_local() else { return }
        defer { g_date_time_unref(now) }
        // GLib formats in the user's locale; hours and minutes are what a speaker glances at.
        guard let text = g_date_time_format(now, "%H:%M") else { return }
        defer { g_free(text) }
        let time = String(cString: text)
        guard time != gtk_label_get_text(gcast(timeOfDay)).map({ String(cString: $0) }) else { return }
        Widgets.setText(timeOfDay, time)
        Widgets.setAccessibleName(timeOfDay, tr("Time of day"))
        PresenterPanelStyle.setDescription(timeOfDay, time)
    }
}
