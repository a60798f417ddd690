/// A sound card profile that must be switched on before an output exists as a sink (an HDMI port of a card whose
/// active profile offers only the analog outputs).
public struct AudioCardProfile: Hashable, Sendable, CustomStringConvertible {
    /// The card's name in the sound server.
    public let card: String
    /// The profile that offers the output.
    public let profile: String

    /// Creates a card profile reference.
    public init(card: String, profile: String) {
        self.card = card
        self.profile = profile
    }

    /// A short form such as `alsa_card.pci-0000_00_1f.3:output:hdmi-stereo`.
    public var description: String { "\(card):\(profile)" }
}
