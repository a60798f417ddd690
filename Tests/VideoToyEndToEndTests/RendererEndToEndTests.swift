import Foundation
import Testing
import VideoToyAppTesting
import VideoToyCore
import VideoToyMediaTesting

extension EndToEnd {
    /// The drawing path, chosen per machine: started as from a menu (no `GSK_RENDERER`, GL not disabled) on the Xorg
    /// dummy, whose only GL is Mesa's llvmpipe, the app draws with cairo; `--renderer=gl` keeps GL.
    @Suite("Drawing path")
    struct RendererTests {
        @Test("with no GSK_RENDERER, software GL is noticed and cairo draws a playing video")
        func softwareGLChoosesCairo() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--play", clips.snow, clips.folder], display: display, choosingRenderer: true)
            defer { app.terminate() }

            let chosen = try await app.waitFor("renderer", timeout: .seconds(30))
            #expect(chosen.fields["renderer"]?.string == "cairo")
            #expect(chosen.fields["reason"]?.string == "software-gl")
            let driver = try #require(chosen.fields["gl_renderer"]?.string, "the GL driver's name is logged")
            #expect(DrawingPath.isSoftware(driver), "the dummy server's GL is llvmpipe: \(driver)")
            let frame = try await app.waitFor("first-frame", timeout: .seconds(45)) { $0.path == clips.snow }
            #expect(frame.fields["window"]?.string == "main")
            #expect(app.events().filter { $0.name == "renderer" }.count == 1, "logged once")
        }

        @Test("--renderer=gl keeps GTK's GL renderer, and the video still plays")
        func optionKeepsGL() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(
                arguments: ["--renderer=gl", "--play", clips.snow, clips.folder], display: display, choosingRenderer: true)
            defer { app.terminate() }

            let chosen = try await app.waitFor("renderer", timeout: .seconds(30))
            #expect(chosen.fields["renderer"]?.string == "gl")
            #expect(chosen.fields["reason"]?.string == "option")
            #expect(chosen.fields["gl_renderer"] == .null, "GL is not looked at when the option decides")
            _ = try await app.waitFor("first-frame", timeout: .seconds(45)) { $0.path == clips.snow }
        }

        @Test("a GSK_RENDERER of the user's wins over --renderer")
        func userVariableWins() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            // The harness's own environment: GSK_RENDERER=cairo, as a user could set it.
            let app = try AppProcess(arguments: ["--renderer=gl", clips.folder], display: display)
            defer { app.terminate() }

            let chosen = try await app.waitFor("renderer", timeout: .seconds(30))
            #expect(chosen.fields["renderer"]?.string == "cairo")
            #expect(chosen.fields["reason"]?.string == "user")
        }
    }
}
