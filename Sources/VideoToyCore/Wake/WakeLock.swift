/// Whether the session must keep the screen on: while a video plays anywhere, or while one, playing or paused, is
/// shown on an external screen (a projector left on a paused slide must not blank), and the user has not turned the
/// preference off.
///
/// A value-type state machine: feed it what the user sees (`WakeEvent`) and carry out the returned `WakeEffect`s.
/// The hold it reports is always the one the view calls for, so the effects never leave a hold behind.
public struct WakeLock: Sendable, Equatable {
    /// Whether the preference "Keep the screen on while playing" is on.
    public private(set) var enabled: Bool
    /// The hold the last snapshot calls for, whether or not the preference allows it.
    public private(set) var wanted: WakeHold?
    /// The hold in force, as the effects left it.
    public private(set) var held: WakeHold?
    /// Whether the app is quitting: nothing is held any more.
    public private(set) var ended = false

    /// Holds nothing; `enabled` is the preference.
    public init(enabled: Bool = true) { self.enabled = enabled }

    /// Handles one event and returns what the port must do, in order.
    public mutating func handle(_ event: WakeEvent) -> [WakeEffect] {
        switch event {
        case .seen(let snapshot): wanted = Self.hold(for: snapshot)
        case .enabled(let on): enabled = on
        case .quit: ended = true
        }
        let next = enabled && !ended ? wanted : nil
        guard next != held else { return [] }
        held = next
        // A new hold replaces the old one in the port: releasing first would let the screen blank in between.
        return [next.map(WakeEffect.hold) ?? .release]
    }

    /// The hold `snapshot` calls for: its current video's, while it plays or is shown on an external screen.
    public static func hold(for snapshot: AppSnapshot) -> WakeHold? {
        guard let video = snapshot.current else { return nil }
        let shown: Bool
        switch video.playback {
        case .playing?: shown = true
        case .paused?: shown = video.screen != nil
        case .finished?, .failed?, nil: shown = false
        }
        return shown ? WakeHold(path: video.path, reason: .playing(title: video.title)) : nil
    }
}

/// One reason to keep the screen on: the video it is for and why the session is asked.
public struct WakeHold: Sendable, Equatable {
    /// The video's file.
    public var path: String
    /// Why the screen stays on, which the session shows in the user's words ("Playing Film.mkv").
    public var reason: WakeReason

    /// A hold for `path` saying `reason`.
    public init(path: String, reason: WakeReason) {
        self.path = path
        self.reason = reason
    }
}
