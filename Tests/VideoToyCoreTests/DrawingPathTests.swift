import Testing
import VideoToyCore

/// How the windows are drawn: the user's `GSK_RENDERER`, then `--renderer`, then what the display's GL driver is.
struct DrawingPathTests {
    private static let llvmpipe = "llvmpipe (LLVM 15.0.6, 256 bits)"
    private static let intel = "Mesa Intel(R) UHD Graphics 620 (KBL GT2)"

    @Test(
        "the choice and its reason",
        arguments: [
            // user's GSK_RENDERER, --renderer, what GL says → renderer, reason, GSK_RENDERER to set
            ("ngl", .auto, .renderer(llvmpipe), "ngl", .user, nil),
            ("cairo", .gl, .renderer(intel), "cairo", .user, nil),
            ("gl", .cairo, .unavailable("none"), "gl", .user, nil),
            (nil, .gl, .renderer(llvmpipe), "gl", .option, "gl"),
            ("", .cairo, .renderer(intel), "cairo", .option, "cairo"),
            (nil, .auto, .renderer(llvmpipe), "cairo", .softwareGL, "cairo"),
            ("", .auto, .renderer("softpipe"), "cairo", .softwareGL, "cairo"),
            (nil, .auto, .renderer("Software Rasterizer"), "cairo", .softwareGL, "cairo"),
            (nil, .auto, .renderer("Google SwiftShader"), "cairo", .softwareGL, "cairo"),
            (nil, .auto, .renderer("SWRAST"), "cairo", .softwareGL, "cairo"),
            (nil, .auto, .renderer("lavapipe"), "cairo", .softwareGL, "cairo"),
            (nil, .auto, .unavailable("GL support disabled via GDK_DEBUG"), "cairo", .noGL, "cairo"),
            (nil, .auto, .renderer(intel), "gl", .hardwareGL, nil),
            (nil, .auto, .renderer("AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6, DRM 3.49)"), "gl", .hardwareGL, nil),
            (nil, .auto, .renderer("NVIDIA GeForce GTX 1060/PCIe/SSE2"), "gl", .hardwareGL, nil),
        ] as [(String?, DrawingPath.Request, DrawingPath.Probe, String, DrawingPath.Reason, String?)])
    func choice(
        user: String?, request: DrawingPath.Request, probe: DrawingPath.Probe, renderer: String, reason: DrawingPath.Reason,
        environment: String?
    ) {
        var probed = false
        let path = DrawingPath.choose(userVariable: user, request: request) {
            probed = true
            return probe
        }
        #expect(path.renderer == renderer)
        #expect(path.reason == reason)
        #expect(path.environmentValue == environment)
        #expect(probed == DrawingPath.needsProbe(userVariable: user, request: request), "GL is looked at only when it decides")
        if case .renderer(let name) = probe, probed {
            #expect(path.glRenderer == name)
        } else {
            #expect(path.glRenderer == nil)
        }
    }

    @Test func noGLKeepsGDKsReason() {
        let path = DrawingPath.choose(userVariable: nil, request: .auto) { .unavailable("No GL implementation is available") }
        #expect(path.glProblem == "No GL implementation is available")
    }

    @Test func parsesTheOption() throws {
        for request in DrawingPath.Request.allCases {
            let parsed = try CommandLineParser.parse(["--renderer=\(request.rawValue)"], program: "videotoy")
            #expect(parsed == .run(expected(request)))
        }
        #expect(throws: CommandLineError.invalidValue(.renderer, value: "vulkan")) {
            try CommandLineParser.parse(["--renderer", "vulkan"], program: "videotoy")
        }
        #expect(try CommandLineParser.parse([], program: "videotoy") == .run(Options()), "auto by default")
    }

    private func expected(_ request: DrawingPath.Request) -> Options {
        var options = Options()
        options.renderer = request
        options.given = ["renderer"]
        return options
    }
}
