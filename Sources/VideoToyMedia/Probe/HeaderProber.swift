import CAVFormat
import Foundation
import VideoToyCore

/// Reads a file's row facts from its container header with libavformat, without building a pipeline or decoding.
///
/// Only MP4/MOV and Matroska/WebM are read, and only facts that GStreamer's discoverer reports the same way: a
/// file with anything unusual (a codec without a mapped name or an installed GStreamer decoder, a subtitle format
/// GStreamer reads otherwise or cannot show, a language tag it may name otherwise, a flipped or skewed matrix, no
/// duration, a picture too large for the decoder, a video whose bit depth, HDR transfer or interlacing its
/// configuration does not fix) is `unsure`, and the caller asks GStreamer.
/// Safe to call from several threads at once: each call has its own libavformat context.
public enum HeaderProber {
    /// What the header gave.
    public enum Outcome: Sendable, Equatable {
        /// Every fact the row needs, as GStreamer would report them.
        case facts(MediaInfo)
        /// The header path does not decide this file; the reason says why (for tests and the benchmark).
        case unsure(String)
    }

    private static let setUp: Bool = {
        // Damaged headers are expected; their reasons come back as values, not lines on the terminal.
        av_log_set_level(AV_LOG_QUIET)
        // Codec names and the decoder check come from GStreamer's registry.
        GStreamer.initialize()
        return true
    }()

    /// Reads the header of `path` whose first bytes are `head`, giving up after `timeoutSeconds`.
    public static func probe(path: String, head: [UInt8], timeoutSeconds: Double = 10) -> Outcome {
        switch open(path: path, head: head, timeoutSeconds: timeoutSeconds, { describe($0, container: $1, path: path) }) {
        case .success(let outcome): return outcome
        case .failure(let reason): return .unsure(reason.text)
        }
    }

    /// Opens the header of `path` with libavformat and hands the context to `body`, or says why it cannot.
    static func open<T>(
        path: String, head: [UInt8], timeoutSeconds: Double,
        _ body: (UnsafeMutablePointer<AVFormatContext>, Container) -> T
    ) -> Result<T, Undecided> {
        _ = setUp
        guard let container = Container(head: head) else { return .failure(Undecided(text: "not an MP4 or Matroska file")) }
        guard let format = av_find_input_format(container.shortName) else {
            return .failure(Undecided(text: "libavformat has no \(container.shortName) demuxer"))
        }
        let deadline = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
        defer { deadline.deallocate() }
        deadline.pointee = av_gettime_relative() + Int64(timeoutSeconds * 1_000_000)
        var context = vt_av_context_with_deadline(deadline)
        guard context != nil else { return .failure(Undecided(text: "out of memory")) }
        var options: OpaquePointer?
        // Only the file itself: no external data references, no other protocol a crafted header could name.
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        av_dict_set(&options, "format_whitelist", container.demuxer, 0)
        defer { av_dict_free(&options) }
        let opened = PathBytes.withCString("file:" + path) { avformat_open_input(&context, $0, format, &options) }
        // On failure avformat_open_input frees the context and sets it to nil.
        guard opened >= 0, let context else {
            let reason = av_gettime_relative() > deadline.pointee ? "timed out" : "header unreadable (\(errorText(opened)))"
            return .failure(Undecided(text: reason))
        }
        defer {
            var closing: UnsafeMutablePointer<AVFormatContext>? = context
            avformat_close_input(&closing)
        }
        return .success(body(context, container))
    }

