import CAVFormat
import VideoToyCore

/// The default and forced marks of a file's audio and subtitle streams, as the container stores them.
///
/// GStreamer's stream flags have no "forced" (and demuxers set "select" unevenly), so libavformat reads the marks
/// from the header; playbin counts each kind's streams in the same order.
struct TrackDispositions: Equatable {
    /// One stream's marks.
    struct Marks: Equatable {
        /// Marked as the track to use by default.
        let isDefault: Bool
        /// Marked forced.
        let isForced: Bool
        /// The language tag the container gives the stream.
        let language: String?
        /// libavformat's name for the codec ("subrip", "ass", "aac").
        let codec: String?
        /// The stream's own title (Matroska's track name), nil when it has none.
        var title: String? = nil
        /// Whether the player never lists the stream and the app reads its cues itself (`ContainerCueReader`).
        var isReadByApp = false
    }

    /// The audio streams' marks, in stream order.
    let audio: [Marks]
    /// The subtitle streams' marks, in stream order.
    let subtitles: [Marks]
    /// The file's own title: qtdemux hands it to every stream as that stream's title tag.
    var fileTitle: String? = nil

    /// Reads the header of the local file at `path`, giving up after `timeoutSeconds`; nil when it cannot be read.
    static func read(_ path: String, timeoutSeconds: Double = 3) -> TrackDispositions? {
        let deadline = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
        defer { deadline.deallocate() }
        deadline.pointee = av_gettime_relative() + Int64(timeoutSeconds * 1_000_000)
        var context = vt_av_context_with_deadline(deadline)
        guard context != nil else { return nil }
        var options: OpaquePointer?
        // Only the file itself: no external data references, no other protocol a crafted header could name.
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        defer { av_dict_free(&options) }
        let opened = PathBytes.withCString("file:" + path) { avformat_open_input(&context, $0, nil, &options) }
        guard opened >= 0, let context else { return nil }
        defer {
            var closing: UnsafeMutablePointer<AVFormatContext>? = context
            avformat_close_input(&closing)
        }
        var audio: [Marks] = [], subtitles: [Marks] = []
        for index in 0..<Int(context.pointee.nb_streams) {
            guard let stream = context.pointee.streams[index], let parameters = stream.pointee.codecpar else { continue }
            let disposition = stream.pointee.disposition
            let marks = Marks(
                isDefault: disposition & AV_DISPOSITION_DEFAULT != 0, isForced: disposition & AV_DISPOSITION_FORCED != 0,
                language: tag(stream.pointee.metadata, "language"),
                codec: avcodec_get_name(parameters.pointee.codec_id).map { String(cString: $0) },
                title: tag(stream.pointee.metadata, "title"),
                isReadByApp: isIso(context) && QtdemuxShortTracks.isSkippedTimedText(context, stream: index))
            switch parameters.pointee.codec_type {
            case AVMEDIA_TYPE_AUDIO: audio.append(marks)
            case AVMEDIA_TYPE_SUBTITLE: subtitles.append(marks)
            default: break
            }
        }
        return TrackDispositions(audio: audio, subtitles: subtitles, fileTitle: tag(context.pointee.metadata, "title"))
    }

    /// Whether libavformat read the file as MP4/MOV, whose short tracks qtdemux skips.
    private static func isIso(_ context: UnsafeMutablePointer<AVFormatContext>) -> Bool {
        guard let format = context.pointee.iformat else { return false }
        return String(cString: format.pointee.name).hasPrefix("mov,")
    }

    private static func tag(_ metadata: OpaquePointer?, _ key: String) -> String? {
        guard let value = av_dict_get(metadata, key, nil, 0)?.pointee.value else { return nil }
        let text = String(cString: value).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }
}
