/// The audio route: which output carries the playing video's sound. A value type fed one event at a time; it never
/// talks to the sound server.
///
/// Rules, in the words of the product issue:
/// - The choice in force is, in order: `--audio-output` for this run (until the user picks from the menu), the
///   choice remembered for the screen the video is on (`ScreenID`, like the screen choice), the menu choice made
///   while the video was home, and "Follow the screen".
/// - Following, the sound goes to the screen's own output (`AudioMatch`); a screen without one leaves the sound where
///   it is and says so once. Home, it goes back to the output used before: the home choice's output, or the
///   server's default.
/// - A named output that is not listed counts as following, and is reported once. An output that needs a card
///   profile gets it switched on; the sound moves once the sink is listed.
/// - An output the sound is on that goes away (or whose port is emptied) sends the sound where the rules say now,
///   with reason `gone`.
/// - With no sound server nothing moves; the video plays silently and that is said once each time the server is
///   lost.
public struct AudioRouter: Hashable, Sendable {
    /// The outputs the server lists now; empty without a server.
    public private(set) var outputs: [AudioOutput] = []
    /// True while a sound server answers (outputs were listed since it was last lost).
    public private(set) var hasServer = false
    /// `--audio-output` for this run, until the user picks from the menu.
    public private(set) var runChoice: AudioChoice?
    /// The menu choice made while the video was on the main window, for this run.
    public private(set) var homeChoice = AudioChoice.follow
    /// The choices remembered per screen identity, as persisted after `rememberChoice`.
    public private(set) var remembered: [ScreenID: AudioChoice]
    /// The external screen the video is on, or nil while it is home.
    public private(set) var screen: ScreenID?
    /// The output the sound is on; nil is the server's default output.
    public private(set) var current: AudioOutput?
    private var requestedProfile: AudioCardProfile?
    private var saidNoMatch: Set<ScreenID> = []
    private var saidMissing: Set<String> = []
    private var saidSilent = false

    /// Creates a router with the command line's choice and the remembered ones; nothing is routed before the server
    /// lists its outputs.
    public init(runChoice: AudioChoice? = nil, remembered: [ScreenID: AudioChoice] = [:]) {
        self.runChoice = runChoice
        self.remembered = remembered
    }

    /// The choice in force now: what the "Audio output" menu shows as picked.
    public var choice: AudioChoice {
        if let runChoice { return runChoice }
        guard let screen else { return homeChoice }
        return remembered[screen] ?? .follow
    }

    /// The outputs the menu offers: those the sound can be moved to now, or after a profile switch.
    public var menuOutputs: [AudioOutput] { outputs.filter { $0.availability != .unavailable } }

    /// Applies one event and returns the effects, in order.
    public mutating func handle(_ event: AudioRouteEvent) -> [AudioRouteEffect] {
        var effects: [AudioRouteEffect] = []
        var reason: AudioRouteReason?
        switch event {
        case .outputsChanged(let list):
            outputs = list
            hasServer = true
            saidSilent = false
            if let current {
                if let listed = list.first(where: { $0.name == current.name && $0.isReady }) {
                    self.current = listed
                } else {
                    reason = .gone
                }
            }
        case .serverUnavailable(let why):
            outputs = []
            hasServer = false
            current = nil
            requestedProfile = nil
            if !saidSilent {
                saidSilent = true
                effects.append(.saySilent(why))
            }
            return effects
        case .videoOnScreen(let id):
            guard id != screen else { return [] }
            screen = id
            // Coming home is going back to the output used before, whichever choice names it.
            if id == nil { reason = .default }
        case .userChose(let choice):
            runChoice = nil
            if let screen {
                remembered[screen] = choice
                effects.append(.rememberChoice(choice, for: screen))
            } else {
                homeChoice = choice
            }
            reason = .user
        }
        reconcile(reason: reason, into: &effects)
        return effects
    }

    /// Moves the sound to where the rules say it belongs now, when a server answers.
    private mutating func reconcile(reason: AudioRouteReason?, into effects: inout [AudioRouteEffect]) {
        guard hasServer else { return }
        let wanted = target(into: &effects)
        if let output = wanted.output, let profile = output.profile {
            if requestedProfile != profile { effects.append(.activateProfile(profile)) }
            requestedProfile = profile
            guard reason == .gone else { return }
            // The sound cannot wait on the gone output for the profile switch: it goes home meanwhile.
            move(to: home, reason: .gone, into: &effects)
            return
        }
        requestedProfile = nil
        move(to: wanted, reason: reason ?? wanted.basis, into: &effects)
    }

    /// Emits the move when the output changes; the `audio-route` event is written only for a real change.
    private mutating func move(
        to wanted: (output: AudioOutput?, basis: AudioRouteReason), reason: AudioRouteReason, into effects: inout [AudioRouteEffect]
    ) {
        guard wanted.output?.name != current?.name else { return }
        effects.append(.moveSound(to: wanted.output, reason: reason))
        current = wanted.output
    }

    /// Where the sound belongs by the choice in force, and why.
    private mutating func target(into effects: inout [AudioRouteEffect]) -> (output: AudioOutput?, basis: AudioRouteReason) {
        switch choice {
        case .systemDefault:
            return (nil, .default)
        case .output(let name):
            if let output = outputs.first(where: { $0.name == name && $0.availability != .unavailable }) {
                return (output, .user)
            }
            if saidMissing.insert(name).inserted { effects.append(.sayOutputMissing(name)) }
            return following(into: &effects)
        case .follow:
            return following(into: &effects)
        }
    }

    /// The screen's own output; without one, where the sound is if it can stay there, else home.
    private mutating func following(into effects: inout [AudioRouteEffect]) -> (output: AudioOutput?, basis: AudioRouteReason) {
        guard let screen else { return home }
        if let output = AudioMatch.output(for: screen, among: outputs) { return (output, .screen) }
        if saidNoMatch.insert(screen).inserted { effects.append(.sayNoMatch(screen)) }
        if let current, outputs.contains(where: { $0.name == current.name && $0.isReady }) { return (current, .default) }
        if current == nil { return (nil, .default) }
        return home
    }

    /// The output the sound used before the screen took it: the home choice's output, or the server's default.
    private var home: (output: AudioOutput?, basis: AudioRouteReason) {
        if case .output(let name) = homeChoice, let output = outputs.first(where: { $0.name == name && $0.isReady }) {
            return (output, .default)
        }
        return (nil, .default)
    }
}
