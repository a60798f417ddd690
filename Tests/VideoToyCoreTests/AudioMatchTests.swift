import Testing
import VideoToyCore

/// The matching rules between a screen's EDID make and model and the monitor name an HDMI output reports (ELD).
@Suite("Audio output matching")
struct AudioMatchTests {
    struct NameCase: Sendable, CustomTestStringConvertible {
        let eld: String
        let make: String
        let model: String
        let matches: Bool
        var testDescription: String { "\"\(eld)\" vs \"\(make)\"/\"\(model)\" → \(matches)" }
    }

    static let nameCases: [NameCase] = [
        NameCase(eld: "DELL U2412M", make: "DEL", model: "DELL U2412M", matches: true),
        NameCase(eld: "dell u2412m", make: "DEL", model: "DELL U2412M", matches: true),
        NameCase(eld: "DELL  U2412M ", make: "DEL", model: "DELL U2412M", matches: true),
        NameCase(eld: "U2412M", make: "DEL", model: "DELL U2412M", matches: true),
        NameCase(eld: "DELL U2412M", make: "DEL", model: "U2412M", matches: true),
        NameCase(eld: "DELL U2412M", make: "Dell Inc.", model: "U2412M", matches: true),
        NameCase(eld: "SAMSUNG", make: "SAM", model: "SAMSUNG", matches: true),
        NameCase(eld: "LG TV", make: "GSM", model: "LG TV", matches: true),
        NameCase(eld: "LG-TV", make: "GSM", model: "LG TV", matches: true),
        NameCase(eld: "TV", make: "GSM", model: "LG TV", matches: true),
        NameCase(eld: "BenQ W1070", make: "BNQ", model: "W1070", matches: true),
        NameCase(eld: "EPSON PJ", make: "", model: "EPSON PJ", matches: true),
        NameCase(eld: "DUMMY1", make: "", model: "DUMMY1", matches: true),
        NameCase(eld: "DELL U2412M", make: "DEL", model: "DELL U2415", matches: false),
        NameCase(eld: "DELL U2412M", make: "DEL", model: "", matches: false),
        NameCase(eld: "", make: "DEL", model: "DELL U2412M", matches: false),
        NameCase(eld: "DELL", make: "DEL", model: "DELL", matches: true),
        NameCase(eld: "DELL", make: "DEL", model: "DELL U2412M", matches: false),
        NameCase(eld: "SAMSUNG", make: "GSM", model: "LG TV", matches: false),
        NameCase(eld: "PHL 243V7", make: "PHL", model: "PHL 243V7", matches: true),
        NameCase(eld: "Philips 243V7", make: "PHL", model: "PHL 243V7", matches: true),
    ]

    @Test("ELD names against EDID make and model", arguments: nameCases)
    func names(_ item: NameCase) {
        let screen = ScreenID(connector: "HDMI-1", manufacturer: item.make, model: item.model)
        #expect(AudioMatch.names(item.eld, match: screen) == item.matches)
    }

    static let laptop = AudioOutput(name: "laptop", description: "Speakers", availability: .available)
    static let projector = ScreenID(connector: "HDMI-1", manufacturer: "EPS", model: "EPSON PJ")

    static func hdmi(_ index: Int, _ monitor: String?, _ availability: AudioAvailability = .available, connector: String? = nil)
        -> AudioOutput
    {
        AudioOutput(
            name: "hdmi\(index)", description: "HDMI \(index)", availability: availability, monitorName: monitor, connector: connector)
    }

    struct PickCase: Sendable, CustomTestStringConvertible {
        let label: String
        let screen: ScreenID
        let outputs: [AudioOutput]
        let expected: String?
        var testDescription: String { label }
    }

    static let twinA = ScreenID(connector: "HDMI-1", manufacturer: "DEL", model: "DELL U2412M")
    static let twinB = ScreenID(connector: "HDMI-2", manufacturer: "DEL", model: "DELL U2412M")

    static let pickCases: [PickCase] = [
        PickCase(label: "the one display output", screen: projector, outputs: [laptop, hdmi(0, "EPSON PJ")], expected: "hdmi0"),
        PickCase(label: "no ELD: no match", screen: projector, outputs: [laptop, hdmi(0, nil)], expected: nil),
        PickCase(label: "another monitor's output", screen: projector, outputs: [laptop, hdmi(0, "DELL U2412M")], expected: nil),
        PickCase(
            label: "an unplugged port never matches", screen: projector, outputs: [hdmi(0, "EPSON PJ", .unavailable)], expected: nil),
        PickCase(label: "unknown availability matches", screen: projector, outputs: [hdmi(0, "EPSON PJ", .unknown)], expected: "hdmi0"),
        PickCase(
            label: "two identical monitors: the connector decides", screen: twinB,
            outputs: [hdmi(0, "DELL U2412M", connector: "HDMI-1"), hdmi(1, "DELL U2412M", connector: "HDMI-2")], expected: "hdmi1"),
        PickCase(
            label: "two identical monitors, the other one", screen: twinA,
            outputs: [hdmi(0, "DELL U2412M", connector: "HDMI-1"), hdmi(1, "DELL U2412M", connector: "HDMI-2")], expected: "hdmi0"),
        PickCase(
            label: "two identical monitors, connectors unknown: no guess", screen: twinA,
            outputs: [hdmi(0, "DELL U2412M"), hdmi(1, "DELL U2412M")], expected: nil),
        PickCase(
            label: "two identical monitors, one unplugged", screen: twinA,
            outputs: [hdmi(0, "DELL U2412M", .unavailable), hdmi(1, "DELL U2412M")], expected: "hdmi1"),
    ]

    @Test("Picking the screen's output", arguments: pickCases)
    func pick(_ item: PickCase) {
        #expect(AudioMatch.output(for: item.screen, among: item.outputs)?.name == item.expected)
    }
}
