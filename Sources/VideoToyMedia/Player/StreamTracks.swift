import CGStreamer
import Foundation
import VideoToyCore
import VideoToyGObject

/// Reads the audio and subtitle tracks playbin found in a file: languages and titles from their tags, default and
/// forced from the flags the demuxer put on each stream.
enum StreamTracks {
    /// What playbin lists of a file: its soundtracks, its subtitle tracks, and which of playbin's text streams each
    /// subtitle track is.
    struct Listing: Sendable {
        /// The soundtracks, in playbin's order (the order `current-audio` counts in).
        let audio: [MediaTrack]
        /// The subtitle tracks playbin can send as text, named `subtitles/N` by their place among the file's subtitle
        /// streams.
        let subtitles: [MediaTrack]
        /// The `current-text` index of each subtitle track, by the N of its id.
        let textStreams: [Int: Int]
    }

    /// The file's soundtracks and embedded subtitle tracks; call once the pipeline has paused on a picture.
    ///
    /// A subtitle track is named by its place among the container's subtitle streams, which playbin's count skips
    /// where it cannot demux one (WebVTT in Matroska): the app reads those itself under the same names.
    static func read(_ playbin: UnsafeMutablePointer<GstElement>, path: String) -> Listing {
        let (audio, listed) = readTags(playbin)
        // Picture subtitles reach the text sink undecoded, and it cannot draw them: they are not offered (the probe
        // names their format in the menu as one that cannot be shown).
        let pictures = Set((0..<listed.count).filter { isPicture(playbin, $0) })
        let marks = TrackDispositions.read(path)
        let places = marks.flatMap { containerPlaces($0.subtitles, listed: listed.count) }
        var subtitles: [MediaTrack] = [], textStreams: [Int: Int] = [:]
        for (stream, track) in listed.enumerated() where !pictures.contains(stream) {
            guard let marks, let places else {
                subtitles.append(track)
                textStreams[stream] = stream
                continue
            }
            let place = places[stream]
            subtitles.append(marked(renamed(track, .subtitles(place)), marks.subtitles[place], fileTitle: marks.fileTitle))
            textStreams[place] = stream
        }
        // Only when both count the same streams is the n-th of one the n-th of the other.
        let soundtracks =
            marks.map { found in
                found.audio.count == audio.count ? zip(audio, found.audio).map { marked($0, $1, fileTitle: found.fileTitle) } : audio
            } ?? audio
        return Listing(audio: soundtracks, subtitles: subtitles, textStreams: textStreams)
    }

    /// Where each of playbin's `listed` text streams is among the container's subtitle streams: the same place when
    /// both count the same, else skipping the streams playbin cannot demux (WebVTT in Matroska, MP4 timed text too
    /// short for qtdemux), which the app reads itself; nil when neither fits.
    static func containerPlaces(_ container: [TrackDispositions.Marks], listed: Int) -> [Int]? {
        if container.count == listed { return Array(0..<listed) }
        let demuxed = container.indices.filter { container[$0].codec != "webvtt" && !container[$0].isReadByApp }
        return demuxed.count == listed ? demuxed : nil
    }

    private static func renamed(_ track: MediaTrack, _ id: TrackID) -> MediaTrack {
        MediaTrack(
            id: id, language: track.language, title: track.title, codec: track.codec, isDefault: track.isDefault, isForced: track.isForced)
    }

    /// Whether the embedded subtitle track at `index` is pictures (DVD, Blu-ray, DVB) rather than text.
    private static func isPicture(_ playbin: UnsafeMutablePointer<GstElement>, _ index: Int) -> Bool {
        guard let pad = vt_playbin_stream_pad(playbin, "get-text-pad", gint(index)) else { return false }
        defer { gst_object_unref(pad) }
        guard let caps = gst_pad_get_current_caps(pad) else { return false }
        defer { vt_caps_unref(caps) }
        guard let structure = gst_caps_get_structure(caps, 0), let name = gst_structure_get_name(structure) else { return false }
        return TextSink.pictureFormats.contains(String(cString: name))
    }

