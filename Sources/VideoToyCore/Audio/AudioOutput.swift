/// One place the sound can go: a sink of the sound server, or an HDMI/DisplayPort port that needs a card profile
/// switched on first.
public struct AudioOutput: Hashable, Sendable {
    /// The sink's name (stable, what `--audio-output` and the events log use); for a port that needs a profile, the
    /// card's name and the port's, joined by a colon.
    public let name: String
    /// The server's human description, such as "Built-in Audio Analog Stereo"; what the menu shows.
    public let description: String
    /// Whether the port has something plugged in.
    public let availability: AudioAvailability
    /// The monitor's name from its ELD (the server's `device.product.name`), for HDMI and DisplayPort outputs only.
    public let monitorName: String?
    /// The display connector the output is wired to, when the server says so; tells two identical monitors apart.
    public let connector: String?
    /// The card and port this output belongs to, when it belongs to a card; the same port keeps this across a
    /// profile switch, while its name changes from the placeholder to the sink's.
    public let port: String?
    /// The card profile to switch on before the output exists as a sink; nil for a sink that exists now.
    public let profile: AudioCardProfile?

    /// Creates an output.
    public init(
        name: String,
        description: String,
        availability: AudioAvailability = .unknown,
        monitorName: String? = nil,
        connector: String? = nil,
        port: String? = nil,
        profile: AudioCardProfile? = nil
    ) {
        self.name = name
        self.description = description
        self.availability = availability
        self.monitorName = monitorName.flatMap { $0.isEmpty ? nil : $0 }
        self.connector = connector.flatMap { $0.isEmpty ? nil : $0 }
        self.port = port
        self.profile = profile
    }

    /// True when sound can be moved here now: the sink exists and its port is not known to be empty.
    public var isReady: Bool { profile == nil && availability != .unavailable }
}
