/// Carries out a cast's effects: the file server, the renderer's actions with bounded waits, the once-a-second poll,
/// and the `cast` events; what the cast means for the video goes to `CastDriver.Owner`.
@MainActor
public final class CastDriver {
    /// What a cast reports to the rest of the app.
    @MainActor
    public protocol Owner: AnyObject {
        /// The cast's position or state changed.
        func castProgressed(_ progress: CastProgress)
        /// What the row of `item` says of the cast changed (loading, converted).
        func castLineChanged(_ item: ItemID)
        /// The cast ended; the video goes back to the laptop at `end.positionMs`.
        func castEnded(_ end: CastEnd)
    }

    /// How long one action may take before it counts as unanswered.
    public static let actionTimeoutMilliseconds = 3000
    /// How often the renderer is asked where it is.
    public static let pollMilliseconds = 1000

    /// The machine, as the effects carried out so far left it.
    public private(set) var session = CastSession()
    private let renderers: NetworkRendering
    private let server: CastFileServing
    private let timers: TimerScheduling
    private let log: EventLog
    private weak var owner: Owner?
    private var ticker: ScheduledTimer?
    // Answers to an earlier cast are dropped: each cast has its own number.
    private var generation = 0
    private var ended: CastEnd?
    private var reportedConverted = false
    /// The renderer's volume as last set from here, 0 to 1.
    public private(set) var volume = 1.0
    /// Whether the renderer was muted from here.
    public private(set) var muted = false

    /// Creates a driver casting nothing.
    public init(renderers: NetworkRendering, server: CastFileServing, timers: TimerScheduling, log: EventLog) {
        self.renderers = renderers
        self.server = server
        self.timers = timers
        self.log = log
    }

    /// Connects what the cast reports to.
    public func attach(owner: Owner) { self.owner = owner }

    /// How the last cast of `item` ended, once: the video resumes from there on the laptop.
    public func takeEnd(of item: ItemID) -> CastEnd? {
        guard let end = ended, end.item == item else { return nil }
        ended = nil
        return end
    }

    /// Sets the renderer's volume, 0 to 1.
    public func setVolume(_ value: Double) {
        volume = value.isFinite ? min(1, max(0, value)) : volume
        handle(.setVolume(percent: Int((volume * 100).rounded())))
    }

    /// Mutes or unmutes the renderer.
    public func setMuted(_ on: Bool) {
        muted = on
        handle(.setMute(on))
    }

    /// Feeds the machine and carries out what it says.
    public func handle(_ event: CastSession.Event) {
        if case .start = event {
            generation += 1
            reportedConverted = false
        }
        var queue = session.handle(event)
        while !queue.isEmpty {
            queue += carryOut(queue.removeFirst())
        }
        if session.item == nil {
            ticker?.cancel()
            ticker = nil
        } else if ticker == nil {
            scheduleTick()
        }
    }

    private func scheduleTick() {
        ticker = timers.after(milliseconds: Self.pollMilliseconds) { [weak self] in
            guard let self else { return }
            ticker = nil
            handle(.tick)
        }
    }

    private func carryOut(_ effect: CastSession.Effect) -> [CastSession.Effect] {
        switch effect {
        case .serve(let path, let mimeType, let subtitles, let udn):
            let url = server.serve(path: path, mimeType: mimeType, to: udn)
            let subtitlesURL = url == nil ? nil : subtitles.flatMap { server.serveSubtitles($0) }
            return session.handle(.served(url, subtitlesURL: subtitlesURL))
        case .serveConverted(let path, let fromMs, let mimeType, let subtitles, let udn):
            let url = server.serveConverted(path: path, fromMs: fromMs, mimeType: mimeType, subtitles: subtitles, to: udn)
            return session.handle(.served(url))
        case .send(let action, let udn):
            let sent = generation
            renderers.perform(action, on: udn, timeoutMilliseconds: Self.actionTimeoutMilliseconds) { [weak self] reply in
                guard let self, generation == sent else { return }
                handle(.replied(action, reply))
            }
        case .stopServing:
            server.stopServing()
        case .progress(let progress):
            owner?.castProgressed(progress)
            if let item = progress.item, progress.converted != reportedConverted {
                reportedConverted = progress.converted
                owner?.castLineChanged(item)
            }
        case .changed(let phase, let screen, let positionMs):
            var fields: [(EventField, JSONValue)] = [
                (.connector, .string(screen.connector)), (.state, .string(phase.logName)), (.positionMs, .int(positionMs)),
            ]
            if case .ended(.refused(let code, let description)) = phase {
                fields.append((.reason, .string(code.map { "UPnP error \($0): \(description)" } ?? description)))
            }
            log.emit(.cast, fields: fields)
        case .ended(let end):
            ended = end
            owner?.castEnded(end)
        }
        return []
    }
}
