import CAVFormat
import Foundation

/// libavformat's codec ids named as the GStreamer path names them, for codecs GStreamer can decode here.
///
/// Each id maps to the caps GStreamer's demuxers give the same stream, and the name comes from `CodecNames`, so
/// both paths word a codec alike. An id with no mapping, or whose caps no installed GStreamer decoder takes, has
/// no name here: such files go through the discoverer, which knows how to say what is missing.
enum HeaderCodecs {
    private static let caps: [AVCodecID: String] = [
        AV_CODEC_ID_H264: "video/x-h264", AV_CODEC_ID_HEVC: "video/x-h265", AV_CODEC_ID_VP8: "video/x-vp8",
        AV_CODEC_ID_VP9: "video/x-vp9", AV_CODEC_ID_AV1: "video/x-av1", AV_CODEC_ID_THEORA: "video/x-theora",
        AV_CODEC_ID_MPEG4: "video/mpeg, mpegversion=(int)4", AV_CODEC_ID_MPEG2VIDEO: "video/mpeg, mpegversion=(int)2",
        AV_CODEC_ID_MPEG1VIDEO: "video/mpeg, mpegversion=(int)1",
        AV_CODEC_ID_AAC: "audio/mpeg, mpegversion=(int)4", AV_CODEC_ID_MP3: "audio/mpeg, mpegversion=(int)1, layer=(int)3",
        AV_CODEC_ID_MP2: "audio/mpeg, mpegversion=(int)1, layer=(int)2", AV_CODEC_ID_OPUS: "audio/x-opus",
        AV_CODEC_ID_VORBIS: "audio/x-vorbis", AV_CODEC_ID_FLAC: "audio/x-flac", AV_CODEC_ID_AC3: "audio/x-ac3",
        AV_CODEC_ID_EAC3: "audio/x-eac3", AV_CODEC_ID_ALAC: "audio/x-alac",
        AV_CODEC_ID_PCM_S16LE: "audio/x-raw", AV_CODEC_ID_PCM_S16BE: "audio/x-raw", AV_CODEC_ID_PCM_S24LE: "audio/x-raw",
        AV_CODEC_ID_PCM_S24BE: "audio/x-raw", AV_CODEC_ID_PCM_S32LE: "audio/x-raw", AV_CODEC_ID_PCM_S32BE: "audio/x-raw",
        AV_CODEC_ID_PCM_F32LE: "audio/x-raw", AV_CODEC_ID_PCM_F32BE: "audio/x-raw", AV_CODEC_ID_PCM_U8: "audio/x-raw",
    ]

    /// The MP4 sample-entry codes qtdemux reads as the same codec. libavformat names an MP4 stream by its
    /// decoder configuration as well as its code, so a stream whose code GStreamer reads otherwise (an AC-4 entry
    /// carrying an AAC configuration, say) is left to GStreamer.
    private static let isoCodes: [AVCodecID: Set<String>] = [
        AV_CODEC_ID_H264: ["avc1", "avc3"], AV_CODEC_ID_HEVC: ["hvc1", "hev1"], AV_CODEC_ID_VP8: ["vp08"],
        AV_CODEC_ID_VP9: ["vp09"], AV_CODEC_ID_AV1: ["av01"], AV_CODEC_ID_MPEG4: ["mp4v"], AV_CODEC_ID_AAC: ["mp4a"],
        AV_CODEC_ID_MP3: ["mp4a", ".mp3"], AV_CODEC_ID_OPUS: ["Opus"], AV_CODEC_ID_FLAC: ["fLaC"], AV_CODEC_ID_AC3: ["ac-3"],
        AV_CODEC_ID_EAC3: ["ec-3"], AV_CODEC_ID_ALAC: ["alac"],
    ]

