import Foundation
import Testing
import VideoToyAppTesting

extension EndToEnd {
    /// One instance: a second launch hands its files to the running window, unless --new-window.
    @Suite("Single instance")
    struct SingleInstanceTests {
        @Test("`videotoy FILE` while running adds FILE to the running library and plays it, then exits 0")
        func secondLaunchHandsOver() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let first = try AppProcess(arguments: [clips.snow, clips.ball], display: display)
            defer { first.terminate() }
            let library = try await first.waitFor("library", timeout: .seconds(20))
            #expect(library.fields["count"]?.int == 2)

            let second = try AppProcess(arguments: [clips.short], display: display)
            #expect(try await second.waitForExit(timeout: .seconds(15)) == 0, "the second launch hands over and exits")
            #expect(second.events().isEmpty, "the second process opened no window of its own")
            let grown = try await first.waitFor("library", after: library) { $0.fields["count"]?.int == 3 }
            _ = try await first.waitFor("play", after: grown) { $0.path == clips.short }
        }

        @Test("--new-window runs a second, separate instance")
        func newWindowOptsOut() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let first = try AppProcess(arguments: [clips.snow], display: display)
            defer { first.terminate() }
            _ = try await first.waitFor("ready", timeout: .seconds(20))
            let second = try AppProcess(arguments: ["--new-window", clips.ball], display: display)
            defer { second.terminate() }
            let own = try await second.waitFor("library", timeout: .seconds(20))
            #expect(own.fields["count"]?.int == 1)
            #expect(second.isRunning)
            #expect(!first.events().contains { $0.name == "library" && $0.fields["count"]?.int == 2 })
        }
    }
}
