import Testing
import VideoToyCore
import VideoToyTesting

/// Seeded random sequences through the presenter machine, beside a small world that carries out its effects: a
/// fade timer, the player that plays what it asks, and the screen that shows the current video.
@Suite("Presenter random sequences")
struct PresenterRandomTests {
    /// What the machine's effects act on, as the driver and the app would.
    struct World {
        var presenter: Presenter
        /// The fade timers: serial and when each is due.
        var timers: [(serial: Int, due: Int)] = []
        var now = 0
        /// The video chosen last, which the screen shows when a screen shows one.
        var current: ItemID?
        var onScreen = true
        var position = 0
        let duration = 10_000
        var muted = false
        /// The video the last `advance` asked for, until it plays.
        var asked: ItemID?

        /// Carries out `effects`, checking each against the world.
        mutating func perform(_ effects: [PresenterEffect], violations: inout [String]) {
            for effect in effects {
                switch effect {
                case .scheduleFadeEnd(let serial, let milliseconds):
                    if milliseconds <= 0 { violations.append("a fade of \(milliseconds) ms was scheduled") }
                    timers.append((serial, now + milliseconds))
                case .muteForCover(let on):
                    if on == muted { violations.append("muteForCover(\(on)) twice") }
                    muted = on
                case .play(let id):
                    if id != asked { violations.append("played \(id), asked for \(String(describing: asked))") }
                    asked = nil
                    current = id
                    position = 0
                case .announce:
                    break
                }
            }
        }

        /// Tells the machine what the screen shows now.
        mutating func show(violations: inout [String]) {
            let stage = onScreen ? current : nil
            perform(presenter.handle(.stageShows(stage)), violations: &violations)
        }
    }

    static func randomEvent(_ rng: inout SeededGenerator, _ world: World) -> PresenterEvent? {
        let items = [ItemID(1), ItemID(2), ItemID(3)]
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<12: return .toggleCover([.black, .white, .none].randomElement(using: &rng)!)
        case 12..<20: return .toggleFreeze
        case 20..<40:
            guard let current = world.current else { return nil }
            return .progress(current, positionMs: world.position, durationMs: world.duration)
        case 40..<48:
            guard let current = world.current else { return nil }
            return .finished(current)
        case 48..<62: return .advance(to: items.randomElement(using: &rng)!)
        case 62..<68:
            let settings = PresenterSettings(
                fadeMs: [0, 200, 500, 2000].randomElement(using: &rng)!, endLook: EndLook.allCases.randomElement(using: &rng)!,
                coverSound: CoverSound.allCases.randomElement(using: &rng)!)
            return .settings(settings)
        case 68..<71: return .screenGone
        default: return nil
        }
    }

    /// What must hold after every step.
    static func violations(_ world: World) -> [String] {
        var found: [String] = []
        let presenter = world.presenter
        let veil = presenter.look.veil
        switch presenter.cover {
        case .black where !(veil.colour == .black && veil.opacity == 1): found.append("black cover, veil \(veil)")
        case .white where !(veil.colour == .white && veil.opacity == 1): found.append("white cover, veil \(veil)")
        default: break
        }
        if let fading = presenter.fading, !world.timers.contains(where: { $0.serial == fading }) {
            found.append("fade \(fading) has no timer: it would never end")
        }
        if presenter.afterFade != nil && presenter.fading == nil { found.append("a video waits for a fade that is not under way") }
        if world.muted != (presenter.cover != .none && presenter.settings.coverSound == .mute) {
            found.append("muted \(world.muted) under cover \(presenter.cover) with \(presenter.settings.coverSound)")
        }
        // The screen shows no video but the current one: a held picture aside, what is on it is what plays.
        if !presenter.holdsPicture, let stage = presenter.onStage, stage != world.current {
            found.append("the screen shows \(stage) while \(String(describing: world.current)) is current")
        }
        if presenter.state == .black && presenter.cover != .black { found.append("state black without a black cover") }
        if veil.opacity != 0 && veil.opacity != 1 { found.append("veil target \(veil.opacity)") }
        return found
    }

    @Test("Covers, freezes, fades, ends and steps keep the screen's rules", arguments: 0..<200)
    func sequences(seed: UInt64) {
        var rng = SeededGenerator(seed: seed &* 0x5851_F42D_4C95_7F2D)
        var world = World(presenter: Presenter(settings: PresenterSettings(fadeMs: 500)))
        world.current = ItemID(1)
        var found: [String] = []
        world.show(violations: &found)
        for step in 0..<120 {
            // Time passes: the video plays on, due timers fire, and now and then the screen comes or goes.
            let elapsed = [0, 100, 250, 700, 3000].randomElement(using: &rng)!
            world.now += elapsed
            world.position = min(world.duration, world.position + elapsed)
            let due = world.timers.filter { $0.due <= world.now }.sorted { $0.due < $1.due }
            world.timers.removeAll { $0.due <= world.now }
            for timer in due {
                world.perform(world.presenter.handle(.fadeElapsed(serial: timer.serial)), violations: &found)
            }
            if Int.random(in: 0..<15, using: &rng) == 0 { world.onScreen.toggle() }
            if let event = Self.randomEvent(&rng, world) {
                if case .advance(let target) = event { world.asked = target }
                world.perform(world.presenter.handle(event), violations: &found)
            }
            world.show(violations: &found)
            let broken = Self.violations(world)
            #expect(broken.isEmpty && found.isEmpty, "seed \(seed) step \(step): \(broken + found)")
            if !broken.isEmpty || !found.isEmpty { return }
        }
        // Every fade ends: with time let run, nothing is left fading and no video waits.
        while let next = world.timers.min(by: { $0.due < $1.due }) {
            world.timers.removeAll { $0.serial == next.serial && $0.due == next.due }
            world.now = max(world.now, next.due)
            world.perform(world.presenter.handle(.fadeElapsed(serial: next.serial)), violations: &found)
            world.show(violations: &found)
        }
        #expect(world.presenter.fading == nil, "seed \(seed): a fade never ended")
        #expect(world.presenter.afterFade == nil, "seed \(seed): a video waited for ever")
        #expect(world.asked == nil, "seed \(seed): \(String(describing: world.asked)) was asked for and never played")
        #expect(found.isEmpty, "seed \(seed): \(found)")
    }
}
