import VideoToyCore

/// What the sound server said about one card, copied out of libpulse's short-lived structures.
struct PulseCard: Hashable, Sendable {
    /// The card's index in the server.
    let index: UInt32
    /// The card's name.
    let name: String
    /// Its output ports.
    let ports: [PulseCardPort]
    /// The profile in use, such as `output:analog-stereo+input:analog-stereo`.
    let activeProfile: String?
}

/// One output port of a card: its availability, the monitor it reports, and the profiles that offer it.
struct PulseCardPort: Hashable, Sendable {
    /// The port's name, such as `hdmi-output-0`.
    let name: String
    /// The port's description, such as "HDMI / DisplayPort".
    let description: String
    /// Whether something is plugged in.
    let availability: AudioAvailability
    /// The monitor's name from the ELD (`device.product.name` of the port).
    let monitorName: String?
    /// The available profiles that offer the port, best first.
    let profiles: [String]
}

/// One sink, copied out of libpulse's structures.
struct PulseSink: Sendable {
    /// The sink's name.
    let name: String
    /// The sink's description.
    let description: String
    /// The card it belongs to; nil for a sink without a card (a null sink, a network sink).
    let card: UInt32?
    /// Its ports' names.
    let ports: [String]
    /// The active port and its availability.
    let activePort: (name: String, availability: AudioAvailability)?
    /// `device.product.name` of the sink itself, used only for a sink without a card (a card's sink carries the
    /// card's product there, not the monitor's).
    let productName: String?
    /// `videotoy.connector` or `device.connector` of the sink, when a setup names the display connector it feeds.
    let connector: String?
}

/// Turns the server's cards and sinks into the outputs the audio route chooses from.
enum PulseListing {
    /// Every sink, then every plugged HDMI/DisplayPort port that no sink offers yet, with the profile that would.
    static func outputs(cards: [PulseCard], sinks: [PulseSink]) -> [AudioOutput] {
        let cardsByIndex = Dictionary(cards.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        var offered = Set<String>()
        var outputs: [AudioOutput] = []
        for sink in sinks {
            guard let cardIndex = sink.card, let card = cardsByIndex[cardIndex] else {
                outputs.append(
                    AudioOutput(
                        name: sink.name, description: sink.description, availability: sink.activePort?.availability ?? .unknown,
                        monitorName: sink.productName, connector: sink.connector))
                continue
            }
            for port in sink.ports { offered.insert("\(card.name):\(port)") }
            let active = sink.activePort.flatMap { active in card.ports.first { $0.name == active.name } }
            outputs.append(
                AudioOutput(
                    name: sink.name, description: sink.description,
                    availability: sink.activePort?.availability ?? .unknown, monitorName: active?.monitorName,
                    connector: sink.connector, port: active.map { "\(card.name):\($0.name)" }))
        }
        for card in cards {
            for port in card.ports where port.availability == .available && port.monitorName != nil {
                let id = "\(card.name):\(port.name)"
                guard !offered.contains(id), let profile = keeping(card.activeProfile, among: port.profiles) else { continue }
                outputs.append(
                    AudioOutput(
                        name: id, description: port.description, availability: port.availability, monitorName: port.monitorName,
                        port: id, profile: AudioCardProfile(card: card.name, profile: profile)))
            }
        }
        return outputs
    }

    /// The best profile (they come best first) that keeps the outputs of the active one, such as
    /// `output:analog-stereo`, so switching it on does not take the laptop's speakers away; else the best one.
    static func keeping(_ active: String?, among profiles: [String]) -> String? {
        let kept = (active ?? "").split(separator: "+").filter { $0.hasPrefix("output:") }
        return profiles.first { profile in kept.allSatisfy { profile.split(separator: "+").contains($0) } } ?? profiles.first
    }
}
