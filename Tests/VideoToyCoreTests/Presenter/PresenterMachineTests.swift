import Testing
import VideoToyCore

/// The presentation screen's machine, one rule at a time.
@Suite("Presenter machine")
struct PresenterMachineTests {
    static let first = ItemID(1)
    static let second = ItemID(2)

    /// A machine with `first` on the stage and its fade from black done.
    static func onStage(_ settings: PresenterSettings = PresenterSettings()) -> Presenter {
        var presenter = Presenter(settings: settings)
        _ = presenter.handle(.stageShows(first))
        if let serial = presenter.fading { _ = presenter.handle(.fadeElapsed(serial: serial)) }
        return presenter
    }

    @Test(
        "B, W and B again: the veil's colour and opacity, the state and the event",
        arguments: [
            ([Cover.black], Veil.Colour.black, 1.0, PresenterState.black),
            ([.black, .black], .black, 0.0, .live),
            ([.white], .white, 1.0, .white),
            ([.black, .white], .white, 1.0, .white),
            ([.white, .white], .white, 0.0, .live),
            ([.black, .none], .black, 0.0, .live),
        ])
    func covers(presses: [Cover], colour: Veil.Colour, opacity: Double, state: PresenterState) {
        var presenter = Self.onStage()
        var announced: [PresenterEffect] = []
        for cover in presses {
            announced += presenter.handle(.toggleCover(cover)).filter { if case .announce = $0 { true } else { false } }
        }
        #expect(presenter.look.veil.colour == colour)
        #expect(presenter.look.veil.opacity == opacity)
        #expect(presenter.state == state)
        #expect(announced.last == .announce(.cover(presenter.cover)))
    }

    @Test("A cover fades over the preference's time, and a cut when it is 0")
    func coverFade() {
        var presenter = Self.onStage(PresenterSettings(fadeMs: 700))
        let effects = presenter.handle(.toggleCover(.black))
        #expect(presenter.look.veil.fadeMs == 700)
        #expect(effects.contains(.scheduleFadeEnd(serial: presenter.look.veil.serial, afterMs: 700)))
        var cut = Self.onStage(PresenterSettings(fadeMs: 0))
        let cutEffects = cut.handle(.toggleCover(.black))
        #expect(cut.look.veil.fadeMs == 0)
        #expect(cut.fading == nil)
        #expect(!cutEffects.contains { if case .scheduleFadeEnd = $0 { true } else { false } })
    }

    @Test("A new video comes out of black; with fades off it is cut in")
    func fadeIn() {
        var presenter = Presenter(settings: PresenterSettings(fadeMs: 500))
        _ = presenter.handle(.stageShows(Self.first))
        #expect(presenter.look.veil.startOpacity == 1)
        #expect(presenter.look.veil.opacity == 0)
        #expect(presenter.fading == presenter.look.veil.serial)
        var cut = Presenter(settings: PresenterSettings(fadeMs: 0))
        _ = cut.handle(.stageShows(Self.first))
        #expect(cut.look.veil.startOpacity == nil)
        #expect(cut.look.veil.opacity == 0)
    }

    @Test("The sound follows the preference under a cover, and comes back as it was")
    func coverSound() {
        var presenter = Self.onStage(PresenterSettings(coverSound: .mute))
        #expect(presenter.handle(.toggleCover(.black)).contains(.muteForCover(true)))
        #expect(!presenter.handle(.toggleCover(.white)).contains(.muteForCover(true)))
        #expect(presenter.handle(.toggleCover(.white)).contains(.muteForCover(false)))
        var kept = Self.onStage(PresenterSettings(coverSound: .keep))
        #expect(!kept.handle(.toggleCover(.black)).contains { if case .muteForCover = $0 { true } else { false } })
        // Changing the preference under a cover mutes or gives the sound back at once.
        #expect(kept.handle(.settings(PresenterSettings(coverSound: .mute))) == [.muteForCover(true)])
    }

    @Test("Freeze holds the picture while another video arrives; unfreezing shows it live")
    func freeze() {
        var presenter = Self.onStage()
        #expect(presenter.handle(.toggleFreeze) == [.announce(.freeze(true))])
        #expect(presenter.look.frozen)
        #expect(presenter.state == .frozen)
        let serial = presenter.look.veil.serial
        _ = presenter.handle(.stageShows(Self.second))
        // No fade from black behind a held picture: it would darken nothing the audience sees, then flash.
        #expect(presenter.look.veil.serial == serial)
        #expect(presenter.look.frozen)
        _ = presenter.handle(.toggleFreeze)
        #expect(!presenter.look.frozen)
        #expect(presenter.onStage == Self.second)
        #expect(presenter.state == .live)
    }

    @Test(
        "The end of a video: idle, hold or black",
        arguments: [
            (EndLook.idle, false, 0.0, PresenterState.live),
            (.hold, true, 0.0, .ended),
            (.black, false, 1.0, .ended),
        ])
    func end(look: EndLook, frozen: Bool, opacity: Double, state: PresenterState) {
        var presenter = Self.onStage(PresenterSettings(fadeMs: 500, endLook: look))
        _ = presenter.handle(.progress(Self.first, positionMs: 9_600, durationMs: 10_000))
        _ = presenter.handle(.finished(Self.first))
        if let serial = presenter.fading { _ = presenter.handle(.fadeElapsed(serial: serial)) }
        #expect(presenter.look.frozen == frozen)
        #expect(presenter.look.veil.opacity == opacity)
        #expect(presenter.state == state)
        // The next video clears what the end left.
        _ = presenter.handle(.stageShows(Self.second))
        #expect(!presenter.look.frozen)
        #expect(presenter.look.veil.opacity == 0)
        #expect(presenter.state == .live)
    }

