import Foundation
import Testing
import VideoToyAppTesting
import VideoToyCore
import VideoToyWayland

extension EndToEnd {
    /// wlr-output-management for real, on headless sway 1.7. Its headless outputs are reported disabled with one
    /// empty mode, so real mode lists, preferred flags and a changed-underneath restore cannot be seen here (the
    /// core tables cover those rules); what can: the manager, the heads' names, a mode applied and restored.
    @Suite("wlroots modes")
    struct WlrModesTests {
        static let custom = ScreenMode(width: 1024, height: 768, refreshMilliHz: 60000)

        /// Whether `reason` says the compositor is gone: the connection closed or broke, or no compositor answers.
        static func saysTheCompositorIsGone(_ reason: ModeSettingUnavailable) -> Bool {
            switch reason {
            case .connectionClosed, .cannotSend, .noAnswer, .noWaylandCompositor, .compositorGone: true
            case .reconnectFailed(let lost, let then): saysTheCompositorIsGone(lost) || saysTheCompositorIsGone(then)
            default: false
            }
        }

        @Test("the manager is bound at the version sway offers, and its heads are sway's outputs, a new one included")
        func heads() async throws {
            let sway = try SwayDisplay()
            defer { sway.stop() }
            let modes = try WlrOutputModes(socket: sway.socket)
            #expect(modes.apiName == "wlr-output-management")
            // sway 1.7 offers version 2, below the 4 the adapter implements.
            #expect(modes.boundVersion == 2)
            let names = try modes.heads().get().map(\.name)
            #expect(try names.sorted() == sway.outputs().map(\.name).sorted())
            #expect(names.count == 2)

            try sway.createOutput()
            let after = try modes.heads().get().map(\.name)
            #expect(try after.sorted() == sway.outputs().map(\.name).sorted())
            #expect(after.count == 3, "a head that appears is read")
        }

        @Test("a mode applied through the adapter shows in sway's IPC, the other output is left as it was, and a restore puts it back")
        func applyAndRestore() async throws {
            let sway = try SwayDisplay()
            defer { sway.stop() }
            let modes = try WlrOutputModes(socket: sway.socket)
            let before = try sway.outputs().sorted { $0.name < $1.name }
            let target = try #require(before.first)
            let other = try #require(before.last)
            let original = try #require(target.currentMode)
            #expect(original != Self.custom)

            #expect(modes.setModeNow(Self.custom, connector: target.name, restoring: false) == nil)
            let during = try sway.outputs()
            #expect(during.first { $0.name == target.name }?.currentMode == Self.custom)
            #expect(during.first { $0.name == other.name } == other, "the other output keeps its mode and stays on")

            #expect(modes.setModeNow(original, connector: target.name, restoring: true) == nil)
            let after = try sway.outputs()
            #expect(after.first { $0.name == target.name }?.currentMode == original)
            #expect(after.first { $0.name == other.name } == other)

            // The record ended with the restore: a second one has nothing to put back and sends nothing.
            try sway.command("output \(target.name) mode 800x600")
            #expect(modes.setModeNow(original, connector: target.name, restoring: true) == nil)
            #expect(try sway.outputs().first { $0.name == target.name }?.currentMode?.width == 800)
        }

        @Test("the asynchronous calls answer on the main actor")
        func asynchronous() async throws {
            let sway = try SwayDisplay()
            defer { sway.stop() }
            let modes = try WlrOutputModes(socket: sway.socket)
            let target = try #require(sway.outputs().first)
            let read = await withCheckedContinuation { done in modes.readModes { done.resume(returning: $0) } }
            #expect(try read.keys.sorted() == sway.outputs().map(\.name).sorted())
            let refusal = await withCheckedContinuation { done in
                modes.setMode(Self.custom, connector: target.name, restoring: false) { done.resume(returning: $0) }
            }
            #expect(refusal == nil)
            #expect(try sway.outputs().first { $0.name == target.name }?.currentMode == Self.custom)
        }

        @Test("a compositor that goes away gives reasons, not a crash; no compositor, or none at all, is refused at the start")
        func compositorGone() async throws {
            let sway = try SwayDisplay()
            let socket = sway.socket
            let modes = try WlrOutputModes(socket: socket)
            let target = try #require(sway.outputs().first)
            sway.stop()
            #expect(modes.readModesNow().isEmpty)
            let refusal = try #require(modes.setModeNow(Self.custom, connector: target.name, restoring: false))
            #expect({ if case .outputsUnreadable = refusal { true } else { false } }(), "\(refusal)")
            if case .failure(let reason) = modes.heads() {
                #expect(Self.saysTheCompositorIsGone(reason), "\(reason)")
            } else {
                Issue.record("heads read from a compositor that is gone")
            }
            #expect(throws: ModeSettingUnavailable.self) { try WlrOutputModes(socket: socket) }
        }

        @Test("--check under sway names a wlroots compositor and wlr-output-management, and the app logs the same")
        func check() async throws {
            let sway = try SwayDisplay()
            defer { sway.stop() }
            // No session bus, so GNOME's DisplayConfig cannot answer; no desktop name, so the fallback is named.
            let environment = sway.clientEnvironment.merging([
                "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent", "XDG_CURRENT_DESKTOP": "",
            ]) {
                $1
            }
            let text = try Command.check([AppProcess.defaultBinary.path, "--check", "--no-network-screens"], extraEnvironment: environment)
                .output
            #expect(text.contains("Session: wayland"), "\(text)")
            #expect(text.contains("Compositor: a wlroots compositor"), "\(text)")
            #expect(text.contains("Display modes: can be set (wlr-output-management)"), "\(text)")
            for output in try sway.outputs() { #expect(text.contains("  \(output.name) "), "\(output.name) listed: \(text)") }

            let app = try AppProcess(
                arguments: [Fixture.clips.folder], display: nil, environment: environment.merging(["XDG_CURRENT_DESKTOP": "sway"]) { $1 })
            defer { app.terminate() }
            let event = try await app.waitFor("check", timeout: .seconds(30))
            #expect(event.fields["session"]?.string == "wayland")
            #expect(event.fields["compositor"]?.string == "sway")
            #expect(event.fields["mode_api"]?.string == "wlr-output-management")
            #expect(event.fields["mode_setting"] == .bool(true))
        }
    }
}
