import CGStreamer
import Foundation
import Glibc
import Synchronization
import VideoToyCore
import VideoToyGObject
import VideoToyPOSIX
import VideoToyText

/// Carries out one pipeline's state changes, seeks and property changes in order on a serial queue of its
/// own, and frees the pipeline after the last of them.
///
/// Each of these calls can wait on the file: filesrc opens it while the pipeline goes to PAUSED, and a
/// flushing seek or a state change waits for a streaming thread stuck in a read. On a share that stopped
/// answering that is forever, so none of them may run on the main thread. The worker owns the pipeline
/// reference that `shutDown`'s job drops, and every job holds the worker, so the pipeline outlives them all.
final class PipelineWorker: @unchecked Sendable {
    /// The structure name of the message that answers `checkEnd`.
    static let endCheckedName = "videotoy-end-checked"
    /// The structure name of the message that says the soundtracks were left out.
    static let soundLeftOutName = "videotoy-sound-left-out"

    /// How many pipelines workers hold right now: each is counted until its teardown job has freed it.
    static var pipelinesHeld: Int { held.withLock { $0 } }
    private static let held = Mutex(0)

    private let pipeline: UnsafeMutablePointer<GstElement>
    private let path: String
    private let queue = DispatchQueue(label: "videotoy.player")
    private let lock = NSLock()
    private var closing = false
    // Touched only on `queue`.
    private var opened: FileSnapshot?
    // Set on `queue` when the file is refused (not a regular file, a playlist): nothing more is done but free it.
    private var refused = false
    // Why the file was refused, under `lock`: the player reads the value, the bus carries only a sentence.
    private var refusedFor: ProbeFailure?

    /// Why the file was refused without being opened, once it was (the error on the bus says the same in English).
    var refusal: ProbeFailure? { lock.withLock { refusedFor } }

    /// Takes over the caller's reference to `pipeline`, which plays `path`.
    init(adopting pipeline: UnsafeMutablePointer<GstElement>, path: String) {
        self.pipeline = pipeline
        self.path = path
        Self.held.withLock { $0 += 1 }
    }

    /// Opens the file (the pipeline goes to PAUSED) and remembers which file it opened and how long it was;
    /// `movieEnd` hears, before the pipeline opens, where a stretched movie (`StretchedMovie`) really ends.
    func open(movieEnd: (@Sendable (Int) -> Void)? = nil) {
        run { worker in
            // filesrc's open of a FIFO waits for a writer, a device's may never return: this queue and a streaming
            // thread would be stuck for good. Such a file fails as the probe would say, without being opened.
            if let info = PathCalls.status(worker.path), info.st_mode & S_IFMT != S_IFREG,
                let failure = FileCheck.classify(mode: info.st_mode, size: Int(info.st_size))
            {
                worker.refuse(failure)
                return
            }
            // A playlist's entries would be fetched by its demuxer: refused before the pipeline opens the file.
            let inspected = FileCheck.inspect(worker.path)
            if case .success(let file) = inspected, let kind = PlaylistSniffer.kind(head: file.head) {
                worker.refuse(.playlist(kind: kind))
                return
            }
            if case .success(let file) = inspected, let late = LateSoundtracks.read(path: worker.path, head: file.head, size: file.size),
                late.leavesNoSound
            {
                worker.leaveOutSound(late)
            }
            // qtdemux would take the video and sound of a movie a subtitle track stretches for previews and skip them.
            if case .success(let file) = inspected, IsoTruncation.looksIso(file.head),
                let stretched = StretchedMovie.plan(path: worker.path, size: file.size)
            {
                SourcePatch(stretched).connect(to: worker.pipeline)
                movieEnd?(stretched.movieMs)
            }
            // tsdemux skips DTS marked as ffmpeg marks it; checked to be DTS, its table entry is rewritten as read.
            if case .success(let file) = inspected, TransportTimes.Layout(file.head) != nil,
                let plan = TransportDTS.plan(path: worker.path, size: file.size), plan.rewrites
            {
                TableRewriter.install(on: worker.pipeline, plan: plan)
            }
            guard gst_element_set_state(worker.pipeline, GST_STATE_PAUSED) != GST_STATE_CHANGE_FAILURE else { return }
            worker.opened = FileSnapshot.of(worker.path)
        }
    }

