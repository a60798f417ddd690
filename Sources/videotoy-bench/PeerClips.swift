import Foundation
import Glibc
import VideoToyAppTesting

/// The peers group's clips: 30 s of ffmpeg's testsrc2 (strong colours the screen samples recognise, a clock and
/// lines that move) with a tone, in the four shapes people play; made with ffmpeg once and kept in `peers-v1`.
enum PeerClips {
    /// Row id, description, file name and the encoder's arguments.
    static let clips: [Clip] = [
        (
            "1080p30", "1080p30 H.264", "1080p30-h264.mp4", "1920x1080", 30,
            [
                "-c:v", "libx264", "-preset", "veryfast", "-b:v", "6M", "-g", "60", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags",
                "+faststart",
            ]
        ),
        (
            "1080p60", "1080p60 H.264", "1080p60-h264.mp4", "1920x1080", 60,
            [
                "-c:v", "libx264", "-preset", "veryfast", "-b:v", "9M", "-g", "120", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags",
                "+faststart",
            ]
        ),
        (
            "720p30vp9", "720p30 VP9", "720p30-vp9.webm", "1280x720", 30,
            [
                "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1", "-b:v", "2M", "-g", "60", "-pix_fmt",
                "yuv420p", "-c:a", "libopus",
            ]
        ),
        (
            "2160p30hevc10", "2160p30 HEVC 10-bit", "2160p30-hevc10.mp4", "3840x2160", 30,
            [
                "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-b:v", "15M", "-g", "60",
                "-pix_fmt", "yuv420p10le", "-tag:v", "hvc1", "-c:a", "aac", "-movflags", "+faststart",
            ]
        ),
    ]

    /// A clip of the table.
    typealias Clip = (id: String, name: String, file: String, size: String, rate: Int, codec: [String])

    /// The path of `clip` in `folder`, made first if it is missing (the 2160p HEVC clip takes minutes).
    static func prepare(_ clip: Clip, in folder: URL) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(clip.file).path
        if ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) > 0 { return path }
        note("peers: generating \(clip.file) with ffmpeg")
        // Under a temporary name, so a run cut short leaves no half clip behind a good name.
        let part = path + ".part-\(getpid())." + (clip.file as NSString).pathExtension
        try Command.check(
            [
                "nice", "ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                "testsrc2=size=\(clip.size):rate=\(clip.rate):duration=30", "-f", "lavfi", "-i", "sine=frequency=440:duration=30",
            ] + clip.codec + [part])
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: part, toPath: path)
        return path
    }
}
