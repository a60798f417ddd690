/// A UPnP/DLNA media renderer found on the network (a TV, a projector with network input, a set-top box): what the
/// screen list shows of it and how the router knows it.
public struct NetworkRenderer: Hashable, Sendable, Identifiable {
    /// The device's unique device name (`uuid:…`), stable across restarts of the device; remembered choices use it.
    public let udn: String
    /// The name its owner gave it ("Living room TV"), as the device describes itself.
    public let friendlyName: String
    /// The maker, as the device describes itself; may be empty.
    public let manufacturer: String
    /// The model name, as the device describes itself; may be empty.
    public let model: String

    /// Creates a renderer description; the caller has already bounded and cleaned the device's strings.
    public init(udn: String, friendlyName: String, manufacturer: String = "", model: String = "") {
        self.udn = udn
        self.friendlyName = friendlyName
        self.manufacturer = manufacturer
        self.model = model
    }

    /// The screen identifier of a network screen: `upnp:` and the UDN.
    public var id: String { NetworkRenderer.idPrefix + udn }

    /// What every network screen's identifier starts with.
    public static let idPrefix = "upnp:"
}
