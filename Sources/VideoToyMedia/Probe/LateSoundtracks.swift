import CAVFormat
import VideoToyCore
import VideoToyPOSIX

/// Soundtracks of a fragmented MP4 whose first decode time puts them long after the picture has ended.
///
/// Each fragment's 'tfdt' gives a track's first decode time. A muxer that stores −1 there as a 32-bit number
/// (4,294,967,295 ticks: 27 hours at 44.1 kHz) makes GStreamer 1.22's qtdemux start that track a day in: the sound
/// waits on the clock, the picture never finishes, and the movie lasts a day. No offset can be trusted in its place
/// (the sound may belong anywhere), so such a soundtrack is left out and the row says so. The times are the ones
/// libavformat reads from the same fragments.
enum LateSoundtracks {
    /// How long after the picture's end a soundtrack must start to be left out: a real file's tracks start together,
    /// and a track that starts a little late is still played as it is.
    static let slackMs = 60_000
    /// The most a read of the file's fragments may take.
    static let readSeconds = 2.0

    /// One audio or video track's span on the file's timeline.
    struct Track: Equatable, Sendable {
        /// Whether it is a video track (otherwise a soundtrack).
        let isVideo: Bool
        /// Its first decode time.
        let startMs: Int
        /// The end of its last sample.
        let endMs: Int
    }

    /// The soundtracks left out of one file.
    struct Finding: Equatable, Sendable {
        /// The places of the late ones among the file's soundtracks, in the file's order.
        let late: [Int]
        /// How many soundtracks the file has.
        let soundtracks: Int
        /// Where the earliest late soundtrack starts.
        let startMs: Int
        /// Where the last video track ends.
        let pictureEndMs: Int

        /// Whether no soundtrack is left to play.
        var leavesNoSound: Bool { late.count == soundtracks }

        /// What the row says of them.
        var note: String {
            let what = late.count == 1 ? (soundtracks == 1 ? "sound" : "soundtrack \(late[0] + 1)") : "\(late.count) soundtracks"
            let starts = late.count == 1 ? "it starts at" : "they start from"
            return "\(what) left out: \(starts) \(TimeFormat.clock(milliseconds: startMs)), after the picture ends"
        }
    }

    /// The soundtracks of `tracks` (in the file's order) that start more than `slackMs` after every video track ends.
    static func judge(_ tracks: [Track]) -> Finding? {
        let pictures = tracks.filter(\.isVideo)
        guard let pictureEnd = pictures.map(\.endMs).max(), pictureEnd > 0 else { return nil }
        let sounds = tracks.filter { !$0.isVideo }
        let late = sounds.indices.filter { sounds[$0].startMs - pictureEnd > slackMs }
        guard let start = late.map({ sounds[$0].startMs }).min() else { return nil }
        return Finding(late: late, soundtracks: sounds.count, startMs: start, pictureEndMs: pictureEnd)
    }

    /// The late soundtracks of the fragmented MP4 at `path` (`head` its first bytes, `size` its length); nil for any
    /// other file, or when the fragments cannot be read within `readSeconds`.
    static func read(path: String, head: [UInt8], size: Int) -> Finding? {
        guard IsoTruncation.looksIso(head), isFragmented(path: path, size: size) else { return nil }
        let found = HeaderProber.open(path: path, head: head, timeoutSeconds: readSeconds) { context, _ in
            judge(tracks(context))
        }
        return (try? found.get()) ?? nil
    }

    /// The audio and video tracks libavformat indexed, with their first and last times; tracks it gives no
    /// plausible times for are not listed.
    private static func tracks(_ context: UnsafeMutablePointer<AVFormatContext>) -> [Track] {
        var found: [Track] = []
        for index in 0..<Int(context.pointee.nb_streams) {
            guard let stream = context.pointee.streams[index], let parameters = stream.pointee.codecpar else { continue }
            let type = parameters.pointee.codec_type
            guard type == AVMEDIA_TYPE_VIDEO || type == AVMEDIA_TYPE_AUDIO else { continue }
            if stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 { continue }
            let count = avformat_index_get_entries_count(stream)
            guard count > 0, let first = avformat_index_get_entry(stream, 0), let last = avformat_index_get_entry(stream, count - 1)
            else { continue }
            // For a fragmented track libavformat's duration is where its last sample ends, from the first decode time.
            let duration = stream.pointee.duration
            let end = duration == vt_av_nopts_value() ? last.pointee.timestamp : max(last.pointee.timestamp, duration)
            guard let startMs = milliseconds(first.pointee.timestamp, stream.pointee.time_base),
                let endMs = milliseconds(end, stream.pointee.time_base), endMs >= startMs
            else { continue }
            found.append(Track(isVideo: type == AVMEDIA_TYPE_VIDEO, startMs: startMs, endMs: endMs))
        }
        return found
    }

    /// `ticks` of `base` in milliseconds, or nil when either is implausible (negative, or beyond a century).
    private static func milliseconds(_ ticks: Int64, _ base: AVRational) -> Int? {
        guard ticks >= 0, base.num > 0, base.den > 0 else { return nil }
        // Rescaled with 128-bit intermediates; a result past Int64 comes back as INT64_MIN, refused below.
        let ms = av_rescale_q(ticks, base, AVRational(num: 1, den: 1000))
        guard ms >= 0, ms <= Int64(MediaTime.longestMs) else { return nil }
        return Int(ms)
    }

    /// Whether the file's top-level boxes include a movie fragment ('moof') among the first `fragmentSearch` boxes.
    static func isFragmented(path: String, size: Int) -> Bool {
        guard let file = OpenFile.reading(path) else { return false }
        var offset = 0
        for _ in 0..<fragmentSearch where offset + 8 <= size {
            guard let header = file.read(upTo: 16, at: offset), header.count >= 8 else { return false }
            let box = IsoBox.parse(header, at: offset, fileSize: size)
            if box.type == "moof" { return true }
            guard box.isValid, box.length > 0, box.end <= size else { return false }
            offset = box.end
        }
        return false
    }

    /// How many top-level boxes are looked at for a fragment: writers put the first one right after the movie box.
    static let fragmentSearch = 16
}
