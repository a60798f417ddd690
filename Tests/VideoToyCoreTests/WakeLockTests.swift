import Testing
import VideoToyTesting

@testable import VideoToyCore

/// The wake lock alone: what each view of the app holds, and that the hold follows the view through any sequence.
@Suite("Wake lock")
struct WakeLockTests {
    static let film = ItemID(1)
    static let talk = ItemID(2)

    /// A snapshot whose current video is `id` in `playback`, shown on `screen` when given.
    static func seen(_ id: ItemID?, _ playback: ItemPlayback?, screen: String? = nil) -> AppSnapshot {
        var snapshot = AppSnapshot()
        if let id {
            let name = id == film ? "Film.mkv" : "Talk.mp4"
            snapshot.current = CurrentVideo(id: id, path: "/v/\(name)", title: name, playback: playback, screen: screen)
        }
        return snapshot
    }

    static let filmHold = WakeHold(path: "/v/Film.mkv", reason: .playing(title: "Film.mkv"))
    static let talkHold = WakeHold(path: "/v/Talk.mp4", reason: .playing(title: "Talk.mp4"))

    @Test(
        "each view holds or releases as the user would expect",
        arguments: [
            ("nothing chosen", seen(nil, nil), [WakeEffect]()),
            ("chosen, not started", seen(film, nil), []),
            ("playing in its row", seen(film, .playing), [.hold(filmHold)]),
            ("playing on a projector", seen(film, .playing, screen: "HDMI-1"), [.hold(filmHold)]),
            ("paused in its row", seen(film, .paused(positionMs: 4000)), []),
            ("paused on a projector", seen(film, .paused(positionMs: 4000), screen: "HDMI-1"), [.hold(filmHold)]),
            ("finished", seen(film, .finished), []),
            ("failed", seen(film, .failed(.library("no decoder"))), []),
        ] as [(String, AppSnapshot, [WakeEffect])])
    func fromNothing(_ name: String, _ snapshot: AppSnapshot, _ effects: [WakeEffect]) {
        var lock = WakeLock()
        #expect(lock.handle(.seen(snapshot)) == effects, "\(name)")
    }

    @Test(
        "from a video playing, each change keeps, moves or releases the hold",
        arguments: [
            ("still playing, a later position", [WakeEvent.seen(seen(film, .playing))], [WakeEffect]()),
            ("paused in its row", [.seen(seen(film, .paused(positionMs: 1)))], [.release]),
            (
                "sent to a screen, then paused there",
                [.seen(seen(film, .playing, screen: "HDMI-1")), .seen(seen(film, .paused(positionMs: 1), screen: "HDMI-1"))], []
            ),
            (
                "paused on a screen that is then unplugged",
                [.seen(seen(film, .paused(positionMs: 1), screen: "HDMI-1")), .seen(seen(film, .paused(positionMs: 1)))], [.release]
            ),
            ("finished", [.seen(seen(film, .finished))], [.release]),
            ("another video plays", [.seen(seen(talk, .playing))], [.hold(talkHold)]),
            ("the preference turned off", [.enabled(false)], [.release]),
            ("the preference off and on again", [.enabled(false), .enabled(true)], [.release, .hold(filmHold)]),
            ("quit", [.quit], [.release]),
            ("quit, then a late snapshot", [.quit, .seen(seen(talk, .playing))], [.release]),
        ] as [(String, [WakeEvent], [WakeEffect])])
    func fromPlaying(_ name: String, _ events: [WakeEvent], _ effects: [WakeEffect]) {
        var lock = WakeLock()
        #expect(lock.handle(.seen(Self.seen(Self.film, .playing))) == [.hold(Self.filmHold)])
        #expect(events.flatMap { lock.handle($0) } == effects, "\(name)")
    }

    @Test("with the preference off nothing is held, and turning it on holds what is playing")
    func preferenceOff() {
        var lock = WakeLock(enabled: false)
        #expect(lock.handle(.seen(Self.seen(Self.film, .playing, screen: "HDMI-1"))) == [])
        #expect(lock.handle(.enabled(true)) == [.hold(Self.filmHold)])
    }

    /// A random view of the app: any video, any playback, on a screen or not.
    static func randomEvent(_ rng: inout SeededGenerator) -> WakeEvent {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<8: return .enabled(Bool.random(using: &rng))
        case 8..<10: return .quit
        default:
            let id = [nil, film, talk].randomElement(using: &rng)!
            let playbacks: [ItemPlayback?] = [nil, .playing, .playing, .paused(positionMs: 5), .finished, .failed(.library("x"))]
            let playback = playbacks.randomElement(using: &rng)!
            return .seen(seen(id, playback, screen: Bool.random(using: &rng) ? "HDMI-1" : nil))
        }
    }

    @Test("seeded random sequences: held iff (playing or on an external screen) and enabled, and the effects say so")
    func randomSequences() {
        for seed in UInt64(1)...500 {
            var rng = SeededGenerator(seed: seed)
            var lock = WakeLock(enabled: Bool.random(using: &rng))
            // What the port would hold, built from the effects alone.
            var port: WakeHold?
            var enabled = lock.enabled, ended = false
            var view = AppSnapshot()
            for step in 0..<60 {
                let event = Self.randomEvent(&rng)
                switch event {
                case .seen(let snapshot): view = snapshot
                case .enabled(let on): enabled = on
                case .quit: ended = true
                }
                let effects = lock.handle(event)
                #expect(effects.count <= 1, "seed \(seed) step \(step): one effect at most")
                for effect in effects {
                    switch effect {
                    case .hold(let hold):
                        #expect(port != hold, "seed \(seed) step \(step): a hold repeated")
                        port = hold
                    case .release:
                        #expect(port != nil, "seed \(seed) step \(step): a release of nothing")
                        port = nil
                    }
                }
                let video = view.current
                let watched =
                    video?.playback == .playing
                    || (video?.screen != nil && { if case .paused? = video?.playback { true } else { false } }())
                let expected = watched && enabled && !ended
                #expect((port != nil) == expected, "seed \(seed) step \(step): \(event)")
                if let port, let video { #expect(port.reason == .playing(title: video.title) && port.path == video.path) }
                #expect(lock.held == port, "seed \(seed) step \(step): the machine says what the port holds")
            }
        }
    }
}
