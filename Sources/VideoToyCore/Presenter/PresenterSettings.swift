/// The presenter's preferences: fades, the end of a video, the sound under a cover.
public struct PresenterSettings: Hashable, Sendable {
    /// The longest fade, in milliseconds: longer ones are taken as this.
    public static let longestFadeMs = 10_000

    /// How long a fade lasts, in milliseconds (0: a cut).
    public var fadeMs: Int {
        didSet { fadeMs = Self.clamped(fadeMs) }
    }
    /// What the screen shows once a video ends.
    public var endLook: EndLook
    /// What the sound does while the screen is covered.
    public var coverSound: CoverSound

    /// The defaults: half-second fades, the idle scene after a video, the sound kept under a cover.
    public init(fadeMs: Int = 500, endLook: EndLook = .idle, coverSound: CoverSound = .keep) {
        self.fadeMs = Self.clamped(fadeMs)
        self.endLook = endLook
        self.coverSound = coverSound
    }

    private static func clamped(_ ms: Int) -> Int { min(max(ms, 0), longestFadeMs) }
}
