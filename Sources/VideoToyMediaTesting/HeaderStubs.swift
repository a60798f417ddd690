import Foundation
import VideoToyMedia

/// Files that are only a header: a duration and a codec, and no pictures after them, as a copy cut short right after
/// its header or a test asset stub is.
extension ClipFactory {
    /// The containers a stub is made in.
    public enum StubContainer: String, Sendable, CaseIterable {
        /// Matroska, cut before its first Cluster.
        case matroska = "mkv"
        /// MP4 with its index first, cut before its `mdat` box: an index with no media data after it at all.
        case mp4
    }

    /// Makes at `path` a three-second H.264 clip's header alone, in `container`.
    public static func makeHeaderStub(at path: String, container: StubContainer) throws {
        guard let ffmpeg = FormatCatalogue.ffmpeg else {
            throw SetUpFailure(description: "ffmpeg is not installed; `scripts/setup test` installs it.")
        }
        let whole = path + ".whole." + container.rawValue
        defer { try? FileManager.default.removeItem(atPath: whole) }
        try FFmpegRun.run(
            ffmpeg,
            [
                "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=320x240:d=3", "-c:v", "libx264", "-pix_fmt",
                "yuv420p",
            ]
                + (container == .mp4 ? ["-movflags", "+faststart"] : []) + ["-threads", "1", whole],
            making: whole)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let marker: [UInt8] = container == .matroska ? [0x1F, 0x43, 0xB6, 0x75] : Array("mdat".utf8)
        guard let found = bytes.firstRange(of: marker) else {
            throw SetUpFailure(description: "no media data marker in \(whole)")
        }
        // A box starts with its 4-byte size, before the type.
        let cut = container == .matroska ? found.lowerBound : found.lowerBound - 4
        try bytes.prefix(upTo: cut).write(to: URL(fileURLWithPath: path))
    }
}
