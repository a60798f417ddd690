import CGStreamer
import Foundation
import VideoToyCore
import VideoToyGObject

/// Reads the audio and subtitle tracks playbin found in a file: languages and titles from their tags, default and
/// forced from the flags the demuxer put on each stream.
enum StreamTracks {
    /// The file's soundtracks and embedded subtitle tracks, in playbin's order (the order `current-audio` and
    /// `current-text` count in); call once the pipeline has paused on a picture.
    static func read(_ playbin: UnsafeMutablePointer<GstElement>, path: String) -> (audio: [MediaTrack], subtitles: [MediaTrack]) {
        let (audio, listed) = readTags(playbin)
        // Picture subtitles reach the text sink undecoded, and it cannot draw them: they are not offered.
        let pictures = Set((0..<listed.count).filter { isPicture(playbin, $0) })
        let shown = listed.enumerated().filter { !pictures.contains($0.offset) }.map(\.element)
        guard let marks = TrackDispositions.read(path) else { return (audio, shown) }
        // Only when both count the same streams is the n-th of one the n-th of the other.
        let subtitles = marks.subtitles.count == listed.count ? zip(listed, marks.subtitles).map(marked) : listed
        return (
            marks.audio.count == audio.count ? zip(audio, marks.audio).map(marked) : audio,
            subtitles.enumerated().filter { !pictures.contains($0.offset) }.map(\.element)
        )
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
    /// parser's own tags replace the demuxer's language, and Matroska's SubRip carries no codec tag).
    private static func marked(_ track: MediaTrack, _ marks: TrackDispositions.Marks) -> MediaTrack {
        MediaTrack(
            id: track.id, language: track.language ?? marks.language.flatMap(Language.init(tag:)), title: track.title,
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