    /// Plays the picture alone: the file's only soundtracks start long after it ends (`LateSoundtracks`), and playbin
    /// would wait on the clock for them. The player hears of it, with the picture's end, through a message named
    /// `soundLeftOutName` (`picture-end` in milliseconds), sent before the pipeline opens.
    private func leaveOutSound(_ late: LateSoundtracks.Finding) {
        // 0x2 is GST_PLAY_FLAG_AUDIO: playbin then links no soundtrack, and the end of the picture ends the file.
        let flags = UInt32(bitPattern: GProperty.int32(pipeline, "flags"))
        GProperty.set(pipeline, "flags", flags & ~UInt32(0x2))
        let description = PipelineWorker.soundLeftOutName + ", picture-end=(gint64)\(late.pictureEndMs)"
        guard let structure = gst_structure_from_string(description, nil) else { return }
        let source = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstObject.self)
        gst_element_post_message(pipeline, gst_message_new_application(source, structure))
    }

    /// Asks for `state` (PAUSED or PLAYING).
    func setState(_ state: GstState) {
        run { worker in _ = gst_element_set_state(worker.pipeline, state) }
    }

    /// Seeks to `ms`, accurately and flushing.
    func seek(toMs ms: Int) {
        run { worker in
            // Accurate, not key-unit: files with long key-frame intervals would otherwise snap back to their start.
            let flags = GstSeekFlags(GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
            _ = gst_element_seek_simple(worker.pipeline, GST_FORMAT_TIME, flags, gint64(MediaTime.nanoseconds(ms: ms)))
        }
    }

    /// Replaces a sound output that failed (the sound server went away) with a clock-synced fakesink: the pipeline
    /// goes down to READY (the only state playbin takes a new audio sink in), back to PAUSED, to `ms`, and plays on
    /// if `playing`.
    func dropSound(resumingAtMs ms: Int, playing: Bool) {
        run { worker in
            guard let silent = gst_element_factory_make("fakesink", nil) else { return }
            GProperty.set(silent, "sync", true)
            _ = gst_element_set_state(worker.pipeline, GST_STATE_READY)
            GProperty.set(worker.pipeline, "audio-sink", object: silent)
            _ = gst_element_set_state(worker.pipeline, GST_STATE_PAUSED)
            _ = gst_element_get_state(worker.pipeline, nil, nil, 5 * 1_000_000_000)
            let flags = GstSeekFlags(GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
            _ = gst_element_seek_simple(worker.pipeline, GST_FORMAT_TIME, flags, gint64(MediaTime.nanoseconds(ms: ms)))
            if playing { _ = gst_element_set_state(worker.pipeline, GST_STATE_PLAYING) }
        }
    }

    /// Sets the volume (0 to 1).
    func setVolume(_ volume: Double) {
        run { worker in GProperty.set(worker.pipeline, "volume", volume) }
    }

    /// Mutes or unmutes.
    func setMuted(_ muted: Bool) {
        run { worker in GProperty.set(worker.pipeline, "mute", muted) }
    }

    /// Switches playbin's `current-audio` or `current-text` stream to `index`.
    func selectStream(_ property: String, _ index: Int) {
        run { worker in GProperty.set(worker.pipeline, property, Int32(index)) }
    }

    /// Selects the subtitle stream at `index` and tells `sink` its caps, which the samples after the switch lack.
    func selectText(_ index: Int, into sink: TextSink) {
        run { worker in
            GProperty.set(worker.pipeline, "current-text", Int32(index))
            let pad = vt_playbin_stream_pad(worker.pipeline, "get-text-pad", gint(index))
            defer { pad.map { gst_object_unref($0) } }
            let caps = pad.flatMap { gst_pad_get_current_caps($0) }
            defer { caps.map(vt_caps_unref) }
            sink.follow(streamCaps: caps)
        }
    }

    /// Reads the file's tracks (their tags and pads take playbin's locks, which an opening file holds) and hands them to
    /// `deliver` on this queue.
    func readTracks(_ deliver: @escaping @Sendable (StreamTracks.Listing) -> Void) {
        run { worker in deliver(StreamTracks.read(worker.pipeline, path: worker.path)) }
    }

    /// Looks whether the file shrank since it was opened, and answers with an application message on the
    /// pipeline's bus, so the answer reaches the main thread in order with the pipeline's own messages.
    ///
    /// The message is named `endCheckedName`; `opened` and `now` (bytes) are set when the file was cut short.
    func checkEnd() {
        run { worker in
            let now = FileSnapshot.of(worker.path)
            var description = PipelineWorker.endCheckedName
            if let opened = worker.opened, opened.wasCutShort(now: now), let now {
                description += ", opened=(guint64)\(opened.size), now=(guint64)\(now.size)"
            }
            guard let structure = gst_structure_from_string(description, nil) else { return }
            let source = UnsafeMutableRawPointer(worker.pipeline).assumingMemoryBound(to: GstObject.self)
            gst_element_post_message(worker.pipeline, gst_message_new_application(source, structure))
        }
    }

    /// Skips whatever is still queued and frees the pipeline once the job running now returns.
    ///
    /// Never waits: a state change stuck on a dead share keeps the pipeline until the call returns.
    func shutDown() {
        let first = lock.withLock { () -> Bool in
            defer { closing = true }
            return !closing
        }
        guard first else { return }
        queue.async { [self] in
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
            Self.held.withLock { $0 -= 1 }
            // A pipeline's streaming threads leave their frames' memory free but held in per-thread malloc arenas;
            // without this, RSS climbs with every video played although the live heap does not (heaptrack: 22 MB
            // live after 100 plays while RSS rose 40 MB).
            ProcessTuning.releaseFreedMemory()
        }
    }

    /// Posts a resource error with `text` on the pipeline's bus, as filesrc would for a file it cannot open.
    private func refuse(_ failure: ProbeFailure) {
        refused = true
        lock.withLock { refusedFor = failure }
        postError(failure.text(in: .english))
    }

    private func postError(_ text: String) {
        let error = g_error_new_literal(gst_resource_error_quark(), Int32(GST_RESOURCE_ERROR_FAILED.rawValue), text)
        defer { g_error_free(error) }
        let source = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstObject.self)
        gst_element_post_message(pipeline, gst_message_new_error(source, error, nil))
    }

    private func run(_ job: @escaping @Sendable (PipelineWorker) -> Void) {
        queue.async { [self] in
            guard !lock.withLock({ closing }), !refused else { return }
            job(self)
        }
    }
}
