import CGLib
import CGStreamer
import VideoToyCore
import VideoToyGObject

/// Learns duration, size, codecs, rotation and track languages of a file, or why it cannot be played.
///
/// MP4/MOV and Matroska/WebM files are read from their container header with libavformat (`HeaderProber`) when it
/// gives every fact the row needs; everything else, and every failure, goes through GStreamer's discoverer. The
/// discoverers are kept in a pool, one per worker at a time, so calls from several threads never share one.
public final class MediaProber: Sendable {
    /// Which readers a prober uses; the benchmark and the tests compare them.
    public enum Readers: Sendable {
        /// The container header first, the discoverer for what it leaves.
        case headerFirst
        /// The discoverer for every file, as before the header reader existed; only subtitle languages still come
        /// from the header, as the discoverer often loses them.
        case discovererOnly
    }

    /// How long one file may take before the probe gives up.
    public let timeoutSeconds: Int
    /// The readers used.
    public let readers: Readers
    private let discoverers: DiscovererPool

    /// Creates a prober whose calls give up after `timeoutSeconds`.
    public init(timeoutSeconds: Int = 10, readers: Readers = .headerFirst) {
        self.timeoutSeconds = max(1, timeoutSeconds)
        self.readers = readers
        discoverers = DiscovererPool(timeoutSeconds: self.timeoutSeconds)
        GStreamer.initialize()
    }

    /// Probes `path`, blocking until done (at most about `timeoutSeconds`); run it off the main thread.
    public func probe(path: String) -> Result<MediaInfo, ProbeFailure> {
        // The discoverer's timeout covers its pipeline, not a stat or read stuck on a share that stopped answering.
        Bounded.run(seconds: Double(timeoutSeconds) + 0.5) { [self] in probeNow(path: path) }
            ?? .failure(.timedOut(seconds: timeoutSeconds))
    }

    private func probeNow(path: String) -> Result<MediaInfo, ProbeFailure> {
        let file: FileCheck.Readable
        switch FileCheck.inspect(path) {
        case .failure(let failure): return .failure(failure)
        case .success(let readable): file = readable
        }
        // Its entries would make the demuxers fetch other files or network addresses: refused before any opens it.
        if let kind = PlaylistSniffer.kind(head: file.head) { return .failure(.playlist(kind: kind)) }
        // The discoverer reads only the index, so an MP4 cut after its index would still look whole; cut in its
        // index it cannot play, cut in its data it plays up to the cut and its row says so.
        var damage: String?
        switch IsoTruncation.looksIso(file.head) ? IsoTruncation.check(path: path, size: file.size) : nil {
        case .incomplete(let detail)?: return .failure(.incomplete(detail: detail))
        case .damaged(let detail)?: damage = detail
        case nil: break
        }
        // Its video and sound are read as the player plays them, the movie as long as they are.
        let stretched = IsoTruncation.looksIso(file.head) ? StretchedMovie.plan(path: path, size: file.size) : nil
        let found: Result<MediaInfo, ProbeFailure>
        if readers == .headerFirst, stretched == nil,
            case .facts(let info) = HeaderProber.probe(path: path, head: file.head, timeoutSeconds: Double(timeoutSeconds))
        {
            found = .success(info)
        } else {
            found = discover(path: path, file: file, patch: stretched.map(SourcePatch.init))
        }
        // qtdemux would start a soundtrack stamped a day in where its stamp says, and count the movie to its end; the
        // player leaves such a track out, so the row's duration is the picture's and its note says why.
        return found.map { info in
            var info = info
            if let late = LateSoundtracks.read(path: path, head: file.head, size: file.size) {
                info.durationMs = min(info.durationMs ?? late.pictureEndMs, late.pictureEndMs)
                damage = [damage, late.note].compactMap { $0 }.joined(separator: "; ")
            }
            info.damage = damage
            info.file = FileFacts(size: Int64(file.size), modified: file.modified)
            return info
        }
    }

