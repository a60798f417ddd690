import Foundation

/// A handful of short, distinct sample clips with sound, generated once so the app has something to show.
public enum DemoLibrary {
    /// One demo clip: its file name and how to make it.
    struct Clip {
        let name: String
        let spec: ClipSpec

        init(name: String, spec: ClipSpec) {
            self.name = name
            var spec = spec
            spec.title = (name as NSString).deletingPathExtension
            self.spec = spec
        }
    }

    static let clips: [Clip] = [
        Clip(
            name: "Colour bars.mp4",
            spec: ClipSpec(width: 1280, height: 720, durationMs: 12_000, fps: 25, container: .mp4, pattern: "smpte")),
        Clip(
            name: "Bouncing ball.webm",
            spec: ClipSpec(
                width: 640, height: 360, durationMs: 8_000, fps: 25, container: .webm, videoCodec: .vp8,
                pattern: "ball background-color=0xff3050a0 foreground-color=0xffffd040")),
        Clip(
            name: "Pinwheel.mp4", spec: ClipSpec(width: 854, height: 480, durationMs: 6_000, fps: 25, container: .mp4, pattern: "pinwheel")),
        Clip(
            name: "Zone plate.mkv",
            spec: ClipSpec(
                width: 640, height: 480, durationMs: 15_000, fps: 25, container: .mkv, videoCodec: .vp8,
                pattern: "zone-plate kx2=20 ky2=20 kt=1")),
        Clip(
            name: "Snow.webm",
            spec: ClipSpec(width: 480, height: 270, durationMs: 4_000, fps: 25, container: .webm, videoCodec: .vp8, pattern: "snow")),
        Clip(
            name: "Portrait phone.mp4",
            spec: ClipSpec(width: 640, height: 360, durationMs: 5_000, fps: 25, container: .mp4, pattern: "circular", rotation: 90)),
    ]

    /// Creates `folder` and any clip not yet there, and returns the paths of all clips, sorted.
    ///
    /// Each clip is written under a temporary name and renamed when complete, so an interrupted run never
    /// leaves a half-written file that a later run would skip.
    public static func ensure(in folder: String) throws -> [String] {
        let files = FileManager.default
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for clip in clips {
            let path = (folder as NSString).appendingPathComponent(clip.name)
            paths.append(path)
            if files.fileExists(atPath: path) { continue }
            let ext = (clip.name as NSString).pathExtension
            let temporary = (folder as NSString).appendingPathComponent(".\(clip.name).partial.\(getpid()).\(ext)")
            try? files.removeItem(atPath: temporary)
            do {
                try ClipFactory.make(clip.spec, at: temporary)
                try files.moveItem(atPath: temporary, toPath: path)
            } catch {
                try? files.removeItem(atPath: temporary)
                throw error
            }
        }
        return paths.sorted()
    }
}
