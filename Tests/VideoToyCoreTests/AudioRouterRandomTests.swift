import Testing
import VideoToyCore
import VideoToyTesting

/// Seeded random event sequences through the audio router, with its invariants checked after every event.
@Suite("Audio router random sequences")
struct AudioRouterRandomTests {
    static let screens = [
        ScreenID(connector: "HDMI-1", manufacturer: "EPS", model: "EPSON PJ"),
        ScreenID(connector: "HDMI-2", manufacturer: "DEL", model: "DELL U2412M"),
        ScreenID(connector: "DP-1", manufacturer: "DEL", model: "DELL U2412M"),
        ScreenID(connector: "DP-2", manufacturer: "GSM", model: "LG TV"),
    ]
    static let profile = AudioCardProfile(card: "card0", profile: "output:hdmi-stereo")

    /// Every output a sequence may list; each list is a random subset with random availability.
    static func randomOutputs(_ rng: inout SeededGenerator) -> [AudioOutput] {
        var list: [AudioOutput] = []
        let pool: [(String, String?, String?)] = [
            ("laptop", nil, nil), ("phones", nil, nil), ("hdmi0", "EPSON PJ", nil), ("hdmi1", "DELL U2412M", "HDMI-2"),
            ("hdmi2", "DELL U2412M", "DP-1"), ("hdmi3", "lg tv", nil), ("hdmi4", "DELL U2412M", nil),
        ]
        for (name, monitor, connector) in pool where Int.random(in: 0..<3, using: &rng) > 0 {
            let availability = [AudioAvailability.available, .available, .unknown, .unavailable].randomElement(using: &rng)!
            let needsProfile = monitor != nil && Int.random(in: 0..<6, using: &rng) == 0
            list.append(
                AudioOutput(
                    name: name, description: name.uppercased(), availability: availability, monitorName: monitor, connector: connector,
                    port: monitor.map { _ in "port-\(name)" }, profile: needsProfile ? profile : nil))
        }
        return list
    }

    static func randomEvent(_ rng: inout SeededGenerator) -> AudioRouteEvent {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<30: return .outputsChanged(randomOutputs(&rng))
        case 30..<36: return .serverUnavailable("no sound server")
        case 36..<70: return .videoOnScreen(Bool.random(using: &rng) ? nil : screens.randomElement(using: &rng)!)
        default:
            let choices = [AudioChoice.follow, .systemDefault, .output("laptop"), .output("hdmi1"), .output("missing")]
            return .userChose(choices.randomElement(using: &rng)!)
        }
    }

    /// What must hold after every event; each violation is described.
    static func violations(_ router: AudioRouter, after event: AudioRouteEvent, effects: [AudioRouteEffect], before: AudioRouter)
        -> [String]
    {
        var found: [String] = []
        let moves = effects.compactMap { effect -> AudioOutput?? in
            if case .moveSound(let to, _) = effect { to } else { nil }
        }
        if moves.count > 1 { found.append("more than one move for one event") }
        for move in moves {
            if let output = move, !router.outputs.contains(where: { $0.name == output.name && $0.isReady }) {
                found.append("moved to \(output.name), which is not ready")
            }
            if move?.name == before.current?.name { found.append("a move that changes nothing") }
        }
        if !router.hasServer && !moves.isEmpty { found.append("moved without a server") }
        if moves.isEmpty && router.current?.name != before.current?.name && router.hasServer {
            found.append("the sound changed output without a move")
        }
        if router.hasServer, let current = router.current, !router.outputs.contains(where: { $0.name == current.name && $0.isReady }) {
            found.append("the sound is on \(current.name), which is not ready")
        }
        guard router.hasServer else { return found }
        switch router.choice {
        case .systemDefault:
            if router.current != nil { found.append("choice is default but the sound is on \(router.current!.name)") }
        case .output(let name):
            if router.outputs.contains(where: { $0.name == name && $0.isReady }), router.current?.name != name {
                found.append("chose \(name), sound on \(router.current?.name ?? "default")")
            }
        case .follow:
            if let screen = router.screen, let match = AudioMatch.output(for: screen, among: router.outputs), match.isReady,
                router.current?.name != match.name
            {
                found.append("following \(screen), its output \(match.name) is ready, sound on \(router.current?.name ?? "default")")
            }
            if router.screen == nil, router.runChoice == nil, router.homeChoice == .follow, router.current != nil {
                found.append("home and following, but the sound is on \(router.current!.name)")
            }
        }
        for effect in effects {
            if case .rememberChoice(_, let screen) = effect, screen != router.screen { found.append("remembered for an absent screen") }
            if case .activateProfile = effect, case .userChose = event, router.choice == .systemDefault {
                found.append("a profile switch for the default output")
            }
        }
        return found
    }

    @Test("Invariants hold after every event of 500 random sequences")
    func invariants() {
        for seed in UInt64(1)...500 {
            var rng = SeededGenerator(seed: seed)
            let remembered = Bool.random(using: &rng) ? [Self.screens[0]: AudioChoice.output("laptop")] : [:]
            let runChoice = [nil, AudioChoice.follow, .systemDefault, .output("phones")].randomElement(using: &rng)!
            var router = AudioRouter(runChoice: runChoice, remembered: remembered)
            var saidNoMatch: [ScreenID] = []
            var silentSaidInARow = false
            var lastWasUnavailable = false
            var history: [AudioRouteEvent] = []
            for _ in 0..<80 {
                let event = Self.randomEvent(&rng)
                history.append(event)
                let before = router
                let effects = router.handle(event)
                let saysSilent = effects.contains { if case .saySilent = $0 { true } else { false } }
                if case .serverUnavailable = event {
                    if lastWasUnavailable && saysSilent { silentSaidInARow = true }
                    lastWasUnavailable = true
                } else if case .outputsChanged = event {
                    lastWasUnavailable = false
                }
                for case .sayNoMatch(let screen) in effects { saidNoMatch.append(screen) }
                let found = Self.violations(router, after: event, effects: effects, before: before)
                if !found.isEmpty {
                    Issue.record("seed \(seed), step \(history.count): \(found.joined(separator: "; "))\n\(history)")
                    return
                }
            }
            #expect(Set(saidNoMatch).count == saidNoMatch.count, "seed \(seed): no-match said twice for a screen")
            #expect(!silentSaidInARow, "seed \(seed): silence said twice for one loss")
        }
    }

    @Test("The invariants catch a router that forgets to bring the sound home")
    func invariantsCanFail() {
        var router = AudioRouter()
        let outputs = [AudioOutput(name: "hdmi0", description: "HDMI", availability: .available, monitorName: "EPSON PJ")]
        _ = router.handle(.outputsChanged(outputs))
        let onScreen = router
        _ = router.handle(.videoOnScreen(Self.screens[0]))
        #expect(Self.violations(router, after: .videoOnScreen(Self.screens[0]), effects: [], before: onScreen).isEmpty == false)
    }
}
