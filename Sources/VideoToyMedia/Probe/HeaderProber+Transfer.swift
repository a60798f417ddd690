import CAVFormat
import VideoToyCore

extension HeaderProber {
    /// The most a stream-parameter read takes from the file, and the most stream time it looks at.
    static let parameterProbeBytes: Int64 = 1 << 20
    static let parameterProbeMicroseconds: Int64 = 1_000_000

    /// The HDR transfer that the first video stream's own parameters (an H.264 or H.265 SPS's VUI) state, as
    /// libavcodec reads them, for an MP4 or Matroska file; nil when they state none or the file cannot be read.
    ///
    /// GStreamer 1.22's parsers keep the colorimetry the demuxer gives, even when the container's colour fields
    /// say "unspecified" (what ffmpeg writes for an x265 stream whose colour is set only in the encoder's own
    /// parameters), so the discoverer never hears of the VUI's PQ or HLG. Only the video stream is read, within
    /// `parameterProbeBytes` and the deadline.
    static func streamTransfer(path: String, head: [UInt8], timeoutSeconds: Double) -> VideoTransfer? {
        let found = open(path: path, head: head, timeoutSeconds: timeoutSeconds) { context, _ -> VideoTransfer? in
            let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
            guard index >= 0, index < Int32(context.pointee.nb_streams) else { return nil }
            for other in 0..<Int(context.pointee.nb_streams) where other != Int(index) {
                context.pointee.streams[other]?.pointee.discard = AVDISCARD_ALL
            }
            guard let video = context.pointee.streams[Int(index)], let codec = video.pointee.codecpar?.pointee.codec_id,
                codec == AV_CODEC_ID_HEVC || codec == AV_CODEC_ID_H264
            else { return nil }
            context.pointee.probesize = parameterProbeBytes
            context.pointee.max_analyze_duration = parameterProbeMicroseconds
            guard avformat_find_stream_info(context, nil) >= 0, let parameters = video.pointee.codecpar else { return nil }
            return transfer(code: Int(parameters.pointee.color_trc.rawValue))
        }
        return (try? found.get()) ?? nil
    }
}
