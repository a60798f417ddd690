import Foundation
import VideoToyMedia

/// Broken files of every kind the prober must explain, made from generated clips.
extension ClipFactory {
    /// An empty (0-byte) file.
    public static func makeEmpty(at path: String) throws {
        try Data().write(to: URL(fileURLWithPath: path))
    }

    /// A plain-text file, whatever its name says.
    public static func makeText(at path: String) throws {
        try Data(String(repeating: "This is not a video, just some text.\n", count: 40).utf8)
            .write(to: URL(fileURLWithPath: path))
    }

    /// An MP4 whose index comes last, cut to half its size: the moov index is lost.
    public static func makeTruncatedBeforeIndex(at path: String, spec: ClipSpec = ClipSpec(durationMs: 3000)) throws {
        var spec = spec
        (spec.container, spec.fastStart) = (.mp4, false)
        try make(spec, at: path)
        try truncate(path, fraction: 0.5)
    }

    /// An MP4 whose index comes first, cut at 60%: the index promises data that is missing, and it plays up to the cut.
    public static func makeTruncatedMidData(at path: String, spec: ClipSpec = ClipSpec(durationMs: 3000)) throws {
        var spec = spec
        (spec.container, spec.fastStart) = (.mp4, true)
        try make(spec, at: path)
        try truncate(path, fraction: 0.6)
    }

    /// A valid MP4 stored under whatever name `path` gives (use a wrong extension such as ".dat").
    public static func makeWrongExtension(at path: String, spec: ClipSpec = ClipSpec()) throws {
        let temporary = path + ".tmp.mp4"
        try make(spec, at: temporary)
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
    }

    /// A valid MP4 whose video (or audio) sample entry is relabelled with a codec no installed decoder handles.
    ///
    /// The video becomes Dirac (`drac`) and the audio AC-4 (`ac-4`), which Debian 12's GStreamer cannot decode.
    public static func makeUndecodable(at path: String, video: Bool, audio: Bool) throws {
        try make(ClipSpec(), at: path)
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        if video { try replaceFourCC(in: &data, "avc1", with: "drac") }
        if audio { try replaceFourCC(in: &data, "mp4a", with: "ac-4") }
        try data.write(to: URL(fileURLWithPath: path))
    }

    private static func replaceFourCC(in data: inout Data, _ old: String, with new: String) throws {
        guard let range = data.range(of: Data(old.utf8)) else {
            throw SetUpFailure(description: "No '\(old)' sample entry found.")
        }
        data.replaceSubrange(range, with: Data(new.utf8))
    }

    /// Cuts the file at `fraction` of its size.
    public static func truncate(_ path: String, fraction: Double) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try handle.truncate(atOffset: UInt64(Double(size) * fraction))
    }
}

/// Files that crash the media library itself, for the tests of the sandboxed media helper.
extension ClipFactory {
    /// A one-second FFV1 video with 9-bit 4:2:0 samples in Matroska: GStreamer 1.22 segfaults in a streaming thread
    /// on it about one probe in two (gst-discoverer-1.0 included).
    public static func makeFFV1NineBit(at path: String) throws {
        guard let ffmpeg = FormatCatalogue.ffmpeg else {
            throw SetUpFailure(description: "ffmpeg is not installed; `scripts/setup test` installs it.")
        }
        try FFmpegRun.run(
            ffmpeg,
            [
                "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=320x240:d=1", "-c:v", "ffv1", "-pix_fmt",
                "yuv420p9le", path,
            ],
            making: path)
    }
}
