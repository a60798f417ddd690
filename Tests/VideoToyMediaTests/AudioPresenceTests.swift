import Testing

@testable import VideoToyMedia

/// Whether the player asks the audio devices at all: only where a sound server or a sound card exists.
@Suite("Audio presence")
struct AudioPresenceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var environment: [String: String] = [:]
        var files: Set<String> = []
        var devices: [String] = []
        let expected: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a bare server or container: nothing", expected: false),
        Case(name: "a runtime folder without a server socket", environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], expected: false),
        Case(
            name: "PipeWire's socket", environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], files: ["/run/user/1000/pipewire-0"],
            expected: true),
        Case(
            name: "PulseAudio's socket (also PipeWire's pulse interface)", environment: ["XDG_RUNTIME_DIR": "/run/user/1000"],
            files: ["/run/user/1000/pulse/native"], expected: true),
        Case(name: "PULSE_SERVER names a server", environment: ["PULSE_SERVER": "tcp:localhost"], expected: true),
        Case(name: "a system-wide PulseAudio", files: ["/var/run/pulse/native"], expected: true),
        Case(name: "an ALSA card with a playback device", devices: ["controlC0", "pcmC0D0p", "pcmC0D0c"], expected: true),
        Case(name: "an ALSA card that only captures", devices: ["controlC0", "pcmC0D0c", "timer"], expected: false),
        Case(name: "an empty PULSE_SERVER is no server", environment: ["PULSE_SERVER": ""], expected: false),
    ]

    @Test("sound servers and cards are recognised without opening a device", arguments: cases)
    func detects(_ row: Case) {
        let found = AudioPresence.systemHasAudio(
            environment: row.environment, exists: { row.files.contains($0) },
            soundDevices: { row.devices })
        #expect(found == row.expected)
    }
}