    /// Files this small are read by the discoverer in well under a second, unless it lost their error.
    static let quickFileBytes = 1 << 20

    /// How long the first try at a quick file may take; each next one twice that, all within `timeoutSeconds`.
    static let quickTry: Duration = .milliseconds(2500)

    private func discover(path: String, file: FileCheck.Readable, patch: SourcePatch?) -> Result<MediaInfo, ProbeFailure> {
        // GStreamer 1.22's discoverer now and then misses the error a demuxer posts within milliseconds of the start
        // (a small cut or damaged file, a different one each time, most often in a process that has read others
        // before) and waits out its whole timeout; the row then blamed the storage. A quick file gets a short try,
        // then tries twice as long each (a machine this busy may need them), each with a new discoverer.
        let deadline = ContinuousClock.now + .seconds(timeoutSeconds)
        var each: Duration = file.size <= Self.quickFileBytes ? min(.seconds(timeoutSeconds), Self.quickTry) : .seconds(timeoutSeconds)
        var fresh = false
        while true {
            let result = discover(path: path, file: file, patch: patch, fresh: fresh, within: min(each, deadline - .now))
            guard case .failure(.timedOut) = result, deadline - .now >= .seconds(1) else { return result }
            fresh = true
            each = each * 2
        }
    }

    private func discover(
        path: String, file: FileCheck.Readable, patch: SourcePatch?, fresh: Bool, within limit: Duration
    ) -> Result<MediaInfo, ProbeFailure> {
        var error: UnsafeMutablePointer<GError>?
        guard let discoverer = discoverers.take(fresh: fresh, &error) else {
            return .failure(.other(Self.take(error)?.message ?? "Could not create a media discoverer."))
        }
        let limitNs = limit.components.seconds * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000
        // A new one, or one lent before: the timeout is set for this file either way.
        GProperty.set(discoverer, "timeout", UInt64(clamping: max(limitNs, 1_000_000_000)))
        return discover(path: path, file: file, patch: patch, with: discoverer)
    }

    private func discover(
        path: String, file: FileCheck.Readable, patch: SourcePatch?, with discoverer: UnsafeMutablePointer<GstDiscoverer>
    ) -> Result<MediaInfo, ProbeFailure> {
        let head = file.head
        var error: UnsafeMutablePointer<GError>?
        var reusable = true
        defer { discoverers.give(back: discoverer, reusable: reusable) }
        // The patch is for this file's source only: it is disconnected before the discoverer is lent again.
        let handler = patch?.connect(to: UnsafeMutableRawPointer(discoverer))
        defer { if let handler { g_signal_handler_disconnect(UnsafeMutableRawPointer(discoverer), handler) } }
        guard let uri = PathBytes.withCString(path, { gst_filename_to_uri($0, nil) }) else {
            return .failure(.other("Invalid path: \(path)"))
        }
        defer { g_free(uri) }
        let info = gst_discoverer_discover_uri(discoverer, uri, &error)
        let failure = Self.take(error)
        guard let info else { return .failure(.other(failure?.message ?? "Discovery failed.")) }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        switch gst_discoverer_info_get_result(info) {
        case GST_DISCOVERER_OK, GST_DISCOVERER_MISSING_PLUGINS:
            return describe(info, path: path, file: file)
        case GST_DISCOVERER_TIMEOUT:
            // A pipeline that timed out may still hold a stuck streaming thread; that discoverer is not reused.
            reusable = false
            return .failure(.timedOut(seconds: timeoutSeconds))
        default:
            guard let failure else { return .failure(.other("Discovery failed.")) }
            return .failure(map(failure, path: path, head: head))
        }
    }