    /// The media types GStreamer's demuxers give each subtitle codec, for the formats both readers know alike.
    /// Matroska's S_TEXT/ASS and S_TEXT/SSA are one codec to libavformat and two to GStreamer, so both must show.
    private static let matroskaSubtitles: [AVCodecID: [String]] = [
        AV_CODEC_ID_SUBRIP: ["text/x-raw"], AV_CODEC_ID_TEXT: ["text/x-raw"],
        AV_CODEC_ID_ASS: ["application/x-ass", "application/x-ssa"], AV_CODEC_ID_DVD_SUBTITLE: ["subpicture/x-dvd"],
        AV_CODEC_ID_HDMV_PGS_SUBTITLE: ["subpicture/x-pgs"],
    ]

    /// MP4 timed text, the one subtitle format qtdemux and libavformat read alike; others (WebVTT, TTML, DVD
    /// subpictures, QuickTime text) are left to GStreamer.
    private static let isoSubtitles: [AVCodecID: (code: String, types: [String])] = [
        AV_CODEC_ID_MOV_TEXT: ("tx3g", ["text/x-raw"])
    ]

    /// Names for the row of subtitle formats GStreamer's demuxers may call unknown.
    private static let subtitleNames: [AVCodecID: String] = [
        AV_CODEC_ID_WEBVTT: "WebVTT subtitles", AV_CODEC_ID_DVB_SUBTITLE: "DVB subtitles",
        AV_CODEC_ID_HDMV_TEXT_SUBTITLE: "Blu-ray text subtitles", AV_CODEC_ID_ARIB_CAPTION: "ARIB captions",
        AV_CODEC_ID_TTML: "TTML subtitles", AV_CODEC_ID_EIA_608: "CEA-608 captions", AV_CODEC_ID_MOV_TEXT: "timed text subtitles",
        AV_CODEC_ID_DVD_SUBTITLE: "DVD subtitles", AV_CODEC_ID_HDMV_PGS_SUBTITLE: "PGS subtitles",
    ]

    private static let lock = NSLock()
    // The decoder registry does not change while the app runs, so each id is looked up once.
    nonisolated(unsafe) private static var known: [AVCodecID: String?] = [:]

    /// The readable name of the stream's codec, or nil when the GStreamer path must decide about it; `iso` streams
    /// must also carry a sample-entry code qtdemux reads as that codec.
    static func name(_ parameters: AVCodecParameters, iso: Bool) -> String? {
        let id = parameters.codec_id
        if iso {
            guard isoCodes[id]?.contains(sampleEntry(parameters)) == true else { return nil }
        }
        if let cached = lock.withLock({ known[id] }) { return cached }
        let name = lookUp(id)
        lock.withLock { known[id] = .some(name) }
        return name
    }

    /// The media types GStreamer's demuxer gives a subtitle stream, or nil when the GStreamer path must decide
    /// about it (a format this table does not map, such as WebVTT, which GStreamer's Matroska reader of this
    /// release does not know).
    static func subtitleTypes(_ parameters: AVCodecParameters, iso: Bool) -> [String]? {
        guard iso else { return matroskaSubtitles[parameters.codec_id] }
        guard let entry = isoSubtitles[parameters.codec_id], entry.code == sampleEntry(parameters) else { return nil }
        return entry.types
    }

    /// The row's name for a subtitle codec, when it is one people know by name.
    static func subtitleName(_ parameters: AVCodecParameters) -> String? { subtitleNames[parameters.codec_id] }

    /// The four-character MP4 sample-entry code libavformat keeps in `codec_tag` (little-endian).
    private static func sampleEntry(_ parameters: AVCodecParameters) -> String {
        let tag = parameters.codec_tag
        return String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: tag >> ($0 * 8)) }, as: UTF8.self)
    }

    private static func lookUp(_ id: AVCodecID) -> String? {
        guard let description = caps[id] else { return nil }
        let mediaType = String(description.prefix { $0 != "," })
        // Raw samples need no decoder; everything else needs one GStreamer has.
        guard mediaType == "audio/x-raw" || CodecNames.hasDecoder(forMediaType: mediaType) else { return nil }
        return CodecNames.name(forCaps: description)
    }
}
