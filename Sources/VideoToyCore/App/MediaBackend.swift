/// A player for one item, as the app controller drives it; the GStreamer adapter implements it.
@MainActor
public protocol MediaPlayer: AnyObject {
    /// Starts or resumes playback.
    func play()
    /// Pauses where it is.
    func pause()
    /// Seeks to a position in milliseconds.
    func seek(toMs ms: Int)
    /// The current position, if known.
    var positionMs: Int? { get }
    /// The duration, if known.
    var durationMs: Int? { get }
    /// Volume from 0 to 1.
    var volume: Double { get set }
    /// Whether sound is muted.
    var muted: Bool { get set }
    /// Fits decoded pictures to the view's size in pixels, so frames come at the size they are shown at.
    func limitPictureSize(width: Int, height: Int)
    /// Plays the file's soundtrack at `index`, in the order of the `.tracks` message.
    func selectAudio(index: Int)
    /// Decodes the embedded subtitle track at `index` from now on; true when that is another track than before, whose
    /// cues then come again from the current position.
    @discardableResult
    func selectSubtitles(index: Int) -> Bool
    /// Releases the decoder; the player is unusable afterwards.
    func close()
}

/// Media work the controller needs: players, probes and posters.
public protocol MediaBackend: Sendable {
    /// Makes a paused player for `path` rendering into `output`; nil if no pipeline can be built.
    @MainActor
    func makePlayer(
        path: String, output: VideoOutput,
        onMessage: @escaping @MainActor (PlayerMessage) -> Void
    ) -> MediaPlayer?
    /// Probes a file's metadata; blocking, called on a worker thread.
    func probe(path: String) -> Result<MediaInfo, ProbeFailure>
    /// Makes a poster frame; blocking, called on a worker thread.
    func poster(path: String, durationMs: Int?) -> VideoFrame?
    /// Finds and reads the subtitle files beside the video at `path`; blocking, called on a worker thread.
    func sidecars(path: String) -> SidecarSubtitles
    /// Finds and reads the subtitle files beside the video at `path` as `reading` says (a forced encoding, the user's
    /// language); blocking, called on a worker thread.
    func sidecars(path: String, reading: SubtitleReading) -> SidecarSubtitles
    /// Reads the subtitle tracks of the file at `path` that the player cannot read but the app can (WebVTT in
    /// Matroska and WebM), within a time and size bound; blocking, called on a worker thread.
    func containerSubtitles(path: String) -> ContainerSubtitles
}

extension MediaBackend {
    /// Fakes that know no encodings read the files as they always did.
    public func sidecars(path: String, reading: SubtitleReading) -> SidecarSubtitles { sidecars(path: path) }
}

/// A backend that remembers probe results across runs and can answer many files at once.
public protocol RememberingBackend: MediaBackend {
    /// The remembered result of each of `paths` whose file is unchanged since (checked by stat), nil for the rest;
    /// blocking, called on a worker thread, one answer per path.
    func rememberedProbes(_ paths: [String]) -> [Result<MediaInfo, ProbeFailure>?]
}
