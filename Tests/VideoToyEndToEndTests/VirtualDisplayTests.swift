import Foundation
import Testing
import VideoToyAppTesting

// Nested in EndToEnd (EndToEnd.swift), whose .serialized trait keeps it from overlapping the app suites.
extension EndToEnd {
    /// Tests of the end-to-end harness itself: the virtual display, its screenshots, image checks and AppProcess.
    ///
    /// They need Xorg with the dummy driver, openbox, xrandr and ImageMagick; without them they fail and say so.
    @Suite("End-to-end harness", .serialized)
    struct VirtualDisplayTests {
        @Test func startsWithOnlyTheFirstMonitorOn() throws {
            let display = try VirtualDisplay()
            let state = try display.query()
            #expect(state.monitors.count == 16)
            #expect(state.monitors.filter(\.isActive).map(\.connector) == ["DUMMY0"])
            let first = try #require(state.monitors.first)
            #expect(first.isPrimary)
            #expect(first.geometry == Rect(x: 0, y: 0, width: 1280, height: 800))
            #expect(state.screenWidth == 1280 && state.screenHeight == 800)
            #expect(display.environment["DBUS_SESSION_BUS_ADDRESS"] != nil)
        }

        @Test func plugShowsTheMonitorWithItsModesAndGeometry() throws {
            let display = try VirtualDisplay()
            try display.plug("DUMMY1", modes: ["1280x720", "1920x1080@60"])
            let monitor = try #require(try display.monitor("DUMMY1"))
            #expect(monitor.isActive)
            // The largest mode is chosen, and the monitor sits right of DUMMY0.
            #expect(monitor.geometry == Rect(x: 1280, y: 0, width: 1920, height: 1080))
            let current = try #require(monitor.currentMode)
            #expect(current.width == 1920 && current.height == 1080)
            #expect(abs(current.refresh - 60) < 0.5)
            let sizes = monitor.modes.map { "\($0.width)x\($0.height)" }
            #expect(sizes.contains("1920x1080") && sizes.contains("1280x720"))
            // The dummy driver copies its configured mode into every output; nothing else may appear.
            #expect(Set(sizes) == ["1920x1080", "1280x720", "1280x800"])
            let state = try display.query()
            #expect(state.screenWidth == 3200 && state.screenHeight == 1080)
        }

        @Test func unplugRemovesTheMonitorAndReplugWorks() throws {
            let display = try VirtualDisplay()
            try display.plug("DUMMY1", modes: ["1920x1080"])
            try display.unplug("DUMMY1")
            let gone = try #require(try display.monitor("DUMMY1"))
            #expect(!gone.isActive)
            #expect(!gone.modes.contains { $0.width == 1920 })
            #expect(try display.query().screenWidth == 1280)
            // Plugging again with another mode set, as a different monitor on the same connector would.
            try display.plug("DUMMY1", modes: ["1024x768"])
            let back = try #require(try display.monitor("DUMMY1"))
            #expect(back.geometry == Rect(x: 1280, y: 0, width: 1024, height: 768))
        }

        @Test func severalMonitorsSitSideBySide() throws {
            let display = try VirtualDisplay()
            try display.plug("DUMMY1", modes: ["1920x1080"])
            try display.plug("DUMMY2", modes: ["1024x768", "2560x1440"])
            let active = try display.monitors().filter(\.isActive)
            #expect(active.map(\.connector) == ["DUMMY0", "DUMMY1", "DUMMY2"])
            #expect(active.last?.geometry == Rect(x: 3200, y: 0, width: 2560, height: 1440))
            try display.unplug("DUMMY1")
            #expect(try display.monitors().filter(\.isActive).map(\.connector) == ["DUMMY0", "DUMMY2"])
        }

