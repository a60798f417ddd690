import CAVFormat
import VideoToyCore

/// The tracks of an MP4 or MOV file that GStreamer 1.22's MP4 demuxer (qtdemux) leaves out.
///
/// qtdemux takes any track shorter than a fifth of the movie's duration (the 'mdhd' duration against the 'mvhd'
/// one) for a preview picture and never exposes it: a short subtitle track (a few forced lines, one sign) is then
/// missing from the player although the header lists it. The rule is applied here as qtdemux applies it, to the
/// durations libavformat read from the same boxes; a fragmented file whose 'mvhd' has no duration is left alone, as
/// qtdemux leaves it.
enum QtdemuxShortTracks {
    /// Whether qtdemux skips stream `index` of the MP4/MOV header open in `context`.
    static func isSkipped(_ context: UnsafeMutablePointer<AVFormatContext>, stream index: Int) -> Bool {
        guard index >= 0, index < Int(context.pointee.nb_streams), let stream = context.pointee.streams[index] else { return false }
        let movie = context.pointee.duration
        let duration = stream.pointee.duration
        let base = stream.pointee.time_base
        // Numbers from the file: none of them may be trusted to be positive or to fit once scaled.
        guard duration != vt_av_nopts_value(), base.num > 0, base.den > 0,
            let trackMs = MediaTime.durationMs(microseconds: av_rescale_q(duration, base, AVRational(num: 1, den: vt_av_time_base()))),
            movie != vt_av_nopts_value(), let movieMs = MediaTime.durationMs(microseconds: movie)
        else { return false }
        // qtdemux: (track × 10 / movie) < 2, in whole tenths; both are at most 100 years of milliseconds, so this fits.
        return trackMs * 10 / movieMs < 2
    }

    /// Whether stream `index` is an MP4 timed-text track qtdemux skips, whose cues the app reads itself.
    static func isSkippedTimedText(_ context: UnsafeMutablePointer<AVFormatContext>, stream index: Int) -> Bool {
        guard index >= 0, index < Int(context.pointee.nb_streams), let parameters = context.pointee.streams[index]?.pointee.codecpar,
            parameters.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE, parameters.pointee.codec_id == AV_CODEC_ID_MOV_TEXT
        else { return false }
        return isSkipped(context, stream: index)
    }
}
