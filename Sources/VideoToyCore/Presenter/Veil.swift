/// The layer over the presentation screen's picture that makes black-outs, white-outs and fades.
///
/// A renderer sets the layer to `startOpacity` when `serial` changes (if given), then moves it to `opacity` over
/// `fadeMs`; rendered again with the same serial, it changes nothing.
public struct Veil: Hashable, Sendable {
    /// The colour of a veil.
    public enum Colour: String, Hashable, Sendable {
        /// Black.
        case black
        /// White.
        case white
    }

    /// Its colour.
    public var colour: Colour = .black
    /// Where its opacity goes: 0 shows the picture, 1 hides it.
    public var opacity: Double = 0
    /// Where its opacity starts from when this change begins (a fade from black); nil goes on from where it is.
    public var startOpacity: Double?
    /// How long the change takes, in milliseconds (0: at once).
    public var fadeMs = 0
    /// Counts the changes, so a renderer knows a new one from the same one rendered again.
    public var serial = 0

    /// A clear veil.
    public init() {}

    /// Whether it hides the picture once its change is done.
    public var hides: Bool { opacity >= 1 }
}
