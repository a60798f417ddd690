/// The remote control as the window shows it: whether it listens, where a phone pairs, how many phones are on.
public struct RemoteView: Hashable, Sendable {
    /// Whether the server listens.
    public var listening = false
    /// The pairing URL (with its token) a phone opens, as the QR code holds it; nil while not listening.
    public var pairingURL: String?
    /// Every address the server answers on, as URLs without the token (for the text under the code).
    public var addresses: [String] = []
    /// How many phones have the page open.
    public var phones = 0
    /// Why it could not listen (the port taken, no network), for the Preferences row; nil when it listens or is off.
    public var failure: String?

    /// A remote that is off.
    public init() {}
}
