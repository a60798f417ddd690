import Foundation

/// Describes a synthetic clip (the demo library, tests): size, length, container, codecs and an optional rotation tag.
public struct ClipSpec: Sendable, Hashable {
    /// A container format.
    public enum Container: String, Sendable, CaseIterable { case mp4, webm, mkv }
    /// A video codec, or none for an audio-only file.
    public enum VideoCodec: String, Sendable { case h264, vp8, none }

    /// Picture width in pixels.
    public var width: Int
    /// Picture height in pixels.
    public var height: Int
    /// Length in milliseconds.
    public var durationMs: Int
    /// Frames per second.
    public var fps: Int
    /// The container.
    public var container: Container
    /// The video codec.
    public var videoCodec: VideoCodec
    /// Whether the clip has a sine-wave audio track.
    public var audio: Bool
    /// A `videotestsrc` pattern name such as "smpte", "ball" or "pinwheel", optionally with properties ("zone-plate kx2=20").
    public var pattern: String
    /// Clockwise rotation stored in the MP4 track matrix (0, 90, 180 or 270), like a phone's portrait clip.
    public var rotation: Int
    /// Whether an MP4's index (moov) goes first instead of after the data.
    public var fastStart: Bool
    /// Text drawn over the picture when the `textoverlay` element is installed.
    public var title: String?
    /// Frames between keyframes; nil means one a second.
    public var keyframeInterval: Int?
    /// The H.264 bitrate in kbit/s; nil leaves x264enc's default, which is low for large pictures.
    public var bitrateKbps: Int?
    /// The x264enc speed preset: "ultrafast" makes clips quickly, slower presets make clips costlier to decode.
    public var speedPreset: String

    /// Creates a spec; the defaults give a small two-second H.264+AAC MP4.
    public init(
        width: Int = 320, height: Int = 240, durationMs: Int = 2000, fps: Int = 25,
        container: Container = .mp4, videoCodec: VideoCodec = .h264, audio: Bool = true,
        pattern: String = "smpte", rotation: Int = 0, fastStart: Bool = false, title: String? = nil,
        keyframeInterval: Int? = nil, bitrateKbps: Int? = nil, speedPreset: String = "ultrafast"
    ) {
        (self.width, self.height, self.durationMs, self.fps) = (width, height, durationMs, fps)
        (self.container, self.videoCodec, self.audio, self.pattern) = (container, videoCodec, audio, pattern)
        (self.rotation, self.fastStart, self.title) = (rotation, fastStart, title)
        (self.keyframeInterval, self.bitrateKbps, self.speedPreset) = (keyframeInterval, bitrateKbps, speedPreset)
    }
}

/// Generates synthetic clips with GStreamer in-process: the demo library, and the clips tests play.
public enum ClipFactory {
    /// Writes a clip described by `spec` to `path`.
    public static func make(_ spec: ClipSpec, at path: String) throws {
        try PipelineRunner.run(pipeline(spec, path: path))
        if spec.rotation != 0 {
            guard spec.container == .mp4 else { throw PipelineRunner.Failure(description: "Rotation needs MP4.") }
            // qtmux 1.22 ignores the image-orientation tag, so the track matrix is written directly.
            try Mp4Matrix.rotateVideoTrack(at: path, degrees: spec.rotation)
        }
    }

    /// The `gst-launch` description that produces `spec` at `path`.
    public static func pipeline(_ spec: ClipSpec, path: String) -> String {
        let mux: String
        switch spec.container {
        case .mp4: mux = "mp4mux faststart=\(spec.fastStart)"
        case .webm: mux = "webmmux"
        case .mkv: mux = "matroskamux"
        }
        var parts = ["\(mux) name=mux ! filesink location=\"\(path)\""]
        if spec.videoCodec != .none {
            let frames = max(1, spec.durationMs * spec.fps / 1000)
            let keyframes = spec.keyframeInterval ?? spec.fps
            let bitrate = spec.bitrateKbps.map { " bitrate=\($0)" } ?? ""
            let encoder =
                spec.videoCodec == .h264
                ? "x264enc speed-preset=\(spec.speedPreset) key-int-max=\(keyframes)\(bitrate) ! h264parse"
                : "vp8enc deadline=1 cpu-used=8 keyframe-max-dist=\(keyframes)"
            var overlay = ""
            if let title = spec.title, GStreamer.hasElement("textoverlay") {
                let quoted = title.replacingOccurrences(of: "\"", with: "'")
                overlay = "textoverlay text=\"\(quoted)\" font-desc=\"Sans Bold 28\" ! videoconvert ! video/x-raw,format=I420 ! "
            }
            parts.append(
                "videotestsrc pattern=\(spec.pattern) num-buffers=\(frames) ! "
                    + "video/x-raw,format=I420,width=\(spec.width),height=\(spec.height),framerate=\(spec.fps)/1 ! "
                    + "\(overlay)\(encoder) ! queue ! mux.")
        }
        if spec.audio {
            // 10 ms buffers make the audio length exact: one buffer per hundredth of a second.
            parts.append(
                "audiotestsrc wave=sine freq=440 volume=0.3 samplesperbuffer=480 num-buffers=\(max(1, spec.durationMs / 10)) ! "
                    + "audio/x-raw,rate=48000,channels=2 ! audioconvert ! audioresample ! \(audioEncoder(for: spec)) ! queue ! mux.")
        }
        return parts.joined(separator: "  ")
    }

    /// The best installed audio encoder the container accepts: AAC in MP4 if possible, else Opus; Vorbis elsewhere.
    public static func audioEncoder(for spec: ClipSpec) -> String {
        guard spec.container == .mp4 else { return "vorbisenc" }
        for aac in ["avenc_aac", "voaacenc", "fdkaacenc"] where GStreamer.hasElement(aac) { return aac }
        return "opusenc"
    }

    /// Runs any `gst-launch`-style pipeline to its end in this process, for files `ClipSpec` cannot describe.
    public static func runPipeline(_ description: String, timeoutSeconds: Int = 120) throws {
        try PipelineRunner.run(description, timeoutSeconds: timeoutSeconds)
    }
}
