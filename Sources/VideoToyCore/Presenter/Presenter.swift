/// The presentation screen as a state machine: covers, freezes, fades, and what it shows once a video ends.
///
/// It decides how the screen looks (`look`), never which video plays: the playback and the router do that, and
/// tell it through `stageShows`. A fade always ends: each one schedules its own end, and a later one replaces it.
public struct Presenter: Hashable, Sendable {
    /// How the screen ended up after its video, until the next one arrives.
    enum Ending: Hashable, Sendable {
        /// Nothing ended: the screen follows the video.
        case none
        /// The video is fading out: at its end, or before the next one.
        case fadingOut(ItemID)
        /// The last frame is held.
        case held(ItemID)
        /// The screen stays black.
        case black
    }

    /// The preferences in force.
    public private(set) var settings: PresenterSettings
    /// The cover the presenter chose.
    public private(set) var cover = Cover.none
    /// Whether the presenter froze the screen.
    public private(set) var freeze = false
    /// The video on the presentation screen.
    public private(set) var onStage: ItemID?
    /// How the screen looks now.
    public private(set) var look = StageLook()
    /// The serial of the fade under way, if one is.
    public private(set) var fading: Int?
    /// The video to play once the fade out ends.
    public private(set) var afterFade: ItemID?
    private(set) var ending = Ending.none
    private var lastOnStage: ItemID?
    private var coverMuted = false

    /// A presentation screen showing its video, with `settings`.
    public init(settings: PresenterSettings = PresenterSettings()) {
        self.settings = settings
    }

    /// What the presenter panel says of the screen.
    public var state: PresenterState {
        switch cover {
        case .black: return .black
        case .white: return .white
        case .none: break
        }
        if freeze { return .frozen }
        switch ending {
        case .held, .black: return .ended
        case .none, .fadingOut: return .live
        }
    }

    /// Whether the screen holds a picture: frozen, or the last frame held at the end.
    public var holdsPicture: Bool {
        if freeze { return true }
        if case .held = ending { return true }
        return false
    }