    private static func describe(_ context: UnsafeMutablePointer<AVFormatContext>, container: Container, path: String) -> Outcome {
        var video: UnsafeMutablePointer<AVStream>?
        var audio: UnsafeMutablePointer<AVStream>?
        var audioLanguages: [Language?] = [], subtitleLanguages: [Language?] = []
        var listed = MatroskaTracks()
        let mkvmerge = mkvmergeWebVTT(context, container: container, path: path)
        for index in 0..<Int(context.pointee.nb_streams) {
            guard let stream = context.pointee.streams[index], let parameters = stream.pointee.codecpar else { continue }
            // Cover art is a still picture, which the discoverer does not list as a moving video.
            if stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 { continue }
            let type = parameters.pointee.codec_type
            if type == AVMEDIA_TYPE_SUBTITLE {
                listed.subtitles += 1
                // The app reads these cues itself, wherever GStreamer's reader stops.
                if isReadByApp(context, stream: index, container: container, mkvmergeWebVTT: mkvmerge) {
                    subtitleLanguages.append(taggedLanguage(stream))
                    continue
                }
                // A subtitle format nothing here shows is named in the row too, which the discoverer path words.
                guard let types = HeaderCodecs.subtitleTypes(parameters.pointee, iso: container == .iso),
                    types.allSatisfy(SubtitleFormats.canShow(mediaType:))
                else { return .unsure("a subtitle format left to GStreamer") }
                subtitleLanguages.append(taggedLanguage(stream))
                continue
            }
            if type == AVMEDIA_TYPE_VIDEO { listed.video += 1 }
            if type == AVMEDIA_TYPE_AUDIO { listed.audio += 1 }
            guard type == AVMEDIA_TYPE_VIDEO || type == AVMEDIA_TYPE_AUDIO else { continue }
            // Every stream counts, not just the first of each kind: one GStreamer cannot decode is named in the row.
            guard HeaderCodecs.name(parameters.pointee, iso: container == .iso) != nil else {
                return .unsure("a codec left to GStreamer")
            }
            if type == AVMEDIA_TYPE_VIDEO, video == nil { video = stream }
            if type == AVMEDIA_TYPE_AUDIO {
                if audio == nil { audio = stream }
                switch language(stream) {
                case .failure(let reason): return .unsure(reason.text)
                case .success(let language): audioLanguages.append(language)
                }
            }
        }
        guard video != nil || audio != nil else { return .unsure("no audio or video stream in the header") }
        // GStreamer lists a track libavformat leaves out, as a stream it cannot decode.
        if container == .matroska, MatroskaTracks.of(path: path, size: Int(max(0, avio_size(context.pointee.pb)))) != listed {
            return .unsure("Matroska tracks libavformat does not list")
        }
        let duration = context.pointee.duration
        // A claim beyond 100 years is damage, not a duration: GStreamer gets its say as for none.
        guard duration != vt_av_nopts_value(), let durationMs = MediaTime.durationMs(microseconds: duration) else {
            return .unsure("no plausible duration in the header")
        }
        var media = MediaInfo()
        media.durationMs = durationMs
        if let video, let parameters = video.pointee.codecpar {
            let width = Int(parameters.pointee.width), height = Int(parameters.pointee.height)
            guard width > 0, height > 0 else { return .unsure("no picture size in the header") }
            // libav refuses pictures of 2^28 pixels and more; GStreamer words that refusal, so it keeps the file.
            guard width * height < 1 << 28 else { return .unsure("picture too large for the decoder") }
            guard let codec = HeaderCodecs.name(parameters.pointee, iso: container == .iso) else {
                return .unsure("a codec left to GStreamer")
            }
            guard let rotation = rotation(video, container: container) else { return .unsure("display matrix is not a plain turn") }
            switch pictureTraits(video) {
            case .failure(let reason): return .unsure(reason.text)
            case .success(let traits): (media.bitDepth, media.transfer) = traits
            }
            media.videoSize = PixelSize(width: width, height: height)
            media.videoCodec = codec
            media.rotation = rotation
            // Only streams whose pictures are all frames are decided here.
            media.interlaced = false
        }
        // The discoverer calls every MP4, MOV, Matroska and WebM file a common container.
        media.container = .common
        if let audio, let parameters = audio.pointee.codecpar {
            guard let codec = HeaderCodecs.name(parameters.pointee, iso: container == .iso) else {
                return .unsure("a codec left to GStreamer")
            }
            media.audioCodec = codec
        }
        media.audioLanguages = audioLanguages
        media.subtitleLanguages = subtitleLanguages
        return .facts(media)
    }

    /// An audio stream's language as the discoverer reports it (nil when the tag names none), or why the header
    /// cannot tell. GStreamer's demuxers turn ISO 639-2 tags into their ISO 639-1 twins from the full ISO table;
    /// a tag that `Language` gives no two-letter code for might be one it lacks, so only GStreamer can say how
    /// it reads.
    private static func language(_ stream: UnsafeMutablePointer<AVStream>) -> Result<Language?, Undecided> {
        guard let language = taggedLanguage(stream) else { return .success(nil) }
        guard language.shortCode.count == 2 else { return .failure(Undecided(text: "a language tag left to GStreamer")) }
        return .success(language)
    }

    /// A stream's language as its tag gives it, nil when the tag names none. Subtitle languages always come from
    /// the header (see `subtitleStreams`), so GStreamer's reading of the tag does not matter for them.
    static func taggedLanguage(_ stream: UnsafeMutablePointer<AVStream>) -> Language? {
        guard let entry = av_dict_get(stream.pointee.metadata, "language", nil, 0), let value = entry.pointee.value else { return nil }
        return Language(tag: String(cString: value))
    }

    /// Why the header cannot give a fact the discoverer reports.
    struct Undecided: Error {
        /// What is missing, for tests and the benchmark.
        let text: String
    }

