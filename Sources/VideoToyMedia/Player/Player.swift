import CGStreamer
import Foundation
import VideoToyCore
import VideoToyGObject

/// Plays one file with a `playbin` whose pictures go to a `VideoOutput`; one decoder per item, ever.
///
/// Control calls and messages belong to the main thread, which only records what is wanted: every state
/// change, seek and volume change, and the final teardown, run in order on the `PipelineWorker`'s queue,
/// because any of them can wait on the file. Position and duration queries stay here: the sinks answer
/// them without touching the file, and they bypass playbin's query lock, which is held while the file opens.
/// The appsink callbacks run on GStreamer's streaming thread and touch nothing but the output and a locked flag.
@MainActor
public final class Player {
    /// The file being played.
    public let path: String
    private let pipeline: UnsafeMutablePointer<GstElement>
    private let worker: PipelineWorker
    private let sink: SampleSink
    private let text: TextSink?
    private var tracksRead = false
    // playbin decodes the first text stream, and plays the first soundtrack, until told otherwise.
    private var textIndex = 0
    // playbin's text stream for each subtitle track, by the N of its id `subtitles/N` (identity until the tracks are read).
    private var textStreams: [Int: Int] = [:]
    private var audioIndex = 0
    // A soundtrack chosen while paused or opening, switched to when playing starts.
    private var audioOnPlay: Int?
    // The cues passed on since the listener last dropped its own (a seek, another subtitle track): the seek after a
    // soundtrack switch sends the cue in progress again, which must not show twice.
    private var forwarded: [SubtitleCue] = []
    // Cues that reached the sink before this many flushes are the previously selected track's.
    private var cuesFromFlush = 0
    private let onMessage: @MainActor (PlayerMessage) -> Void
    private var wantPlaying = false
    private var prerolled = false
    private var pendingSeekMs: Int?
    // Ends (end of stream, or an error that may be one) waiting for the worker to say whether the file was cut short.
    private var endsBeingChecked: [PlayerMessage] = []
    // After end-of-stream the pipeline reports the index's duration as its position, even when the file's
    // pictures stopped earlier (a file cut short); the last picture says where playback really ended.
    private var endedAtMs: Int?
    // Where the stream's own timeline starts: an MPEG-TS file counts from its clock reference, so its first picture
    // is at half a second or more. Positions, seeks and cues are told relative to it, as the row's duration is;
    // read once, at the first preroll, before any seek.
    private var originMs: Int?
    // Set when the soundtracks were left out for starting long after the picture: qtdemux still counts the movie to
    // their end, a day away, so the duration is the picture's.
    private var pictureEndMs: Int?
    private var lastReportedState: GstState = GST_STATE_NULL
    private var closed = false
    // Set once the sound output failed and a silent sink replaces it.
    private var soundDropped = false
    private var pictureLimit: (width: Int, height: Int)?
    private var volumeSetting: Double
    private var mutedSetting: Bool
    // Until a flushing seek completes the pipeline still reports the old position; relative seeks pressed in
    // quick succession (Right, Right) must add up, and the seek bar must not jump back.
    // A seek that never reports completion must not freeze the position, hence the time limit.
    private var seekInFlight: (ms: Int, since: ContinuousClock.Instant)?

    /// Creates a player for `path` that opens the file in the background and pauses on its first frame;
    /// messages arrive through `onMessage` on the main thread. `soundSink`, a GStreamer bin description such as
    /// `audioconvert ! wavenc ! filesink location=…`, replaces the sound output (for checks of what is heard).
    public convenience init?(
        path: String, output: VideoOutput, soundSink: String? = nil, onMessage: @escaping @MainActor (PlayerMessage) -> Void
    ) {
        self.init(path: path, output: output, soundSink: soundSink, elements: .registry, onMessage: onMessage)
    }

