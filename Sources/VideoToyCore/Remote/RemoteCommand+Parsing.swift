/// Reading a command from the page's untrusted bytes: bounded, typed, and never a path.
extension RemoteCommand {
    /// The largest body a command may have, in bytes.
    public static let maximumBytes = 1024
    /// The farthest a seek may go, in milliseconds (a day).
    static let longestMs = 86_400_000

    /// The command in `body` (`{"command":"seek","ms":1000}`), or why it is refused.
    public init(parsing body: [UInt8]) throws(RemoteRefusal) {
        guard body.count <= Self.maximumBytes else { throw .tooLarge }
        guard let text = String(validating: body, as: UTF8.self), let json = JSONValue(parsing: text),
            case .object = json
        else { throw .notJSON }
        guard let name = json["command"]?.string else { throw .unknownCommand }
        switch name {
        case "toggle-play": self = .togglePlay
        case "next": self = .next
        case "previous": self = .previous
        case "toggle-mute": self = .toggleMute
        case "seek": self = .seek(try Self.milliseconds(json["ms"], allowNegative: false))
        case "seek-by": self = .seekBy(try Self.milliseconds(json["ms"], allowNegative: true))
        case "volume":
            guard let value = json["value"]?.double, value.isFinite, (0...1).contains(value) else { throw .badArgument("value") }
            self = .volume(value)
        case "cover":
            guard let cover = json["cover"]?.string.flatMap(Cover.init(rawValue:)) else { throw .badArgument("cover") }
            self = .cover(cover)
        case "play":
            // Only a number names a video: a string (a path, a URL) is refused however it looks.
            guard let id = json["id"]?.int, id >= 0, id <= Int(Int32.max) else { throw .badArgument("id") }
            self = .play(ItemID(id))
        case "screen":
            guard let connector = json["connector"]?.string, (1...200).contains(connector.utf8.count),
                connector.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
            else { throw .badArgument("connector") }
            self = .chooseScreen(connector)
        default:
            throw .unknownCommand
        }
    }

    private static func milliseconds(_ value: JSONValue?, allowNegative: Bool) throws(RemoteRefusal) -> Int {
        guard let ms = value?.int, ms >= -longestMs, ms <= longestMs, allowNegative || ms >= 0 else { throw .badArgument("ms") }
        return ms
    }
}