    /// The bit depth and HDR transfer of a video stream whose pictures are all progressive frames, as GStreamer
    /// would report them, or why the header cannot tell. The discoverer takes these from the parsed stream and
    /// its first decoded picture; here they come from the codec configuration, so only codecs whose
    /// configuration fixes them are read: H.264 (its SPS) and VP8 (always 8-bit, progressive, no colour in the
    /// stream). Everything else goes to GStreamer.
    private static func pictureTraits(_ stream: UnsafeMutablePointer<AVStream>) -> Result<(Int, VideoTransfer?), Undecided> {
        guard let parameters = stream.pointee.codecpar?.pointee else { return .failure(Undecided(text: "no codec parameters")) }
        // A container that marks fields (MP4 'fiel', Matroska FieldOrder) can make the decoder report interlacing.
        guard parameters.field_order == AV_FIELD_UNKNOWN || parameters.field_order == AV_FIELD_PROGRESSIVE else {
            return .failure(Undecided(text: "fields marked by the container"))
        }
        let containerTransfer = transfer(code: Int(parameters.color_trc.rawValue))
        switch parameters.codec_id {
        case AV_CODEC_ID_H264:
            // An 'avc3' stream may carry other parameter sets in band, which the parser would take instead.
            guard parameters.codec_tag != Self.avc3 else { return .failure(Undecided(text: "H.264 with in-band parameter sets")) }
            guard let data = parameters.extradata, parameters.extradata_size > 0,
                let sps = AVCSequenceTraits(avcC: Array(UnsafeBufferPointer(start: data, count: Int(parameters.extradata_size))))
            else { return .failure(Undecided(text: "no readable H.264 sequence parameters")) }
            // Field pictures, or timing SEI that may describe frames as fields, are only told apart by decoding.
            guard sps.framesOnly, !sps.pictureStructure else { return .failure(Undecided(text: "H.264 may be interlaced")) }
            // GStreamer takes the transfer from the stream or the container; both must say the same.
            let streamTransfer = sps.transfer.flatMap(transfer(code:))
            guard streamTransfer == containerTransfer else {
                return .failure(Undecided(text: "the stream and the container disagree on the transfer"))
            }
            return .success((sps.bitDepth, streamTransfer))
        case AV_CODEC_ID_VP8:
            // An alpha channel changes the decoded format, and with it the depth the discoverer reports.
            guard av_dict_get(stream.pointee.metadata, "alpha_mode", nil, 0) == nil else {
                return .failure(Undecided(text: "VP8 with alpha"))
            }
            guard containerTransfer == nil else { return .failure(Undecided(text: "HDR transfer on VP8")) }
            return .success((8, nil))
        default:
            return .failure(Undecided(text: "bit depth or interlacing not in this codec's configuration"))
        }
    }

    /// The 'avc3' sample-entry code as libavformat stores it (little-endian).
    private static let avc3 = UInt32(0x61) | UInt32(0x76) << 8 | UInt32(0x63) << 16 | UInt32(0x33) << 24

    /// The HDR transfer of an ISO/IEC 23091-2 `transfer_characteristics` code (16 PQ, 18 HLG), nil for others.
    static func transfer(code: Int) -> VideoTransfer? {
        switch code {
        case 16: return .pq
        case 18: return .hlg
        default: return nil
        }
    }

    /// Clockwise degrees of a matrix that is a plain quarter turn, 0 without one, nil for anything else.
    private static func rotation(_ stream: UnsafeMutablePointer<AVStream>, container: Container) -> Int? {
        guard let matrix = vt_av_display_matrix(stream) else { return 0 }
        let one: Int32 = 1 << 16
        // The 2×2 part in 16.16 fixed point, as qtdemux reads the 'tkhd' matrix.
        switch (matrix[0], matrix[1], matrix[3], matrix[4]) {
        case (one, 0, 0, one): return 0
        // Matroska turns are newer than GStreamer's reader of them; a turned Matroska file stays with GStreamer.
        case _ where container == .matroska: return nil
        case (0, one, -one, 0): return 90
        case (-one, 0, 0, -one): return 180
        case (0, -one, one, 0): return 270
        default: return nil
        }
    }

    private static func errorText(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        av_strerror(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The containers read here, recognised by their first bytes rather than their names.
    enum Container: Equatable {
        case iso
        case matroska

        init?(head: [UInt8]) {
            if IsoTruncation.looksIso(head) {
                self = .iso
            } else if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
                self = .matroska
            } else {
                return nil
            }
        }

        /// libavformat's demuxer name, as it lists it.
        var demuxer: String { self == .iso ? "mov,mp4,m4a,3gp,3g2,mj2" : "matroska,webm" }

        /// The name that finds the demuxer.
        var shortName: String { self == .iso ? "mov" : "matroska" }
    }
}