    /// Creates a player whose elements come from `elements`; whatever was made before a step that fails is freed.
    init?(
        path: String, output: VideoOutput, soundSink: String?, elements: ElementFactory,
        onMessage: @escaping @MainActor (PlayerMessage) -> Void
    ) {
        GStreamer.initialize()
        var soundBin: UnsafeMutablePointer<GstElement>?
        if let soundSink {
            var error: UnsafeMutablePointer<GError>?
            soundBin = gst_parse_bin_from_description(soundSink, 1, &error)
            g_clear_error(&error)
            guard soundBin != nil else { return nil }
        }
        guard let uri = PathBytes.withCString(path, { gst_filename_to_uri($0, nil) }) else {
            ElementFactory.discard(soundBin)
            return nil
        }
        defer { g_free(uri) }
        guard let playbin = elements.make("playbin") else {
            ElementFactory.discard(soundBin)
            return nil
        }
        guard let appsink = elements.make("appsink") else {
            ElementFactory.discard(playbin, soundBin)
            return nil
        }
        guard let sink = SampleSink(appsink: appsink, output: output, elements: elements) else {
            ElementFactory.discard(playbin, appsink, soundBin)
            return nil
        }
        self.path = path
        self.pipeline = playbin
        self.worker = PipelineWorker(adopting: playbin, path: path)
        self.onMessage = onMessage
        self.sink = sink
        self.text = TextSink(elements: elements)
        GProperty.set(playbin, "uri", String(cString: uri))
        // Subtitles come as text for the view to draw at its own size, instead of burnt into the decoded pictures.
        if let text { GProperty.set(playbin, "text-sink", object: text.element) }
        // playsink converts and rescales to what the sink accepts: BGRA with square pixels, within the size bound.
        GProperty.set(playbin, "video-sink", object: sink.element)
        if let flip = elements.make("videoflip") {
            // 8 is GST_VIDEO_ORIENTATION_AUTO: follow the file's image-orientation tag.
            GProperty.set(flip, "video-direction", Int32(8))
            // videoflip 1.22 turns passthrough on only when its method changes, and identity is where it starts: without
            // this it copied every picture into a pool of its own (five more frames in memory, 125 MB at 2160p 10-bit).
            // A rotation tag still turns it off, and a tag back to identity on again.
            gst_base_transform_set_passthrough(UnsafeMutableRawPointer(flip).assumingMemoryBound(to: GstBaseTransform.self), 1)
            let filter = VideoFilter.make(flip: flip, elements: elements)
            if let pad = gst_element_get_static_pad(filter, "src") {
                sink.watchSource(pad)
                gst_object_unref(pad)
            }
            GProperty.set(playbin, "video-filter", object: filter)
        }
        // Asked of the file system only (microseconds): opening a device to find out would block the main thread.
        if let soundBin {
            GProperty.set(playbin, "audio-sink", object: soundBin)
        } else if !AudioPresence.onThisMachine, let silent = elements.make("fakesink") {
            // Nothing can play sound here: autoaudiosink would try every device and fill stderr with their errors.
            // A clock-synced fakesink keeps the sound's timing, so an audio-only file still plays at its pace.
            GProperty.set(silent, "sync", true)
            GProperty.set(playbin, "audio-sink", object: silent)
        }
        volumeSetting = GProperty.double(playbin, "volume")
        mutedSetting = GProperty.bool(playbin, "mute")
        BusWatch.add(to: playbin, for: self)
        worker.open { [text] ms in text?.dropCues(fromMs: ms) }
    }

    isolated deinit {
        close()
    }

    /// Starts or resumes playback.
    public func play() {
        guard !closed else { return }
        wantPlaying = true
        endedAtMs = nil
        sink.armFirstFrame()
        // With a start position pending, playing waits for preroll and the seek, or the file's first frames would show.
        guard pendingSeekMs == nil else { return }
        worker.setState(GST_STATE_PLAYING)
        switchAudioOnPlay()
    }

    /// Pauses where it is.
    public func pause() {
        guard !closed else { return }
        wantPlaying = false
        worker.setState(GST_STATE_PAUSED)
    }

    /// Seeks to `ms`; before the pipeline is prerolled the seek waits for it.
    public func seek(toMs ms: Int) {
        guard !closed else { return }
        forwarded = []
        jump(toMs: ms)
    }

    /// Seeks without forgetting the cues passed on: the listener keeps its own across this seek.
    private func jump(toMs ms: Int) {
        endedAtMs = nil
        guard prerolled else {
            pendingSeekMs = ms
            return
        }
        worker.seek(toMs: MediaTime.offset(max(0, ms), by: originMs ?? 0))
        seekInFlight = (max(0, ms), .now)
    }

    /// Plays the file's soundtrack at `index` (in the order the `.tracks` message lists them).
    ///
    /// playbin would go on for a second with the sound of the old track it has already decoded: a seek to where it is
    /// drops that, so the new track is heard at once. Switched while paused, playbin 1.22 never returns from the next
    /// flushing seek (another subtitle track, the user's seek), so a paused player switches when it plays.
    public func selectAudio(index: Int) {
        guard !closed, index != audioIndex else { return }
        audioIndex = index
        audioOnPlay = index
        if wantPlaying { switchAudioOnPlay() }
    }

    /// Switches to the soundtrack chosen while paused, once playing is asked for of a prerolled pipeline.
    private func switchAudioOnPlay() {
        guard prerolled, let index = audioOnPlay else { return }
        audioOnPlay = nil
        worker.selectStream("current-audio", index)
        if let position = positionMs { jump(toMs: position) }
    }

