import Foundation
import Glibc

/// Whether this machine has anything that can play sound, found without opening an audio device.
enum AudioPresence {
    /// Whether this process's machine and session have a sound server or card, looked up once.
    static let onThisMachine = systemHasAudio()

    /// True when a sound server (PipeWire, PulseAudio) listens, or the kernel knows a sound card.
    static func systemHasAudio(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        exists: (String) -> Bool = { access($0, F_OK) == 0 },
        soundDevices: () -> [String] = { Self.soundDeviceNames() }
    ) -> Bool {
        if let server = environment["PULSE_SERVER"], !server.isEmpty { return true }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
            exists(runtime + "/pulse/native") || exists(runtime + "/pipewire-0")
        {
            return true
        }
        // A system-wide PulseAudio, as some kiosks run it.
        if exists("/var/run/pulse/native") { return true }
        // ALSA names a card's playback devices pcmC<card>D<device>p.
        return soundDevices().contains { $0.hasPrefix("pcmC") && $0.hasSuffix("p") }
    }

    private static func soundDeviceNames() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: "/dev/snd")) ?? []
    }
}
