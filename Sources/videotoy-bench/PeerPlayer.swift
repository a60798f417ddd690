import Foundation

/// A player of the peers group and how it is told to play one file fullscreen.
struct PeerPlayer {
    /// Short name for row ids, such as `mpv-x11`.
    let id: String
    /// The name in the report, such as `mpv --vo=x11`.
    let name: String
    /// The program that must be on PATH, or the app's path.
    let program: String
    /// Whether this is VideoToy (whose figures meet targets) rather than a peer (whose figures set them).
    let isVideoToy: Bool
    /// Whether its own command line cannot ask for fullscreen, so F11 is sent once the picture shows.
    let fullscreenByKey: Bool
    /// Whether it answers mpv's IPC for the dropped-frame count (mpv, and Celluloid's libmpv).
    let speaksMPVIPC: Bool
    /// The command line for `clip`, with its IPC socket or events log at `side` (a path in the scratch folder).
    let arguments: (_ clip: String, _ side: String) -> [String]
    /// Variables set (or, when empty, removed) over the benchmark's environment.
    let environment: [String: String]

    /// Every row's player, VideoToy's drawing paths first.
    static func all(app: URL) -> [PeerPlayer] {
        let videoToy = { (side: String, clip: String) in
            [app.path, "--events", side, "--no-network-screens", "--play", clip, "--fullscreen", "--exit-on-end", clip]
        }
        return [
            PeerPlayer(
                id: "videotoy-cairo", name: "VideoToy GSK_RENDERER=cairo", program: app.path, isVideoToy: true,
                fullscreenByKey: false, speaksMPVIPC: false, arguments: { videoToy($1, $0) },
                environment: ["GSK_RENDERER": "cairo", "GDK_DEBUG": "gl-disable"]),
            // The same with every frame drawn by GTK: what the direct picture (frames past GTK on X11) saves.
            PeerPlayer(
                id: "videotoy-gtk", name: "VideoToy cairo, all in GTK", program: app.path, isVideoToy: true,
                fullscreenByKey: false, speaksMPVIPC: false, arguments: { videoToy($1, $0) },
                environment: ["GSK_RENDERER": "cairo", "GDK_DEBUG": "gl-disable", "VIDEOTOY_DIRECT_VIDEO": "0"]),
            // As started from the menu: no GSK_RENDERER, so the app's own choice (`auto`), which is cairo where GL is a
            // software rasterizer. The id stays from before the app chose (GTK's GL on llvmpipe then).
            PeerPlayer(
                id: "videotoy-gl", name: "VideoToy as started (auto)", program: app.path, isVideoToy: true,
                fullscreenByKey: false, speaksMPVIPC: false, arguments: { videoToy($1, $0) },
                environment: ["GSK_RENDERER": "", "GDK_DEBUG": ""]),
            PeerPlayer(
                id: "mpv-x11", name: "mpv --vo=x11", program: "mpv", isVideoToy: false, fullscreenByKey: false,
                speaksMPVIPC: true, arguments: { ["mpv", "--vo=x11", "--fs", "--input-ipc-server=\($1)", $0] }, environment: [:]),
            PeerPlayer(
                id: "mpv-gpu", name: "mpv (--vo=gpu)", program: "mpv", isVideoToy: false, fullscreenByKey: false,
                speaksMPVIPC: true, arguments: { ["mpv", "--fs", "--input-ipc-server=\($1)", $0] }, environment: [:]),
            PeerPlayer(
                id: "celluloid", name: "Celluloid", program: "celluloid", isVideoToy: false, fullscreenByKey: false,
                speaksMPVIPC: true,
                arguments: { ["celluloid", "--new-window", "--mpv-options=--fs --input-ipc-server=\($1)", $0] },
                environment: [:]),
            PeerPlayer(
                id: "totem", name: "Totem", program: "totem", isVideoToy: false, fullscreenByKey: true, speaksMPVIPC: false,
                arguments: { clip, _ in ["totem", clip] }, environment: [:]),
            PeerPlayer(
                id: "clapper", name: "Clapper", program: "clapper", isVideoToy: false, fullscreenByKey: true,
                speaksMPVIPC: false, arguments: { clip, _ in ["clapper", clip] }, environment: [:]),
        ]
    }
}
