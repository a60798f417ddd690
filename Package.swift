// swift-tools-version:6.0
import PackageDescription

/// VideoToy: a desktop video browser whose playing video follows the screens.
let package = Package(
    name: "VideoToy",
    products: [
        .executable(name: "videotoy", targets: ["videotoy"]),
        // The benchmark (scripts/bench): a developer tool, not installed with the app.
        .executable(name: "videotoy-bench", targets: ["videotoy-bench"]),
        // The cast probe (the network screens' contract tests): a developer tool, not installed with the app.
        .executable(name: "videotoy-cast-probe", targets: ["videotoy-cast-probe"]),
    ],
    targets: [
        // System libraries, each imported only by its adapter.
        .systemLibrary(name: "CGLib", pkgConfig: "gio-unix-2.0"),
        // GTK and libadwaita, its GNOME widget layer, in one module: its headers include GTK's, and two modules
        // holding the same C declarations hide each other's.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4 libadwaita-1"),
        // libepoxy, GTK's GL loader: the GL driver's name, read once at start to choose how windows are drawn.
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy"),
        .systemLibrary(
            name: "CGStreamer", pkgConfig: "gstreamer-pbutils-1.0 gstreamer-app-1.0 gstreamer-video-1.0 gstreamer-tag-1.0"),
        .systemLibrary(name: "CXrandr", pkgConfig: "xrandr"),
        // The X screen saver extension: the screen stays on while a video plays where no session service answers.
        .systemLibrary(name: "CXss", pkgConfig: "xscrnsaver"),
        // X shared memory and shapes: a fullscreen video's frames go to the X server past GTK's renderer.
        .systemLibrary(name: "CXext", pkgConfig: "xext"),
        // libavformat reads container headers for the media adapter's fast probe path.
        .systemLibrary(name: "CAVFormat", pkgConfig: "libavformat libavcodec libavutil"),
        // The sound server's client library (PulseAudio, or PipeWire's PulseAudio interface) on GLib's main loop.
        .systemLibrary(name: "CPulse", pkgConfig: "libpulse libpulse-mainloop-glib"),
        // uchardet guesses the encoding of subtitle files that are neither Unicode nor Windows-1252.
        .systemLibrary(name: "CUchardet", pkgConfig: "uchardet"),
        // libqrencode draws the remote control's pairing URL as a QR code for a phone's camera.
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode"),
        // GUPnP finds and drives network renderers; libsoup, its HTTP layer, serves them the file. One module, since
        // GUPnP's headers include libsoup's, and two modules holding the same C declarations hide each other's.
        .systemLibrary(name: "CGUPnP", pkgConfig: "gupnp-1.6 libsoup-3.0"),

        // libwayland-client and the client tables of wlr-output-management (written from the protocol's documentation).
        .target(name: "CWayland", linkerSettings: [.linkedLibrary("wayland-client")]),
        // libwayland-server for the test compositor, with the same protocol tables (never shipped).
        .target(name: "CWaylandServer", dependencies: ["CWayland"], linkerSettings: [.linkedLibrary("wayland-server")]),

        // The kernel's seccomp filter and resource limits for the sandboxed media helper.
        .target(name: "CSandbox"),

        // The pure domain: no C imports.
        .target(name: "VideoToyCore", swiftSettings: strict),

        // GObject lifetime, signals and the GLib main-loop bridge, solved once.
        .target(name: "VideoToyGObject", dependencies: ["CGLib"], swiftSettings: strict),

        // gettext: the user's language's text for the adapters, and the core's typed messages as sentences.
        .target(name: "VideoToyText", dependencies: ["VideoToyCore", "CGLib"], swiftSettings: strict),

        // File-system calls on paths whose bytes need not be UTF-8, shared by the adapters that touch files.
        .target(name: "VideoToyPOSIX", dependencies: ["VideoToyCore"], swiftSettings: strict),

        // Adapters; none imports another.
        .target(
            name: "VideoToyFiles", dependencies: ["VideoToyCore", "VideoToyText", "VideoToyGObject", "VideoToyPOSIX", "CGLib"],
            swiftSettings: strict),
        .target(
            name: "VideoToyMedia",
            dependencies: [
                "VideoToyCore", "VideoToyGObject", "VideoToyPOSIX", "VideoToyText", "CGStreamer", "CGLib", "CAVFormat", "CSandbox",
                "CUchardet",
            ],
            swiftSettings: strict),
        .target(
            name: "VideoToyGtk",
            dependencies: ["VideoToyCore", "VideoToyText", "VideoToyGObject", "CGtk", "CEpoxy", "CXrandr", "CXss", "CXext", "CQRencode"],
            swiftSettings: strict),
        .target(
            name: "VideoToyDesktop", dependencies: ["VideoToyCore", "VideoToyText", "VideoToyGObject", "CGLib"], swiftSettings: strict),
        .target(name: "VideoToySound", dependencies: ["VideoToyCore", "CPulse"], swiftSettings: strict),
        // Network screens: UPnP/DLNA renderers found over SSDP and driven over SOAP, and the file served to them over HTTP.
        .target(name: "VideoToyCast", dependencies: ["VideoToyCore", "VideoToyGObject", "CGUPnP", "CGLib"], swiftSettings: strict),
        // The phone remote: its page and API served over HTTP and WebSockets by libsoup on a thread of its own.
        .target(name: "VideoToyRemote", dependencies: ["VideoToyCore", "VideoToyGObject", "CGUPnP", "CGLib"], swiftSettings: strict),
        // Display modes on wlroots compositors (Sway, Hyprland, river…) through wlr-output-management.
        .target(name: "VideoToyWayland", dependencies: ["VideoToyCore", "CWayland"], swiftSettings: strict),

        // Fakes for core tests: no display, no media.
        .target(name: "VideoToyTesting", dependencies: ["VideoToyCore"], swiftSettings: strict),
        // Media fixtures the media and end-to-end tiers share: broken files, odd files, a stalling FUSE share.
        .target(
            name: "VideoToyMediaTesting", dependencies: ["VideoToyCore", "VideoToyPOSIX", "VideoToyMedia", "CGLib"], swiftSettings: strict),
        // A wlroots-style compositor that offers only wlr-output-management, for the adapter's contract tests.
        .target(name: "VideoToyWaylandTesting", dependencies: ["VideoToyCore", "CWaylandServer"], swiftSettings: strict),
        // The real app as a child process on a virtual X display, and its events log read back: what the
        // end-to-end tests and the benchmark both drive.
        .target(name: "VideoToyAppTesting", dependencies: ["VideoToyCore", "VideoToyMediaTesting"], swiftSettings: strict),

        // The executable only wires the parts together.
        .executableTarget(
            name: "videotoy",
            dependencies: [
                "VideoToyCore", "VideoToyPOSIX", "VideoToyFiles", "VideoToyMedia", "VideoToyGtk", "VideoToyGObject", "VideoToyDesktop",
                "VideoToySound", "VideoToyWayland", "VideoToyText", "VideoToyCast", "VideoToyRemote",
            ],
            swiftSettings: strict
        ),
        // The benchmark: runs the real app beside GStreamer's own tools and reports figures; scripts/bench wraps it.
        .executableTarget(
            name: "videotoy-bench",
            dependencies: ["VideoToyCore", "VideoToyMedia", "VideoToyMediaTesting", "VideoToyAppTesting"],
            swiftSettings: strict
        ),
        // Finds renderers and casts to one from the command line, printing JSON lines: what the cast contract tests drive.
        .executableTarget(
            name: "videotoy-cast-probe", dependencies: ["VideoToyCore", "VideoToyCast", "VideoToyGObject", "CGLib"], swiftSettings: strict),

        .testTarget(name: "VideoToyTextTests", dependencies: ["VideoToyText"], swiftSettings: strict),
        .testTarget(name: "VideoToyCoreTests", dependencies: ["VideoToyCore", "VideoToyTesting"], swiftSettings: strict),
        .testTarget(
            name: "VideoToyWaylandTests", dependencies: ["VideoToyCore", "VideoToyWayland", "VideoToyWaylandTesting"], swiftSettings: strict
        ),
        .testTarget(
            name: "VideoToyGtkTests", dependencies: ["VideoToyCore", "VideoToyGtk", "VideoToyAppTesting"], swiftSettings: strict),
        .testTarget(name: "VideoToySoundTests", dependencies: ["VideoToyCore", "VideoToySound"], swiftSettings: strict),
        .testTarget(
            name: "VideoToyDesktopTests",
            dependencies: ["VideoToyCore", "VideoToyDesktop", "VideoToyTesting", "VideoToyAppTesting", "VideoToyGObject"],
            swiftSettings: strict),
        .testTarget(
            name: "VideoToyMediaTests",
            dependencies: [
                "VideoToyCore", "VideoToyMedia", "VideoToyMediaTesting", "VideoToyFiles", "VideoToyPOSIX", "VideoToyGObject",
                "VideoToyText",
            ],
            swiftSettings: strict),
        // Network screens against a software renderer in a private network namespace, through videotoy-cast-probe.
        // The converted stream is served in-process by the real CastServer and converter, fetched with curl.
        .testTarget(
            name: "VideoToyCastTests",
            dependencies: ["VideoToyCore", "VideoToyAppTesting", "VideoToyCast", "VideoToyGObject", "VideoToyMedia", "CGLib"],
            swiftSettings: strict),
        // The phone remote's server on loopback, asked with curl: pairing, refusals, limits.
        .testTarget(name: "VideoToyRemoteTests", dependencies: ["VideoToyCore", "VideoToyRemote"], swiftSettings: strict),
        .testTarget(
            name: "VideoToyEndToEndTests",
            dependencies: [
                "VideoToyCore", "VideoToyPOSIX", "VideoToyFiles", "VideoToyMedia", "VideoToyMediaTesting", "VideoToyAppTesting",
                "VideoToyDesktop", "VideoToyWayland",
            ], swiftSettings: strict),
    ]
)

var strict: [SwiftSetting] { [.swiftLanguageMode(.v6)] }