    /// Maps a GStreamer error, kept with its domain and code by the discoverer, to a user-level reason.
    private func map(_ error: GStreamerError, path: String, head: [UInt8]) -> ProbeFailure {
        if error.domain == gst_stream_error_quark() {
            switch GstStreamError(UInt32(error.code)) {
            case GST_STREAM_ERROR_TYPE_NOT_FOUND, GST_STREAM_ERROR_WRONG_TYPE:
                return .notMedia(contentType: ContentSniffer.guess(name: path, head: head))
            case GST_STREAM_ERROR_CODEC_NOT_FOUND:
                return .missingDecoder(codec: "unknown codec", package: nil)
            default:
                return .incomplete(detail: error.message)
            }
        }
        if error.domain == gst_resource_error_quark() {
            switch GstResourceError(UInt32(error.code)) {
            case GST_RESOURCE_ERROR_NOT_FOUND: return .vanished
            case GST_RESOURCE_ERROR_NOT_AUTHORIZED, GST_RESOURCE_ERROR_OPEN_READ: return .permissionDenied
            default: return .other(error.message)
            }
        }
        return .other(error.message)
    }

    private func describe(_ info: OpaquePointer, path: String, file: FileCheck.Readable) -> Result<MediaInfo, ProbeFailure> {
        let head = file.head
        let missingTypes = Self.missingMediaTypes(info)
        let videos = Self.streams(gst_discoverer_info_get_video_streams(info))
        let audios = Self.streams(gst_discoverer_info_get_audio_streams(info))
        let subtitles = Self.streams(gst_discoverer_info_get_subtitle_streams(info))
        // A still image decodes as a one-frame video, but the library lists only moving pictures.
        let movingVideos = videos.filter { gst_discoverer_video_info_is_image($0.info) == 0 }
        defer { (videos + audios + subtitles).forEach { g_object_unref(UnsafeMutableRawPointer($0.info)) } }
        guard !movingVideos.isEmpty || !audios.isEmpty else {
            // With no decoder at all the discoverer lists no streams; the video codec matters most to name.
            let videoFirst = missingTypes.sorted { ($0.hasPrefix("video/") ? 0 : 1, $0) < ($1.hasPrefix("video/") ? 0 : 1, $1) }
            // GStreamer typefinds a playlist its demuxers would follow; those were taken out of the registry.
            if let kind = missingTypes.lazy.compactMap(PlaylistSniffer.kind(mediaType:)).first {
                return .failure(.playlist(kind: kind))
            }
            if let missing = videoFirst.first {
                guard CodecNames.hasDecoder(forMediaType: missing) else {
                    return .failure(
                        .missingDecoder(
                            codec: CodecNames.fallbackName(missing),
                            package: CodecNames.package(forMediaType: missing)))
                }
                // The installed decoder refused the stream (libav stops at 2^28 pixels): name the stream, not a package.
                let name = CodecNames.fallbackName(missing)
                if missing.hasPrefix("video/"), IsoTruncation.looksIso(head), let size = IsoVideoSize.of(path: path, size: file.size) {
                    return .failure(.missingDecoder(codec: "\(name) at \(size.width)×\(size.height)", package: nil))
                }
                return .failure(.missingDecoder(codec: "this \(name) \(missing.hasPrefix("video/") ? "video" : "audio")", package: nil))
            }
            return .failure(.notMedia(contentType: ContentSniffer.guess(name: path, head: head)))
        }
        let streams = movingVideos + audios
        // Missing decoders fail the file only when nothing in it can play at all.
        guard streams.contains(where: { !missingTypes.contains($0.mediaType) }) else {
            let first = streams[0]
            guard CodecNames.hasDecoder(forMediaType: first.mediaType) else {
                return .failure(.missingDecoder(codec: first.codec, package: CodecNames.package(forMediaType: first.mediaType)))
            }
            // The decoder is installed but refused this stream: say what is unusual about it, not what to install.
            var codec = first.codec
            if let video = movingVideos.first, video.info == first.info {
                codec += " at \(gst_discoverer_video_info_get_width(video.info))×\(gst_discoverer_video_info_get_height(video.info))"
            }
            return .failure(.missingDecoder(codec: codec, package: nil))
        }
        var media = MediaInfo()
        let duration = gst_discoverer_info_get_duration(info)
        if duration != vt_clock_time_none() { media.durationMs = MediaTime.durationMs(nanoseconds: UInt64(duration)) }
        if let video = movingVideos.first {
            media.videoSize = PixelSize(
                width: Int(gst_discoverer_video_info_get_width(video.info)),
                height: Int(gst_discoverer_video_info_get_height(video.info)))
            media.videoCodec = video.codec
            media.rotation = Self.rotation(video.info) ?? Self.rotation(tags: gst_discoverer_info_get_tags(info)) ?? 0
            media.interlaced = gst_discoverer_video_info_is_interlaced(video.info) != 0
            let traits = VideoTraits.of(video.info)
            media.bitDepth = traits.bitDepth
            media.transfer = traits.transfer
            // The parser keeps a container's "unspecified" colour over the stream's own: HDR needs more than 8 bits.
            if traits.transfer == nil, (traits.bitDepth ?? 8) > 8, ["video/x-h264", "video/x-h265"].contains(video.mediaType) {
                media.transfer = HeaderProber.streamTransfer(path: path, head: head, timeoutSeconds: Double(timeoutSeconds))
            }
        }
        media.container = VideoTraits.container(of: info)
        var dts: TransportDTS.Plan?
        if media.container == .mpegTS || media.container == .m2ts {
            // The demuxer spans clock references too far apart for a clip of a second or two: it gives no duration.
            if media.durationMs == nil { media.durationMs = TransportTimes.durationMs(path: path, size: file.size) }
            dts = TransportDTS.plan(path: path, size: file.size)
            if let skipped = dts?.unchecked, skipped > 0 {
                media.missingDecoders.append(skipped == 1 ? Self.skippedDTS : "\(skipped) × " + Self.skippedDTS)
            }
        }
        media.audioCodec = audios.first?.codec
        media.audioLanguages = audios.map { Self.language(gst_discoverer_audio_info_get_language($0.info)) }
        // The discoverer's demuxer skips the DTS soundtracks whose table the player rewrites: they are counted here.
        if let dts, dts.dts > 0 {
            media.audioCodec = media.audioCodec ?? "DTS"
            media.audioLanguages += dts.languages
            if !CodecNames.hasDecoder(forMediaType: "audio/x-dts") { media.missingDecoders.append("DTS") }
        }
        media.missingDecoders = streams.filter { missingTypes.contains($0.mediaType) }.map(\.codec) + media.missingDecoders
        let facts = subtitleFacts(subtitles, missingTypes, path: path, head: head)
        media.subtitleLanguages = facts.languages
        media.missingDecoders += facts.missing
        media.unshownSubtitles = facts.pictures
        return .success(media)
    }

