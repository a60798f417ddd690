import CAVFormat
import VideoToyCore

extension HeaderProber {
    /// One subtitle stream as the container header lists it.
    struct SubtitleStream: Equatable, Sendable {
        /// The language its tag gives, nil when the tag names none.
        let language: Language?
        /// The format's name when people know it by one, such as "WebVTT subtitles".
        let name: String?
        /// Whether the app reads the stream's cues itself (`ContainerCueReader`: WebVTT in Matroska and WebM), where
        /// GStreamer lists it as a format it does not know.
        let isReadByApp: Bool
    }

    /// The subtitle streams of an MP4 or Matroska file in stream order, or nil when the header cannot be read.
    ///
    /// The discoverer learns a subtitle stream's language from tags that travel with its first data, and stops
    /// collecting tags once the audio and video have prerolled; subtitles are sparse, so the tags often come too
    /// late and the language is lost, differently from one run to the next. The header always has them, so the
    /// discoverer path takes subtitle languages from here whenever it can.
    static func subtitleStreams(path: String, head: [UInt8], timeoutSeconds: Double) -> [SubtitleStream]? {
        let listed = open(path: path, head: head, timeoutSeconds: timeoutSeconds) { context, container in
            let mkvmerge = mkvmergeWebVTT(context, container: container, path: path)
            return (0..<Int(context.pointee.nb_streams)).compactMap { index -> SubtitleStream? in
                guard let stream = context.pointee.streams[index], let parameters = stream.pointee.codecpar,
                    parameters.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE
                else { return nil }
                let readByApp = isReadByApp(context, stream: index, container: container, mkvmergeWebVTT: mkvmerge)
                return SubtitleStream(
                    language: taggedLanguage(stream),
                    name: readByApp && container == .matroska ? "WebVTT subtitles" : HeaderCodecs.subtitleName(parameters.pointee),
                    isReadByApp: readByApp)
            }
        }
        return try? listed.get()
    }

    /// Whether the app reads a subtitle stream's cues itself rather than through the player: WebVTT in Matroska and
    /// WebM, which GStreamer's Matroska reader of this release does not know, in WebM's form or in mkvmerge's (the
    /// streams `mkvmergeWebVTT` found), and MP4 timed text too short for qtdemux to expose (`QtdemuxShortTracks`).
    static func isReadByApp(
        _ context: UnsafeMutablePointer<AVFormatContext>, stream index: Int, container: Container, mkvmergeWebVTT: Set<Int>
    ) -> Bool {
        if container == .iso { return QtdemuxShortTracks.isSkippedTimedText(context, stream: index) }
        guard container == .matroska, let parameters = context.pointee.streams[index]?.pointee.codecpar else { return false }
        return parameters.pointee.codec_id == AV_CODEC_ID_WEBVTT || mkvmergeWebVTT.contains(index)
    }

    /// The indexes of the streams that are WebVTT as mkvmerge writes it (`S_TEXT/WEBVTT`), which libavformat of this
    /// release lists as subtitles without a codec; the header's tracks are read only when there is such a stream,
    /// and matched to the streams by order among the subtitle tracks when both list as many.
    static func mkvmergeWebVTT(_ context: UnsafeMutablePointer<AVFormatContext>, container: Container, path: String) -> Set<Int> {
        guard container == .matroska else { return [] }
        let subtitles = (0..<Int(context.pointee.nb_streams)).filter { index in
            context.pointee.streams[index]?.pointee.codecpar?.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE
        }
        let unnamed = subtitles.contains { context.pointee.streams[$0]?.pointee.codecpar?.pointee.codec_id == AV_CODEC_ID_NONE }
        guard unnamed, let codecs = MatroskaTracks.subtitleCodecIDs(path: path, size: Int(max(0, avio_size(context.pointee.pb)))),
            codecs.count == subtitles.count
        else { return [] }
        return Set(
            zip(subtitles, codecs).filter { index, codec in
                codec == "S_TEXT/WEBVTT" && context.pointee.streams[index]?.pointee.codecpar?.pointee.codec_id == AV_CODEC_ID_NONE
            }.map(\.0))
    }
}
