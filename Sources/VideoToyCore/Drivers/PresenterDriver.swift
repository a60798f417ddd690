/// Carries out the presenter machine's effects: fade timers on the timer port, the cover's mute and the videos the
/// show steps to through its owner, and `presenter` events in the log. It keeps the show beside the machine.
@MainActor
final class PresenterDriver {
    /// What the presenter asks of the rest of the app.
    @MainActor
    protocol Owner: AnyObject {
        /// Plays `id` now (the show's next or previous video, after its fade).
        func presenterPlay(_ id: ItemID)
        /// Mutes the sound for a cover, or gives back what the user had.
        func muteForCover(_ on: Bool)
        /// Something the presenter shows changed: the snapshot is due.
        func presenterChanged()
    }

    /// The presentation screen's machine.
    private(set) var presenter: Presenter
    /// The show, edited and stepped through here.
    var show = Show()
    /// Whether the main window and the video swapped screens.
    var swapped = false
    /// The remote control's state, as its server reports it.
    var remote = RemoteView()
    /// Whether the sound was muted before a cover muted it, while one does.
    var mutedBeforeCover: Bool?
    private weak var owner: Owner?
    private let timers: TimerScheduling
    private let log: EventLog
    private var fadeTimer: ScheduledTimer?

    /// Creates a driver timing fades on `timers` and logging to `log`.
    init(settings: PresenterSettings, timers: TimerScheduling, log: EventLog) {
        presenter = Presenter(settings: settings)
        self.timers = timers
        self.log = log
    }

    /// Connects what the effects act on.
    func attach(owner: Owner) { self.owner = owner }

    /// Hands `event` to the machine and carries out its effects; `notify` publishes the change (false while the
    /// snapshot is being made).
    func handle(_ event: PresenterEvent, notify: Bool = true) {
        let before = presenter
        let effects = presenter.handle(event)
        for effect in effects { perform(effect) }
        if notify && presenter != before { owner?.presenterChanged() }
    }

    /// Runs `body` on the next turn of the timers, outside the change being handled now.
    func soon(_ body: @escaping @MainActor () -> Void) {
        _ = timers.after(milliseconds: 0, body)
    }

    /// Logs the video the show cues next.
    func logCue() {
        var fields: [(EventField, JSONValue)] = [(.action, .string("cue")), (.count, .int(show.entries.count))]
        if let index = show.upNext {
            fields.append((.index, .int(index)))
            log.emit(.presenter, path: show.entries[index].path, fields: fields)
        } else {
            fields.append((.index, .null))
            log.emit(.presenter, fields: fields)
        }
    }

    private func perform(_ effect: PresenterEffect) {
        switch effect {
        case .scheduleFadeEnd(let serial, let milliseconds):
            fadeTimer?.cancel()
            fadeTimer = timers.after(milliseconds: milliseconds) { [weak self] in
                guard let self else { return }
                fadeTimer = nil
                handle(.fadeElapsed(serial: serial))
            }
        case .muteForCover(let on):
            owner?.muteForCover(on)
        case .play(let id):
            owner?.presenterPlay(id)
        case .announce(.cover(let cover)):
            log.emit(.presenter, fields: [(.action, .string("blackout")), (.cover, .string(cover.rawValue))])
        case .announce(.freeze(let on)):
            log.emit(.presenter, fields: [(.action, .string("freeze")), (.on, .bool(on))])
        }
    }
}