        @Test func screenshotCoversTheRootAndCropsToAnOutput() throws {
            let display = try VirtualDisplay()
            try display.plug("DUMMY1", modes: ["1920x1080"])
            // Paint the root: red under DUMMY0, green under DUMMY1, so a crop shows which output it came from.
            let dir = try temporaryDirectory()
            let background = dir.appendingPathComponent("bg.png")
            try Command.check([
                "convert", "-size", "3200x1080", "xc:lime", "-fill", "red",
                "-draw", "rectangle 0,0 1279,1079", background.path,
            ])
            // `display -window root` exits 1 even when it has set the background, so only the screenshot is trusted.
            _ = try display.run(["sh", "-c", "display -window root '\(background.path)' || true"])

            let root = try display.screenshot()
            #expect(root.width == 3200 && root.height == 1080)
            #expect(root.meanColor(in: Rect(x: 0, y: 0, width: 1280, height: 800)).isClose(to: RGB(r: 255, g: 0, b: 0)))

            let saved = dir.appendingPathComponent("dummy1.png")
            let shot = try display.screenshot(crop: "DUMMY1", savingTo: saved)
            #expect(shot.width == 1920 && shot.height == 1080)
            #expect(shot.meanColor().isClose(to: RGB(r: 0, g: 255, b: 0)))
            #expect(FileManager.default.fileExists(atPath: saved.path))
            #expect(root.cropped(to: Rect(x: 1280, y: 0, width: 1920, height: 1080)) == shot)
        }

        @Test func stopShutsTheServerDown() throws {
            let display = try VirtualDisplay()
            let name = display.display
            display.stop()
            display.stop()
            let probe = try Command.run(["xrandr", "--query"], extraEnvironment: ["DISPLAY": name])
            #expect(probe.status != 0, "X server \(name) still answers after stop()")
        }

        @Test func imageUtilitiesComputeKnownValues() throws {
            let dir = try temporaryDirectory()
            let red = dir.appendingPathComponent("red.png"), half = dir.appendingPathComponent("half.png")
            try Command.check(["convert", "-size", "100x50", "xc:red", red.path])
            try Command.check([
                "convert", "-size", "100x50", "xc:red", "-fill", "blue",
                "-draw", "rectangle 0,0 49,49", half.path,
            ])
            let a = try Image.load(red), b = try Image.load(half)
            #expect(a.width == 100 && a.height == 50)
            #expect(a[x: 10, y: 10] == RGB(r: 255, g: 0, b: 0))
            #expect(b[x: 10, y: 10] == RGB(r: 0, g: 0, b: 255))
            #expect(a.meanColor() == MeanColor(r: 255, g: 0, b: 0))
            #expect(b.meanColor() == MeanColor(r: 127.5, g: 0, b: 127.5))
            #expect(a.fractionDiffering(from: a) == 0)
            #expect(a.fractionDiffering(from: b) == 0.5)
            #expect(a.fractionDiffering(from: b, in: Rect(x: 0, y: 0, width: 50, height: 50)) == 1)
            #expect(a.fractionDiffering(from: b, in: Rect(x: 50, y: 0, width: 50, height: 50)) == 0)
            #expect(a.fractionDiffering(from: b, tolerance: 255) == 0)
            #expect(b.fraction { $0.b > 200 } == 0.5)
            let crop = b.cropped(to: Rect(x: 40, y: 5, width: 20, height: 10))
            #expect(crop.width == 20 && crop.height == 10 && crop.meanColor() == MeanColor(r: 127.5, g: 0, b: 127.5))
            #expect(throws: HarnessError.self) { try Image(ppm: Data("P3\n1 1\n255\n0 0 0\n".utf8)) }
        }

