import Testing
import VideoToyCore

@testable import VideoToySound

/// How the sound server's cards and sinks become the outputs the audio route chooses from.
@Suite("Pulse listing")
struct PulseListingTests {
    static let card = PulseCard(
        index: 0, name: "alsa_card.pci",
        ports: [
            PulseCardPort(name: "analog-output-speaker", description: "Speakers", availability: .unknown, monitorName: nil, profiles: []),
            PulseCardPort(
                name: "hdmi-output-0", description: "HDMI / DisplayPort", availability: .available, monitorName: "DELL U2412M",
                profiles: ["output:hdmi-stereo", "output:analog-stereo+output:hdmi-stereo"]),
            PulseCardPort(
                name: "hdmi-output-1", description: "HDMI / DisplayPort 2", availability: .unavailable, monitorName: nil,
                profiles: ["output:hdmi-stereo-extra1"]),
        ], activeProfile: "output:analog-stereo+input:analog-stereo")
    static let speakers = PulseSink(
        name: "alsa_output.pci.analog-stereo", description: "Built-in Audio Analog Stereo", card: 0, ports: ["analog-output-speaker"],
        activePort: ("analog-output-speaker", .unknown), productName: "Sunrise Point-LP HD Audio", connector: nil)

    @Test("A card's sink takes the monitor name from its active port, never the card's own product name")
    func cardSink() {
        let hdmi = PulseSink(
            name: "alsa_output.pci.hdmi-stereo", description: "HDMI", card: 0, ports: ["hdmi-output-0"],
            activePort: ("hdmi-output-0", .available), productName: "Sunrise Point-LP HD Audio", connector: nil)
        let outputs = PulseListing.outputs(cards: [Self.card], sinks: [Self.speakers, hdmi])
        #expect(outputs.map(\.name) == ["alsa_output.pci.analog-stereo", "alsa_output.pci.hdmi-stereo"])
        #expect(outputs[0].monitorName == nil)
        #expect(outputs[1].monitorName == "DELL U2412M")
        #expect(outputs[1].availability == .available)
        #expect(outputs[1].port == "alsa_card.pci:hdmi-output-0")
        #expect(outputs.allSatisfy { $0.profile == nil }, "both ports have sinks: no profile to switch")
    }

    @Test("A plugged HDMI port without a sink is offered with a profile that keeps the speakers")
    func portBehindProfile() {
        let outputs = PulseListing.outputs(cards: [Self.card], sinks: [Self.speakers])
        let port = outputs.first { $0.name == "alsa_card.pci:hdmi-output-0" }
        #expect(port?.profile == AudioCardProfile(card: "alsa_card.pci", profile: "output:analog-stereo+output:hdmi-stereo"))
        #expect(port?.monitorName == "DELL U2412M")
        #expect(!outputs.contains { $0.name.hasSuffix("hdmi-output-1") }, "an unplugged port is not offered")
    }

    @Test("A sink without a card (a null sink) carries its own monitor name and connector")
    func nullSink() {
        let sink = PulseSink(
            name: "hdmi", description: "HDMI", card: nil, ports: [], activePort: nil, productName: "DUMMY1", connector: "DUMMY1")
        let outputs = PulseListing.outputs(cards: [], sinks: [sink])
        #expect(
            outputs == [AudioOutput(name: "hdmi", description: "HDMI", availability: .unknown, monitorName: "DUMMY1", connector: "DUMMY1")])
    }

    @Test("Profiles: the best that keeps the active outputs, else the best")
    func keepingProfiles() {
        #expect(
            PulseListing.keeping("output:analog-stereo+input:analog-stereo", among: ["a", "output:analog-stereo+output:hdmi-stereo"])
                == "output:analog-stereo+output:hdmi-stereo")
        #expect(PulseListing.keeping("output:analog-stereo", among: ["output:hdmi-stereo"]) == "output:hdmi-stereo")
        #expect(PulseListing.keeping(nil, among: ["output:hdmi-stereo"]) == "output:hdmi-stereo")
        #expect(PulseListing.keeping("off", among: []) == nil)
    }
}
