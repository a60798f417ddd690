import VideoToyCore

/// The core's `MediaBackend`, carried out with GStreamer in this process: players, probes and posters. It has no
/// charset detector (uchardet runs only in a media helper), so a legacy subtitle file is read in the encoding
/// `EncodingDecision` falls back to.
public struct GStreamerBackend: MediaBackend {
    private let prober: MediaProber
    private let posters: PosterMaker

    /// Creates the backend; `probeTimeoutSeconds` bounds each probe.
    public init(probeTimeoutSeconds: Int = 10, posterHeight: Int = 188) {
        GStreamer.initialize()
        prober = MediaProber(timeoutSeconds: probeTimeoutSeconds)
        posters = PosterMaker(maxHeight: posterHeight)
    }

    @MainActor
    public func makePlayer(
        path: String, output: VideoOutput,
        onMessage: @escaping @MainActor (PlayerMessage) -> Void
    ) -> MediaPlayer? {
        Player(path: path, output: output, onMessage: onMessage)
    }

    public func probe(path: String) -> Result<MediaInfo, ProbeFailure> {
        prober.probe(path: path)
    }

    public func poster(path: String, durationMs: Int?) -> VideoFrame? {
        try? posters.poster(path: path, durationMs: durationMs).get()
    }

    public func sidecars(path: String) -> SidecarSubtitles {
        SidecarReader.read(beside: path)
    }

    public func sidecars(path: String, reading: SubtitleReading) -> SidecarSubtitles {
        SidecarReader.read(beside: path, reading: reading)
    }

    public func containerSubtitles(path: String) -> ContainerSubtitles {
        ContainerCueReader.read(path)
    }
}
