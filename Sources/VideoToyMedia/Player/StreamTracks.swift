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
        let (audio, subtitles) = readTags(playbin)
        guard let marks = TrackDispositions.read(path) else { return (audio, subtitles) }
        // Only when both count the same streams is the n-th of one the n-th of the other.
        return (
            marks.audio.count == audio.count ? zip(audio, marks.audio).map(marked) : audio,
            marks.subtitles.count == subtitles.count ? zip(subtitles, marks.subtitles).map(marked) : subtitles
        )
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
    ///
    /// A subtitle track's codec is the header's when it names one the menu knows: ssaparse tags ASS and SSA alike
    /// "SubStation Alpha".
    private static func marked(_ track: MediaTrack, _ marks: TrackDispositions.Marks) -> MediaTrack {
        let headerCodec = track.kind == .subtitles ? marks.codec.flatMap(knownCodec) : nil
        return MediaTrack(
            id: track.id, language: track.language ?? marks.language.flatMap(Language.init(tag:)), title: track.title,
            codec: headerCodec ?? track.codec ?? marks.codec.map(readableCodec), isDefault: marks.isDefault, isForced: marks.isForced)
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
    private static func readableCodec(_ tag: String) -> String { knownCodec(tag) ?? tag }

    /// The codec as people call it, if `tag` (GStreamer's long name or libavformat's short one) is one of those known.
    private static func knownCodec(_ tag: String) -> String? {
        let lower = tag.lowercased()
        let known: [(String, String)] = [
            ("subrip", "SubRip"), ("advanced substation", "ASS"), ("ass", "ASS"), ("substation", "SSA"), ("webvtt", "WebVTT"),
            ("timed text", "mov_text"), ("mov_text", "mov_text"), ("3gpp", "mov_text"), ("aac", "AAC"), ("opus", "Opus"),
            ("vorbis", "Vorbis"),
            ("mpeg-1 layer 3", "MP3"), ("mp3", "MP3"), ("ac-3", "AC-3"), ("e-ac-3", "E-AC-3"), ("flac", "FLAC"),
            ("pcm", "PCM"), ("dts", "DTS"),
        ]
        return known.first { lower.contains($0.0) }?.1
    }
}