    /// Each subtitle stream's language, the names of the text subtitle formats nothing here shows, and the picture
    /// formats (each once), which the app never draws. Languages (and the names of formats GStreamer does not know)
    /// come from the container header when it lists as many subtitle streams: the discoverer often loses a sparse
    /// stream's tags.
    private func subtitleFacts(
        _ subtitles: [Stream], _ missingTypes: Set<String>, path: String, head: [UInt8]
    ) -> (languages: [Language?], missing: [String], pictures: [String]) {
        let listed = subtitles.isEmpty ? nil : HeaderProber.subtitleStreams(path: path, head: head, timeoutSeconds: Double(timeoutSeconds))
        let header = listed?.count == subtitles.count ? listed : nil
        var languages: [Language?] = []
        var missing: [String] = [], pictures: [String] = []
        for (index, stream) in subtitles.enumerated() {
            languages.append(header.map { $0[index].language } ?? Self.language(gst_discoverer_subtitle_info_get_language(stream.info)))
            if header?[index].isReadByApp == true { continue }
            if SubtitleFormats.isPicture(mediaType: stream.mediaType) {
                let name = SubtitleFormats.name(mediaType: stream.mediaType)
                if !pictures.contains(name) { pictures.append(name) }
                continue
            }
            // Text subtitles are raw to the discoverer: whether anything shows them is asked separately.
            guard missingTypes.contains(stream.mediaType) || !SubtitleFormats.canShow(mediaType: stream.mediaType) else { continue }
            let unknown = stream.mediaType.hasSuffix("-unknown")
            missing.append((unknown ? header?[index].name : nil) ?? SubtitleFormats.missing(mediaType: stream.mediaType))
        }
        return (languages, missing, pictures)
    }