    @Test("The fade to black starts once the time left is the fade's, and ends with the video")
    func fadeOutAtEnd() {
        var presenter = Self.onStage(PresenterSettings(fadeMs: 1000, endLook: .black))
        #expect(presenter.handle(.progress(Self.first, positionMs: 8_000, durationMs: 10_000)).isEmpty)
        let effects = presenter.handle(.progress(Self.first, positionMs: 9_250, durationMs: 10_000))
        #expect(presenter.look.veil.opacity == 1)
        #expect(presenter.look.veil.fadeMs == 750)
        #expect(effects == [.scheduleFadeEnd(serial: presenter.look.veil.serial, afterMs: 750)])
        // Sought back: the picture comes back.
        _ = presenter.handle(.progress(Self.first, positionMs: 2_000, durationMs: 10_000))
        #expect(presenter.look.veil.opacity == 0)
    }

    @Test("Holding the last frame does not fade out before it")
    func holdHasNoFadeOut() {
        var presenter = Self.onStage(PresenterSettings(fadeMs: 1000, endLook: .hold))
        #expect(presenter.handle(.progress(Self.first, positionMs: 9_500, durationMs: 10_000)).isEmpty)
        #expect(presenter.look.veil.opacity == 0)
    }

    @Test("Next fades the video out, then plays the next one; a second press only changes the target")
    func advance() {
        var presenter = Self.onStage(PresenterSettings(fadeMs: 400))
        let effects = presenter.handle(.advance(to: Self.second))
        #expect(!effects.contains(.play(Self.second)))
        #expect(presenter.look.veil.opacity == 1)
        let third = ItemID(3)
        #expect(presenter.handle(.advance(to: third)).isEmpty)
        #expect(presenter.handle(.fadeElapsed(serial: presenter.fading ?? -1)) == [.play(third)])
        #expect(presenter.afterFade == nil)
    }

    @Test("Next plays at once with fades off, under a cover, frozen, or with nothing on the stage")
    func advanceAtOnce() {
        var cut = Self.onStage(PresenterSettings(fadeMs: 0))
        #expect(cut.handle(.advance(to: Self.second)) == [.play(Self.second)])
        var covered = Self.onStage()
        _ = covered.handle(.toggleCover(.black))
        #expect(covered.handle(.advance(to: Self.second)) == [.play(Self.second)])
        var frozen = Self.onStage()
        _ = frozen.handle(.toggleFreeze)
        #expect(frozen.handle(.advance(to: Self.second)) == [.play(Self.second)])
        var empty = Presenter()
        #expect(empty.handle(.advance(to: Self.second)) == [.play(Self.second)])
    }

    @Test("A stale fade timer changes nothing")
    func staleTimer() {
        var presenter = Self.onStage(PresenterSettings(fadeMs: 400))
        _ = presenter.handle(.toggleCover(.black))
        let stale = presenter.look.veil.serial
        _ = presenter.handle(.toggleCover(.black))
        let before = presenter
        #expect(presenter.handle(.fadeElapsed(serial: stale)).isEmpty)
        #expect(presenter == before)
    }

    @Test("Fade preferences are bounded: negative is a cut, long ones are capped")
    func bounds() {
        #expect(PresenterSettings(fadeMs: -5).fadeMs == 0)
        #expect(PresenterSettings(fadeMs: 1_000_000).fadeMs == PresenterSettings.longestFadeMs)
    }

    @Test("With no screen left, covers and freezes end and the sound comes back; a waiting video plays")
    func screenGone() {
        var presenter = Self.onStage(PresenterSettings(coverSound: .mute))
        _ = presenter.handle(.toggleCover(.white))
        _ = presenter.handle(.toggleFreeze)
        let effects = presenter.handle(.screenGone)
        #expect(effects.contains(.muteForCover(false)))
        #expect(effects.contains(.announce(.cover(.none))))
        #expect(effects.contains(.announce(.freeze(false))))
        #expect(presenter.cover == .none && !presenter.look.frozen && presenter.look.veil.opacity == 0)
        #expect(presenter.state == .live)
        var waiting = Self.onStage()
        _ = waiting.handle(.advance(to: Self.second))
        #expect(waiting.handle(.screenGone).contains(.play(Self.second)))
        #expect(waiting.fading == nil && waiting.afterFade == nil)
    }

    @Test(
        "Action names for scripts",
        arguments: [
            ("black", PresenterCommand.cover(.black) as PresenterCommand?), ("white", .cover(.white)), ("picture", .cover(.none)),
            ("freeze", .freeze), ("next", .next), ("previous", .previous), ("start-show", .startShow(fromCurrent: false)),
            ("start-show-here", .startShow(fromCurrent: true)), ("end-show", .endShow), ("swap-screens", .swapScreens),
            ("Black", nil), ("", nil), ("rm", nil),
        ])
    func actionNames(name: String, command: PresenterCommand?) {
        #expect(PresenterCommand(actionName: name) == command)
    }
}
