/// Identifies a physical screen by where and what it is: connector, manufacturer and model, never a list index.
///
/// A different monitor plugged into the same connector is a different screen, so a remembered choice follows the
/// monitor the user picked rather than the port.
public struct ScreenID: Hashable, Sendable, CustomStringConvertible {
    /// The output connector, such as `HDMI-1`; empty while the system has not reported it yet.
    public let connector: String
    /// The monitor's manufacturer as reported by EDID; may be empty.
    public let manufacturer: String
    /// The monitor's model as reported by EDID; may be empty.
    public let model: String

    /// Creates an identifier.
    public init(connector: String, manufacturer: String = "", model: String = "") {
        self.connector = connector
        self.manufacturer = manufacturer
        self.model = model
    }

    /// A short form such as `HDMI-1 (Dell U2412M)`.
    public var description: String {
        let name = [manufacturer, model].filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? connector : "\(connector) (\(name))"
    }
}
