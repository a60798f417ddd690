import CAVFormat
import Foundation
import VideoToyCore

/// Reads the subtitle tracks GStreamer 1.22 does not demux with libavformat: WebVTT in Matroska and WebM, which its
/// Matroska reader does not know, and MP4 timed text too short for qtdemux to expose (`QtdemuxShortTracks`).
/// libavformat gives each cue as a packet of that stream: WebVTT's text as the payload and its settings as side data,
/// timed text as a 16-bit length and the text (style boxes after it are left out).
///
/// The whole file is read, so the read is bounded: only the WebVTT streams' packets are kept (the others are
/// discarded as they are read), it gives up after `seconds` or once a track's text passes
/// `EmbeddedWebVTT.largestText`, and a file that cannot be read on ends it; the cues before the end are kept and the
/// track's note says what happened.
enum ContainerCueReader {
    /// How long a read may take: a long film read from a local disk fits, a share that stops answering does not.
    static let seconds = 10.0

    /// The WebVTT tracks of the file at `path` with their cues; nothing for a file without any, or that cannot be
    /// opened in time.
    static func read(_ path: String, seconds: Double = seconds) -> ContainerSubtitles {
        // libavformat's own deadline covers its reads; a share whose open or read blocks in the kernel needs this one.
        Bounded.run(seconds: seconds + 1) { readBlocking(path, seconds: seconds) } ?? ContainerSubtitles()
    }

    private struct Stream {
        let index: Int
        let track: MediaTrack
        let timeBase: AVRational
        /// mkvmerge's form: the settings travel in a BlockAdditional, after its 8-byte ID and before the identifier.
        let isMkvmerge: Bool
        /// MP4 timed text (`tx3g`): the payload starts with the text's length.
        var isTimedText = false
        var cues = EmbeddedWebVTT()
    }

    private static func readBlocking(_ path: String, seconds: Double) -> ContainerSubtitles {
        let deadline = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
        defer { deadline.deallocate() }
        deadline.pointee = av_gettime_relative() + Int64(seconds * 1_000_000)
        var context = vt_av_context_with_deadline(deadline)
        guard context != nil else { return ContainerSubtitles() }
        var options: OpaquePointer?
        // Only the file itself: no external data references, no other protocol a crafted header could name.
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        // Only the Matroska and MP4 demuxers: the playlist ones (hls, dash, concat) would open other files a crafted file
        // names.
        av_dict_set(&options, "format_whitelist", "matroska,webm,mov,mp4,m4a,3gp,3g2,mj2", 0)
        defer { av_dict_free(&options) }
        let opened = PathBytes.withCString("file:" + path) { avformat_open_input(&context, $0, nil, &options) }
        guard opened >= 0, let context else { return ContainerSubtitles() }
        defer {
            var closing: UnsafeMutablePointer<AVFormatContext>? = context
            avformat_close_input(&closing)
        }
        guard let format = context.pointee.iformat else { return ContainerSubtitles() }
        let name = String(cString: format.pointee.name)
        let container: HeaderProber.Container
        if name.contains("matroska") {
            container = .matroska
        } else if name.hasPrefix("mov,") {
            container = .iso
        } else {
            return ContainerSubtitles()
        }
        var streams = appReadStreams(context, container: container, path: path)
        guard !streams.isEmpty else { return ContainerSubtitles() }
        let end = readPackets(context, into: &streams, deadline: deadline.pointee)
        return ContainerSubtitles(
            tracks: streams.map(\.track), cues: Dictionary(uniqueKeysWithValues: streams.map { ($0.track.id, $0.cues.cues) }), end: end)
    }

    /// The streams the app reads itself, named `subtitles/N` by their place among the file's subtitle streams; every
    /// other stream is discarded.
    private static func appReadStreams(
        _ context: UnsafeMutablePointer<AVFormatContext>, container: HeaderProber.Container, path: String
    ) -> [Stream] {
        var found: [Stream] = []
        var subtitleNumber = 0
        let mkvmerge = HeaderProber.mkvmergeWebVTT(context, container: container, path: path)
        for index in 0..<Int(context.pointee.nb_streams) {
            guard let stream = context.pointee.streams[index], let parameters = stream.pointee.codecpar else { continue }
            guard parameters.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE else {
                stream.pointee.discard = AVDISCARD_ALL
                continue
            }
            defer { subtitleNumber += 1 }
            guard HeaderProber.isReadByApp(context, stream: index, container: container, mkvmergeWebVTT: mkvmerge) else {
                stream.pointee.discard = AVDISCARD_ALL
                continue
            }
            let disposition = stream.pointee.disposition
            let track = MediaTrack(
                id: .subtitles(subtitleNumber), language: tag(stream, "language").flatMap(Language.init(tag:)), title: tag(stream, "title"),
                codec: container == .iso ? "mov_text" : SubtitleFormat.webVTT.label, isDefault: disposition & AV_DISPOSITION_DEFAULT != 0,
                isForced: disposition & AV_DISPOSITION_FORCED != 0)
            found.append(
                Stream(
                    index: index, track: track, timeBase: stream.pointee.time_base,
                    isMkvmerge: container == .matroska && parameters.pointee.codec_id != AV_CODEC_ID_WEBVTT,
                    isTimedText: container == .iso))
        }
        return found
    }