    /// Decodes the file's embedded subtitle track `subtitles/index` (as the `.tracks` message names it); true when it
    /// is another track than before.
    ///
    /// Only the selected track's cues reach the text sink, and a cue is sent once, when it begins: after a switch the
    /// pipeline seeks to where it is, so the new track's cue in progress comes too. Turning subtitles off leaves the
    /// track decoding (the view just does not show it), so turning them on again needs no seek.
    @discardableResult
    public func selectSubtitles(index: Int) -> Bool {
        let stream = textStreams[index] ?? index
        guard !closed, stream != textIndex else { return false }
        textIndex = stream
        if let text { worker.selectText(stream, into: text) } else { worker.selectStream("current-text", stream) }
        if prerolled, let position = positionMs, let text {
            cuesFromFlush = text.flushes + 1
            seek(toMs: position)
        }
        return true
    }

    /// Fits the decoded pictures to the view's size in pixels.
    public func limitPictureSize(width: Int, height: Int) {
        guard !closed, pictureLimit.map({ $0 != (width, height) }) ?? true else { return }
        pictureLimit = (width, height)
        sink.limit(width: width, height: height)
    }

    /// The current position in milliseconds, if known.
    public var positionMs: Int? {
        if let target = seekInFlight, ContinuousClock.now - target.since < .seconds(1) { return target.ms }
        if let pending = pendingSeekMs { return pending }
        if let endedAtMs { return endedAtMs }
        guard let stream = streamPositionMs else { return nil }
        return max(0, stream - (originMs ?? 0))
    }

    /// The position on the stream's own timeline, as the sinks answer it.
    private var streamPositionMs: Int? {
        var pos: gint64 = 0
        guard !closed, vt_pipeline_query_time(pipeline, 0, &pos) != 0, pos >= 0 else { return nil }
        return MediaTime.milliseconds(nanoseconds: Int64(pos))
    }

    /// Where the last picture shown ends, relative to the stream's start.
    private var lastFrameEndMs: Int? { sink.lastFrameEndMs.map { max(0, $0 - (originMs ?? 0)) } }

    /// The duration in milliseconds, if known.
    public var durationMs: Int? {
        var duration: gint64 = 0
        guard !closed, vt_pipeline_query_time(pipeline, 1, &duration) != 0, duration > 0 else { return closed ? nil : pictureEndMs }
        // A header's claim of centuries is no duration: seeks and MPRIS lengths are worked out from it.
        let queried = MediaTime.durationMs(nanoseconds: UInt64(duration))
        guard let pictureEndMs else { return queried }
        return min(queried ?? pictureEndMs, pictureEndMs)
    }

    /// True while playback is requested (not paused, not ended).
    public var isPlaying: Bool { wantPlaying }

    /// Volume from 0 to 1.
    public var volume: Double {
        get { closed ? 0 : volumeSetting }
        set {
            guard !closed else { return }
            volumeSetting = min(1, max(0, newValue))
            worker.setVolume(volumeSetting)
        }
    }

    /// Whether sound is muted.
    public var muted: Bool {
        get { closed ? false : mutedSetting }
        set {
            guard !closed else { return }
            mutedSetting = newValue
            worker.setMuted(newValue)
        }
    }

    /// Stops delivering messages and pictures at once; the pipeline is stopped and freed on the worker's
    /// queue after the job running there, even if that job is stuck on a dead share until it returns.
    public func close() {
        guard !closed else { return }
        closed = true
        wantPlaying = false
        BusWatch.remove(from: pipeline)
        sink.detach()
        text?.detach()
        worker.shutDown()
    }