        @Test func parsesXrandrOutput() {
            let text = """
                Screen 0: minimum 64 x 64, current 3200 x 1080, maximum 32767 x 32767
                DUMMY0 connected primary 1280x800+0+0 0mm x 0mm
                   1280x800      59.81*+
                   1600x1200     85.00    75.00    60.00 +
                DUMMY1 connected 1920x1080+1280+0 (normal left inverted right x axis y axis) 0mm x 0mm
                   1280x800      59.81 +
                   1920x1080_60  59.96*
                DUMMY2 disconnected
                  1024x768_60 (0x539) 63.500MHz -HSync +VSync
                        h: width  1024 start 1072 end 1176 total 1328 skew    0 clock  47.82KHz
                        v: height  768 start  771 end  775 total  798           clock  59.92Hz
                """
            let state = XrandrState.parse(text)
            #expect(state.screenWidth == 3200 && state.screenHeight == 1080)
            #expect(state.monitors.map(\.connector) == ["DUMMY0", "DUMMY1", "DUMMY2"])
            let first = state.monitors[0]
            #expect(first.modes.map(\.refresh) == [59.81, 85, 75, 60])
            #expect(first.modes.map(\.isPreferred) == [true, false, false, true])
            #expect(first.currentMode?.name == "1280x800")
            #expect(state.monitors[1].geometry == Rect(x: 1280, y: 0, width: 1920, height: 1080))
            #expect(state.monitors[1].currentMode?.name == "1920x1080_60")
            #expect(state.monitors[2].modes.isEmpty && !state.monitors[2].isConnected && !state.monitors[2].isActive)
        }

        @Test func appProcessReadsEventsPassesEnvironmentAndTerminates() async throws {
            let display = try VirtualDisplay()
            let fake = try fakeApp(
                """
                f=$2
                printf '{"event":"started","t_ms":1,"display":"%s","renderer":"%s"}\\n' "$DISPLAY" "$GSK_RENDERER" >>"$f"
                printf '{"event":"opened","t_ms":2,"path":"/v/a.mp4","ok":true}\\nnot json\\n' >>"$f"
                printf '{"event":"opened","t_ms":3' >>"$f"; sleep 0.3; printf ',"path":"/v/b.mp4"}\\n' >>"$f"
                echo "to stderr" >&2
                trap 'exit 7' TERM
                while :; do sleep 0.05; done
                """)
            let app = try AppProcess(arguments: ["/v"], display: display, binary: fake)
            let started = try await app.waitFor("started")
            #expect(started["display"]?.string == display.display)
            #expect(started["renderer"]?.string == "cairo")
            let a = try await app.waitFor("opened")
            #expect(a.path == "/v/a.mp4" && a["ok"]?.bool == true && a.tMs == 2)
            // The second "opened" is written in two pieces; it must be read whole, after the first.
            let b = try await app.waitFor("opened", after: a)
            #expect(b.path == "/v/b.mp4")
            #expect(app.malformedLines == ["not json"])
            #expect(app.eventDictionaries().count == 3)
            await #expect(throws: HarnessError.self) { try await app.waitFor("never", timeout: .milliseconds(200)) }
            #expect(app.stderr.contains("to stderr"))
            #expect(app.terminate() == 7)
            #expect(app.exitStatus == 7 && !app.wasKilledBySignal)
        }

        @Test func appProcessKillsAnAppThatIgnoresSIGTERMAndReportsAnEarlyExit() async throws {
            let stubborn = try AppProcess(
                display: nil,
                binary: try fakeApp(
                    """
                    trap '' TERM
                    echo '{"event":"ready","t_ms":0}' >>"$2"
                    while :; do sleep 0.05; done
                    """))
            // SIGTERM before the trap is set would end it normally.
            _ = try await stubborn.waitFor("ready")
            stubborn.terminate(timeout: 0.5)
            #expect(stubborn.termination == .signaled(SIGKILL))
            #expect(stubborn.wasKilledBySignal && stubborn.exitStatus == SIGKILL)

            let quitter = try AppProcess(display: nil, binary: try fakeApp("echo bye >&2\nexit 3"))
            let error = await #expect(throws: HarnessError.self) { try await quitter.waitFor("ready") }
            #expect(error?.description.contains("status 3") == true)
            #expect(error?.description.contains("bye") == true)
        }

        /// A fresh directory removed by the OS's temp cleaning; tests leave their files there for inspection.
        private func temporaryDirectory() throws -> URL {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-harness-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }

        /// A shell script standing in for the app binary; it receives `--events FILE` as $1 $2.
        private func fakeApp(_ body: String) throws -> URL {
            let url = try temporaryDirectory().appendingPathComponent("fake-videotoy")
            try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            return url
        }
    }
}
