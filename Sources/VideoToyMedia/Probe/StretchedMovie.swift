import VideoToyCore
import VideoToyPOSIX

/// An MP4 whose movie duration ('mvhd') a subtitle track stretches so far that GStreamer 1.22's qtdemux skips the
/// video and sound, and the duration qtdemux is to read instead.
///
/// qtdemux takes any track shorter than a fifth of the movie for a preview picture and never exposes it. A DVD rip's
/// VobSub track whose last cue lies far past the picture (39.5 s for 6 s of video) makes the movie that long, and the
/// video and sound are then "previews": the file plays as subtitles alone. Read as lasting as long as its longest
/// video or sound track, the movie keeps them, while a real preview (a short video beside the film) stays skipped.
enum StretchedMovie {
    /// The duration field to rewrite as qtdemux reads it.
    struct Plan: Equatable, Sendable {
        /// Where the 'mvhd' duration is in the file.
        let offset: Int
        /// Its bytes as the file holds them.
        let old: [UInt8]
        /// The longest video or sound track's duration in the movie's time scale, big-endian, as long as `old`.
        let new: [UInt8]
        /// That duration in milliseconds.
        let movieMs: Int
    }

    /// One track's duration and kind, as its 'mdhd' and 'hdlr' give them.
    struct Track: Equatable, Sendable {
        /// Ticks per second.
        let timescale: UInt64
        /// Duration in ticks.
        let duration: UInt64
        /// Whether it is a video or sound track ('vide', 'soun').
        let isPictureOrSound: Bool
    }

    /// The most boxes looked at on each level, and the most 'trak' boxes: a header is not a place for thousands.
    static let boxLimit = 64

    /// The plan for the MP4 at `path` (`size` bytes), or nil when qtdemux keeps its video and sound as they are.
    static func plan(path: String, size: Int) -> Plan? {
        guard let file = OpenFile.reading(path) else { return nil }
        let reader = Reader(file: file, size: size)
        guard let moov = reader.children(of: 0..<size).first(where: { $0.type == "moov" }) else { return nil }
        let movie = reader.children(of: moov.body)
        guard let mvhd = movie.first(where: { $0.type == "mvhd" }), let header = reader.timing(mvhd) else { return nil }
        let tracks = movie.filter { $0.type == "trak" }.compactMap { trak -> Track? in
            guard let mdia = reader.children(of: trak.body).first(where: { $0.type == "mdia" }) else { return nil }
            let media = reader.children(of: mdia.body)
            guard let mdhd = media.first(where: { $0.type == "mdhd" }), let timing = reader.timing(mdhd),
                let hdlr = media.first(where: { $0.type == "hdlr" }), let handler = reader.bytes(hdlr.body.lowerBound + 8, 4)
            else { return nil }
            let kind = String(decoding: handler, as: UTF8.self)
            return Track(timescale: timing.timescale, duration: timing.duration, isPictureOrSound: kind == "vide" || kind == "soun")
        }
        guard let duration = movieDuration(timescale: header.timescale, duration: header.duration, tracks: tracks),
            let old = reader.bytes(header.durationOffset, header.durationLength)
        else { return nil }
        let new = (0..<header.durationLength).map { UInt8(truncatingIfNeeded: duration >> UInt64(8 * (header.durationLength - 1 - $0))) }
        let (scaled, overflow) = duration.multipliedReportingOverflow(by: 1000)
        guard !overflow, let ms = MediaTime.durationMs(Int(exactly: scaled / header.timescale)) else { return nil }
        return Plan(offset: header.durationOffset, old: old, new: new, movieMs: ms)
    }

    /// The movie duration (in `timescale` ticks) under which qtdemux keeps the video and sound tracks it would skip
    /// under `duration`; nil when it skips none of them, or keeping them needs no shorter movie.
    static func movieDuration(timescale: UInt64, duration: UInt64, tracks: [Track]) -> UInt64? {
        guard timescale > 0, duration > 0 else { return nil }
        let main = tracks.filter { $0.isPictureOrSound && $0.timescale > 0 && $0.duration != UInt64(UInt32.max) }
        // The longest, in the movie's ticks, rounded up so that it is never itself a fifth too short.
        let longest = main.compactMap { track -> UInt64? in
            let (ticks, overflow) = track.duration.multipliedReportingOverflow(by: timescale)
            return overflow ? nil : (ticks + track.timescale - 1) / track.timescale
        }.max()
        guard let longest, longest > 0, longest < duration else { return nil }
        let kept = main.filter { !isSkipped($0, timescale: timescale, duration: longest) }
        guard kept.contains(where: { isSkipped($0, timescale: timescale, duration: duration) }) else { return nil }
        return longest
    }

    /// qtdemux's rule, in its own integer arithmetic: the track is under a fifth of the movie (nil on overflow).
    static func isSkipped(_ track: Track, timescale: UInt64, duration: UInt64) -> Bool {
        let (movie, over1) = track.timescale.multipliedReportingOverflow(by: duration)
        let (own, over2) = timescale.multipliedReportingOverflow(by: track.duration)
        let (tenfold, over3) = own.multipliedReportingOverflow(by: 10)
        guard !over1, !over2, !over3, movie != 0 else { return false }
        return tenfold / movie < 2
    }

    /// Bounded reads of box headers and a few fields.
    private struct Reader {
        let file: OpenFile
        let size: Int

        /// A box's type and where its contents are.
        struct Box {
            let type: String
            let body: Range<Int>
        }

        /// A 'mvhd' or 'mdhd' box's time scale and duration, and where the duration is.
        struct Timing {
            let timescale: UInt64
            let duration: UInt64
            let durationOffset: Int
            let durationLength: Int
        }

        func bytes(_ offset: Int, _ count: Int) -> [UInt8]? {
            guard offset >= 0, count > 0, offset + count <= size, let read = file.read(upTo: count, at: offset), read.count == count
            else { return nil }
            return read
        }

        /// The boxes directly inside `range`, up to `boxLimit`.
        func children(of range: Range<Int>) -> [Box] {
            var found: [Box] = []
            var at = range.lowerBound
            while at + 8 <= range.upperBound, found.count < StretchedMovie.boxLimit, let header = bytes(at, min(16, range.upperBound - at))
            {
                let box = IsoBox.parse(header, at: at, fileSize: range.upperBound)
                guard box.isValid, box.length > 0, box.end <= range.upperBound else { break }
                found.append(Box(type: box.type, body: at + box.headerLength..<box.end))
                at = box.end
            }
            return found
        }

        /// Version 0 holds 32-bit times, version 1 64-bit ones; the time scale comes after the two dates.
        func timing(_ box: Box) -> Timing? {
            guard let version = bytes(box.body.lowerBound, 1)?.first, version <= 1 else { return nil }
            let width = version == 1 ? 8 : 4
            let scaleAt = box.body.lowerBound + 4 + 2 * width
            guard scaleAt + 4 + width <= box.body.upperBound, let scale = bytes(scaleAt, 4), let duration = bytes(scaleAt + 4, width)
            else { return nil }
            let number = { (bytes: [UInt8]) in bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
            return Timing(timescale: number(scale), duration: number(duration), durationOffset: scaleAt + 4, durationLength: width)
        }
    }
}