    /// Reacts to one message from the pipeline's bus, on the main thread.
    func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        guard !closed else { return }
        switch vt_message_type(message) {
        case GST_MESSAGE_EOS:
            wantPlaying = false
            // Streams commonly end a few frames apart; only a picture that stopped well before the end counts.
            if let last = lastFrameEndMs, let duration = durationMs, duration - last > max(500, duration / 20) { endedAtMs = last }
            checkEnd(.endOfStream)
        case GST_MESSAGE_ERROR:
            if MessageText.isFromSoundOutput(message) {
                // The sound server went away: the picture goes on from where it was, silent; the audio route says so.
                // The failed sink may report more than once before it is replaced.
                if !soundDropped {
                    let resume = max(positionMs ?? 0, lastFrameEndMs ?? 0)
                    worker.dropSound(resumingAtMs: MediaTime.offset(resume, by: originMs ?? 0), playing: wantPlaying)
                }
                soundDropped = true
                return
            }
            wantPlaying = false
            // A refused file's error says why in English on the bus; the worker keeps the reason as a value.
            let failure =
                worker.refusal.map { MessageText.Failure(error: .unreadable($0), isResourceError: true) } ?? MessageText.error(message)
            // A missing or unreadable file never played: nothing to compare, and its share may not answer a stat.
            if failure.isResourceError { onMessage(.error(failure.error)) } else { checkEnd(.error(failure.error)) }
        case GST_MESSAGE_ASYNC_DONE:
            prerolled = true
            seekInFlight = nil
            if originMs == nil { originMs = streamPositionMs ?? 0 }
            if let ms = pendingSeekMs {
                pendingSeekMs = nil
                jump(toMs: ms)
                if wantPlaying { worker.setState(GST_STATE_PLAYING) }
            } else if !wantPlaying {
                onMessage(.prerolled(positionMs: positionMs ?? 0))
            }
            if wantPlaying { switchAudioOnPlay() }
            if let ms = durationMs { onMessage(.duration(ms: ms)) }
            if !tracksRead {
                tracksRead = true
                worker.readTracks { listing in
                    Task { @MainActor [weak self] in
                        guard let self, !self.closed else { return }
                        self.textStreams = listing.textStreams
                        self.onMessage(.tracks(audio: listing.audio, subtitles: listing.subtitles))
                    }
                }
            }
        case GST_MESSAGE_DURATION_CHANGED:
            if let ms = durationMs { onMessage(.duration(ms: ms)) }
        case GST_MESSAGE_STATE_CHANGED:
            handleStateChange(message)
        case GST_MESSAGE_APPLICATION:
            handleApplication(message)
        default:
            break
        }
    }

    private func handleStateChange(_ message: UnsafeMutablePointer<GstMessage>) {
        guard UnsafeMutableRawPointer(vt_message_src(message)) == UnsafeMutableRawPointer(pipeline) else { return }
        var old = GST_STATE_NULL, new = GST_STATE_NULL, pending = GST_STATE_NULL
        gst_message_parse_state_changed(message, &old, &new, &pending)
        guard new != lastReportedState, pending == GST_STATE_VOID_PENDING else { return }
        lastReportedState = new
        if new == GST_STATE_PLAYING { onMessage(.playing(positionMs: positionMs ?? 0)) }
        if new == GST_STATE_PAUSED && old == GST_STATE_PLAYING { onMessage(.paused(positionMs: positionMs ?? 0)) }
    }

    private func handleApplication(_ message: UnsafeMutablePointer<GstMessage>) {
        guard let structure = gst_message_get_structure(message) else { return }
        if gst_structure_has_name(structure, SampleSink.firstFrameName) != 0 {
            onMessage(.firstFrame)
        } else if gst_structure_has_name(structure, TextSink.cueName) != 0 {
            forwardCues(text?.drain() ?? [])
        } else if gst_structure_has_name(structure, PipelineWorker.soundLeftOutName) != 0 {
            var end: gint64 = 0
            if gst_structure_get_int64(structure, "picture-end", &end) != 0, end > 0 { pictureEndMs = Int(end) }
        } else if gst_structure_has_name(structure, PipelineWorker.endCheckedName) != 0, !endsBeingChecked.isEmpty {
            let end = endsBeingChecked.removeFirst()
            var opened: guint64 = 0, now: guint64 = 0
            if gst_structure_get_uint64(structure, "opened", &opened) != 0, gst_structure_get_uint64(structure, "now", &now) != 0 {
                onMessage(.error(.cutShort(nowBytes: Int64(now), openedBytes: Int64(opened))))
            } else {
                onMessage(end)
            }
        }
    }

    /// Passes on the cues of the selected subtitle track: a cue of the track selected before may still arrive after a
    /// switch, until the flush of the seek that follows it.
    private func forwardCues(_ cues: [(flushes: Int, cue: SubtitleCue)]) {
        if let position = positionMs { forwarded.removeAll { $0.endMs <= position } }
        let origin = originMs ?? 0
        let shifted = cues.map { entry -> (flushes: Int, cue: SubtitleCue) in
            guard origin != 0 else { return entry }
            let cue = entry.cue
            let moved = SubtitleCue(
                startMs: MediaTime.offset(cue.startMs, by: -origin), endMs: MediaTime.offset(cue.endMs, by: -origin),
                styled: cue.styled, placement: cue.placement)
            return (entry.flushes, moved)
        }
        for (flushes, cue) in shifted where flushes >= cuesFromFlush && !forwarded.contains(cue) {
            forwarded.append(cue)
            onMessage(.cue(cue))
        }
    }

    /// Reports `end` once the worker has looked whether the file was cut short while it played.
    private func checkEnd(_ end: PlayerMessage) {
        endsBeingChecked.append(end)
        worker.checkEnd()
    }
}
