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
            (0..<Int(context.pointee.nb_streams)).compactMap { index -> SubtitleStream? in
                guard let stream = context.pointee.streams[index], let parameters = stream.pointee.codecpar,
                    parameters.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE
                else { return nil }
                return SubtitleStream(
                    language: taggedLanguage(stream), name: HeaderCodecs.subtitleName(parameters.pointee),
                    isReadByApp: isReadByApp(parameters.pointee, container: container))
            }
        }
        return try? listed.get()
    }

    /// Whether the app reads a subtitle stream's cues itself rather than through the player: WebVTT in Matroska and
    /// WebM, which GStreamer's Matroska reader of this release does not know.
    static func isReadByApp(_ parameters: AVCodecParameters, container: Container) -> Bool {
        container == .matroska && parameters.codec_id == AV_CODEC_ID_WEBVTT
    }
}