    /// Handles `event` and returns what the driver must do.
    public mutating func handle(_ event: PresenterEvent) -> [PresenterEffect] {
        var effects: [PresenterEffect] = []
        switch event {
        case .toggleCover(let wanted):
            let next: Cover = wanted == cover ? .none : wanted
            guard next != cover else { return [] }
            cover = next
            effects.append(.announce(.cover(next)))
            effects += muteEffects()
            effects += settle(fadeMs: settings.fadeMs)
        case .toggleFreeze:
            if case .held = ending, !freeze {
                ending = .none
            } else {
                freeze.toggle()
            }
            effects.append(.announce(.freeze(holdsPicture)))
            look.frozen = holdsPicture
        case .stageShows(let item):
            guard item != onStage else { return [] }
            onStage = item
            guard let item else { return [] }
            lastOnStage = item
            let wasHidden = look.veil.hides
            ending = .none
            look.frozen = holdsPicture
            // A new video comes out of black, unless a cover or a held picture is in front of it.
            if cover == .none && !freeze && settings.fadeMs > 0 {
                effects += setVeil(colour: .black, opacity: 0, fadeMs: settings.fadeMs, from: 1)
            } else if cover == .none && wasHidden {
                effects += setVeil(colour: look.veil.colour, opacity: 0, fadeMs: 0)
            }
        case .progress(let item, let position, let duration):
            guard item == onStage, duration > 0, position >= 0 else { return [] }
            let remaining = duration - position
            switch ending {
            case .none:
                guard afterFade == nil, settings.endLook != .hold, settings.fadeMs > 0,
                    remaining > 0, remaining <= settings.fadeMs
                else { return [] }
                ending = .fadingOut(item)
                if cover == .none { effects += setVeil(colour: .black, opacity: 1, fadeMs: remaining) }
            case .fadingOut(let fading) where fading == item && afterFade == nil:
                // Sought back, or looped: the video shows again.
                guard remaining > settings.fadeMs + 250 else { return [] }
                ending = .none
                if cover == .none { effects += setVeil(colour: .black, opacity: 0, fadeMs: settings.fadeMs) }
            default:
                return []
            }
        case .finished(let item):
            guard item == onStage || item == lastOnStage else { return [] }
            if afterFade != nil { return [] }
            switch settings.endLook {
            case .hold:
                ending = .held(item)
                look.frozen = true
            case .black:
                ending = .black
                effects += settle(fadeMs: 0, keepingFade: true)
            case .idle:
                ending = .none
                // The idle scene comes out of black when the video faded into it.
                if cover == .none && look.veil.opacity > 0 {
                    effects += setVeil(colour: .black, opacity: 0, fadeMs: settings.fadeMs)
                }
            }
        case .fadeElapsed(let serial):
            guard serial == fading else { return [] }
            fading = nil
            if let next = afterFade {
                afterFade = nil
                effects.append(.play(next))
            }
        case .settings(let new):
            let before = settings
            settings = new
            if before.coverSound != new.coverSound { effects += muteEffects() }
        case .screenGone:
            if cover != .none {
                cover = .none
                effects.append(.announce(.cover(.none)))
                effects += muteEffects()
            }
            if holdsPicture {
                freeze = false
                ending = .none
                look.frozen = false
                effects.append(.announce(.freeze(false)))
            }
            ending = .none
            if let next = afterFade {
                afterFade = nil
                effects.append(.play(next))
            }
            if look.veil.opacity != 0 || fading != nil { effects += setVeil(colour: look.veil.colour, opacity: 0, fadeMs: 0) }
        case .advance(let target):
            if afterFade != nil {
                afterFade = target
                return []
            }
            guard let current = onStage, current != target, settings.fadeMs > 0, cover == .none, !freeze,
                ending == .none
            else { return [.play(target)] }
            ending = .fadingOut(current)
            afterFade = target
            effects += setVeil(colour: .black, opacity: 1, fadeMs: settings.fadeMs)
        }
        return effects
    }

    /// Moves the veil to where the cover and the ending want it.
    private mutating func settle(fadeMs: Int, keepingFade: Bool = false) -> [PresenterEffect] {
        let colour: Veil.Colour
        let opacity: Double
        switch cover {
        case .black: (colour, opacity) = (.black, 1)
        case .white: (colour, opacity) = (.white, 1)
        case .none:
            switch ending {
            case .black, .fadingOut: (colour, opacity) = (.black, 1)
            case .none, .held: (colour, opacity) = (look.veil.colour, 0)
            }
        }
        guard colour != look.veil.colour || opacity != look.veil.opacity else { return [] }
        // A fade to black already under way goes on at its pace rather than cut.
        if keepingFade, fading != nil, opacity == look.veil.opacity { return [] }
        return setVeil(colour: colour, opacity: opacity, fadeMs: fadeMs)
    }

    private mutating func setVeil(colour: Veil.Colour, opacity: Double, fadeMs: Int, from start: Double? = nil) -> [PresenterEffect] {
        look.veil.serial &+= 1
        look.veil.colour = colour
        look.veil.opacity = opacity
        look.veil.startOpacity = start
        look.veil.fadeMs = max(0, fadeMs)
        guard fadeMs > 0 else {
            fading = nil
            // A cut ends the fade before it; the video waiting for that fade goes on now.
            if let next = afterFade {
                afterFade = nil
                return [.play(next)]
            }
            return []
        }
        fading = look.veil.serial
        return [.scheduleFadeEnd(serial: look.veil.serial, afterMs: fadeMs)]
    }

    private mutating func muteEffects() -> [PresenterEffect] {
        let wanted = cover != .none && settings.coverSound == .mute
        guard wanted != coverMuted else { return [] }
        coverMuted = wanted
        return [.muteForCover(wanted)]
    }
}