    /// How the row names a DTS soundtrack GStreamer's MPEG-TS demuxer skips ("no decoder for …"): one of type 0x82
    /// whose payload the first megabyte does not reach, so the player cannot check it is DTS and leaves it.
    static let skippedDTS = "DTS soundtrack (MPEG-TS type 0x82 without a DTS or Blu-ray registration, skipped by GStreamer 1.22)"

    private struct Stream {
        let info: OpaquePointer
        let mediaType: String
        let codec: String
    }

    /// Takes a reference to each stream of a discoverer list, then frees the list.
    private static func streams(_ list: UnsafeMutablePointer<GList>?) -> [Stream] {
        var result: [Stream] = []
        var node = list
        while let current = node {
            if let raw = current.pointee.data {
                let info = OpaquePointer(raw)
                g_object_ref(raw)
                var type = "unknown", codec = "unknown"
                if let caps = gst_discoverer_stream_info_get_caps(info) {
                    type = CodecNames.mediaType(caps) ?? type
                    codec = CodecNames.name(caps)
                    vt_caps_unref(caps)
                }
                result.append(Stream(info: info, mediaType: type, codec: codec))
            }
            node = current.pointee.next
        }
        g_list_free_full(list) { g_object_unref($0) }
        return result
    }

    private static func language(_ tag: UnsafePointer<gchar>?) -> Language? {
        tag.flatMap { Language(tag: String(cString: $0)) }
    }

    /// Media types named by the discoverer's missing-plugin details ("…|decoder-video/x-dirac").
    private static func missingMediaTypes(_ info: OpaquePointer) -> Set<String> {
        guard let details = gst_discoverer_info_get_missing_elements_installer_details(info) else { return [] }
        var types: Set<String> = []
        var index = 0
        while let detail = details[index] {
            let text = String(cString: detail)
            if let last = text.split(separator: "|").last, last.hasPrefix("decoder-") {
                // The field holds caps; the media type is the part before the first comma.
                let caps = last.dropFirst("decoder-".count)
                types.insert(String(caps.split(separator: ",").first ?? caps))
            }
            index += 1
        }
        return types
    }

    private static func rotation(_ stream: OpaquePointer) -> Int? {
        rotation(tags: gst_discoverer_stream_info_get_tags(stream))
    }

    /// Degrees from an `image-orientation` tag; flips are ignored, only the turn is kept.
    private static func rotation(tags: UnsafePointer<GstTagList>?) -> Int? {
        guard let tags else { return nil }
        var value: UnsafeMutablePointer<gchar>?
        guard gst_tag_list_get_string(tags, "image-orientation", &value) != 0, let value else { return nil }
        defer { g_free(value) }
        let text = String(cString: value)
        for degrees in [90, 180, 270] where text.hasSuffix("rotate-\(degrees)") { return degrees }
        return 0
    }

    private struct GStreamerError {
        let domain: GQuark
        let code: Int32
        let message: String
    }

    private static func take(_ error: UnsafeMutablePointer<GError>?) -> GStreamerError? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return GStreamerError(
            domain: error.pointee.domain, code: error.pointee.code,
            message: error.pointee.message.map { String(cString: $0) } ?? "Unknown error.")
    }
}