    private static func readTags(_ playbin: UnsafeMutablePointer<GstElement>) -> (audio: [MediaTrack], subtitles: [MediaTrack]) {
        let audioCount = Int(GProperty.int32(playbin, "n-audio"))
        let textCount = Int(GProperty.int32(playbin, "n-text"))
        let audio = (0..<audioCount).map { index in
            track(playbin, index, id: .audio(index), tags: "get-audio-tags", pad: "get-audio-pad", codecTag: "audio-codec")
        }
        let subtitles = (0..<textCount).map { index in
            track(playbin, index, id: .subtitles(index), tags: "get-text-tags", pad: "get-text-pad", codecTag: "subtitle-codec")
        }
        return (audio, subtitles)
    }

    /// `track` with the container's marks, and its language and codec where GStreamer's tags lack them (a subtitle
    /// parser's own tags replace the demuxer's language, and Matroska's SubRip carries no codec tag). Its title is the
    /// stream's own: qtdemux gives every untitled track the file's title.
    private static func marked(_ track: MediaTrack, _ marks: TrackDispositions.Marks, fileTitle: String?) -> MediaTrack {
        MediaTrack(
            id: track.id, language: track.language ?? marks.language.flatMap(Language.init(tag:)),
            title: marks.title ?? (track.title == fileTitle ? nil : track.title),
            codec: subtitleCodec(track, marks) ?? track.codec ?? marks.codec.map(readableCodec), isDefault: marks.isDefault,
            isForced: marks.isForced)
    }

    /// A subtitle track's format as libavformat names it: GStreamer's tag calls both ASS and SSA "SubStation Alpha".
    private static func subtitleCodec(_ track: MediaTrack, _ marks: TrackDispositions.Marks) -> String? {
        guard track.kind == .subtitles, let codec = marks.codec else { return nil }
        return ["ass": "ASS", "ssa": "SSA", "subrip": "SubRip", "srt": "SubRip", "mov_text": "mov_text", "webvtt": "WebVTT"][codec]
    }

    private static func track(
        _ playbin: UnsafeMutablePointer<GstElement>, _ index: Int, id: TrackID, tags signal: String, pad padSignal: String,
        codecTag: String
    ) -> MediaTrack {
        var language: Language?, title: String?, codec: String?
        if let tags = vt_playbin_stream_tags(playbin, signal, gint(index)) {
            defer { vt_tag_list_unref(tags) }
            language = string(tags, "language-code").flatMap(Language.init(tag:))
            title = string(tags, "title")
            codec = string(tags, codecTag).map(readableCodec)
        }
        var flags = GST_STREAM_FLAG_NONE
        if let pad = vt_playbin_stream_pad(playbin, padSignal, gint(index)) {
            flags = vt_pad_stream_flags(pad)
            gst_object_unref(pad)
        }
        return MediaTrack(
            id: id, language: language, title: title, codec: codec, isDefault: flags.rawValue & GST_STREAM_FLAG_SELECT.rawValue != 0)
    }

    private static func string(_ tags: UnsafeMutablePointer<GstTagList>, _ name: String) -> String? {
        var value: UnsafeMutablePointer<gchar>?
        guard gst_tag_list_get_string(tags, name, &value) != 0, let value else { return nil }
        defer { g_free(value) }
        let text = String(cString: value).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    /// The codec as people call it, from the long names GStreamer's tags give.
    private static func readableCodec(_ tag: String) -> String {
        let lower = tag.lowercased()
        let known: [(String, String)] = [
            ("subrip", "SubRip"), ("advanced substation", "ASS"), ("ass", "ASS"), ("substation", "SSA"), ("webvtt", "WebVTT"),
            ("timed text", "mov_text"), ("mov_text", "mov_text"), ("3gpp", "mov_text"), ("aac", "AAC"), ("opus", "Opus"),
            ("vorbis", "Vorbis"),
            ("mpeg-1 layer 3", "MP3"), ("mp3", "MP3"), ("ac-3", "AC-3"), ("e-ac-3", "E-AC-3"), ("flac", "FLAC"),
            ("pcm", "PCM"), ("dts", "DTS"),
        ]
        return known.first { lower.contains($0.0) }?.1 ?? tag
    }
}