    /// Reads packets to the end of the file, the deadline or the size bound, keeping the WebVTT streams' cues.
    private static func readPackets(_ context: UnsafeMutablePointer<AVFormatContext>, into streams: inout [Stream], deadline: Int64)
        -> CueReadEnd
    {
        guard let packet = av_packet_alloc() else { return .damaged(atMs: nil) }
        var freeing: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&freeing) }
        var lastMs: Int? { streams.compactMap(\.cues.lastStartMs).max() }
        while true {
            let result = av_read_frame(context, packet)
            if result == vt_averror_again() {
                // A reader that keeps asking to be called again must not spin past the deadline.
                if av_gettime_relative() > deadline { return .tookTooLong(atMs: lastMs) }
                continue
            }
            guard result >= 0 else {
                if av_gettime_relative() > deadline || result == vt_averror_exit() { return .tookTooLong(atMs: lastMs) }
                return result == vt_averror_eof() ? .complete : .damaged(atMs: lastMs)
            }
            defer { av_packet_unref(packet) }
            guard let at = streams.firstIndex(where: { $0.index == Int(packet.pointee.stream_index) }) else { continue }
            let timeBase = streams[at].timeBase
            let start = packet.pointee.pts != vt_av_nopts_value() ? packet.pointee.pts : packet.pointee.dts
            guard start != vt_av_nopts_value(), timeBase.den > 0 else { continue }
            let startMs = Int(av_rescale_q(start, timeBase, AVRational(num: 1, den: 1000)))
            let durationMs = Int(av_rescale_q(packet.pointee.duration, timeBase, AVRational(num: 1, den: 1000)))
            var text = packet.pointee.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(max(0, packet.pointee.size)))) } ?? []
            if streams[at].isTimedText { text = timedText(text) }
            let settings = streams[at].isMkvmerge ? blockAdditionalSettings(packet) : sideData(packet, AV_PKT_DATA_WEBVTT_SETTINGS)
            guard streams[at].cues.add(startMs: startMs, durationMs: durationMs, text: text, settings: settings) else {
                return .tooLarge(atMs: lastMs)
            }
            if av_gettime_relative() > deadline { return .tookTooLong(atMs: lastMs) }
        }
    }

    /// The text of a timed-text sample: its first two bytes give the text's length (big-endian), which the sample must
    /// hold; the style boxes after the text are left out.
    static func timedText(_ sample: [UInt8]) -> [UInt8] {
        guard sample.count >= 2 else { return [] }
        let length = Int(sample[0]) << 8 | Int(sample[1])
        return Array(sample.dropFirst(2).prefix(length))
    }

    private static func sideData(_ packet: UnsafeMutablePointer<AVPacket>, _ type: AVPacketSideDataType) -> [UInt8] {
        var size = 0
        return av_packet_get_side_data(packet, type, &size).map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    /// The cue settings of an `S_TEXT/WEBVTT` block: its BlockAdditional holds an 8-byte BlockAddID, then the settings,
    /// the identifier and any comments, one to a line.
    private static func blockAdditionalSettings(_ packet: UnsafeMutablePointer<AVPacket>) -> [UInt8] {
        let additional = sideData(packet, AV_PKT_DATA_MATROSKA_BLOCKADDITIONAL)
        guard additional.count > 8 else { return [] }
        return Array(additional.dropFirst(8).prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") })
    }

    private static func tag(_ stream: UnsafeMutablePointer<AVStream>, _ key: String) -> String? {
        guard let entry = av_dict_get(stream.pointee.metadata, key, nil, 0), let value = entry.pointee.value else { return nil }
        let text = String(cString: value).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }
}
