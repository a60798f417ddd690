import CGLib
import CGStreamer
import Foundation

/// Whether the app can show an embedded subtitle format here, and how the row names one it cannot.
///
/// The app draws subtitles itself from the text the player hands it, so picture subtitles (DVD, Blu-ray PGS, DVB)
/// are never shown, whatever GStreamer has to render them. For text, the discoverer lists subtitle streams without
/// deciding them, and text subtitles count as "raw" for it, so a missing parser never shows up among its missing
/// plugins. The check here is the one playbin's subtitle overlay makes when it builds its chain: an installed
/// renderer (an overlay with a video input and a subtitle input that takes the format) or subtitle parser takes it,
/// or a decoder turns it into something that does. Both probe paths ask it for the same media type, so they agree
/// on what is missing.
enum SubtitleFormats {
    private static let names: [String: String] = [
        "text/x-raw": "text subtitles", "application/x-ass": "ASS subtitles", "application/x-ssa": "SSA subtitles",
        "application/x-subtitle-vtt": "WebVTT subtitles", "subpicture/x-dvd": "DVD subtitles", "subpicture/x-pgs": "PGS subtitles",
        "subpicture/x-dvb": "DVB subtitles", "application/x-kate": "Kate subtitles", "subtitle/x-kate": "Kate subtitles",
        "application/x-usf": "USF subtitles", "application/ttml+xml": "TTML subtitles",
        "closedcaption/x-cea-608": "CEA-608 captions", "closedcaption/x-cea-708": "CEA-708 captions",
    ]

    private static let lock = NSLock()
    // The registry does not change while the app runs, so each media type is looked up once.
    nonisolated(unsafe) private static var known: [String: Bool] = [:]

    /// True when the app shows subtitles of `mediaType` ("text/x-raw"): text that an installed element hands it.
    static func canShow(mediaType: String) -> Bool {
        guard !isPicture(mediaType: mediaType) else { return false }
        if let cached = lock.withLock({ known[mediaType] }) { return cached }
        GStreamer.initialize()
        let found = CodecNames.hasDecoder(forMediaType: mediaType) || hasRendererOrParser(forMediaType: mediaType)
        lock.withLock { known[mediaType] = found }
        return found
    }

    /// Whether `mediaType` is a picture subtitle format, which the player takes but never draws.
    static func isPicture(mediaType: String) -> Bool { TextSink.pictureFormats.contains(mediaType) }

    /// What the row lists among missing decoders for a subtitle stream of `mediaType`: its name and, when one is
    /// known, the Debian package to install, as in "Kate subtitles (install gstreamer1.0-plugins-bad)"; a picture
    /// format by its name alone ("DVD subtitles"), as no package makes the app draw it.
    static func missing(mediaType: String) -> String {
        guard !isPicture(mediaType: mediaType) else { return name(mediaType: mediaType) }
        return name(mediaType: mediaType) + (CodecNames.package(forMediaType: mediaType).map { " (install \($0))" } ?? "")
    }

    /// The readable name of a subtitle format; the demuxers call every format they do not know
    /// "application/x-subtitle-unknown".
    static func name(mediaType: String) -> String {
        if let known = names[mediaType] { return known }
        if mediaType.hasSuffix("-unknown") { return "an unknown subtitle format" }
        return CodecNames.fallbackName(mediaType) + " subtitles"
    }

    /// The subtitle overlay's own test of its candidates: an element of autoplugging rank (or textoverlay, which
    /// it always considers) that is a renderer with a video input, or a subtitle parser.
    private static func hasRendererOrParser(forMediaType type: String) -> Bool {
        guard let caps = gst_caps_new_empty_simple(type) else { return false }
        defer { vt_caps_unref(caps) }
        let features = gst_registry_get_feature_list(gst_registry_get(), gst_element_factory_get_type())
        defer { gst_plugin_feature_list_free(features) }
        var node = features
        while let current = node {
            node = current.pointee.next
            guard let feature = current.pointee.data else { continue }
            let name = String(cString: vt_feature_name(feature))
            guard vt_feature_rank(feature) >= GST_RANK_MARGINAL.rawValue || name == "textoverlay" else { continue }
            let factory = OpaquePointer(feature)
            let klass = gst_element_factory_get_metadata(factory, "klass").map { String(cString: $0) } ?? ""
            let renderer = klass.contains("Overlay/Subtitle") || klass.contains("Overlay/SubPicture") || name == "textoverlay"
            let parser = !renderer && klass.contains("Parser/Subtitle")
            guard renderer || parser else { continue }
            if accepts(factory, caps, renderer: renderer) { return true }
        }
        return false
    }

    private static let videoPads: Set<String> = ["video", "video_sink"]
    private static let subtitlePads: Set<String> = ["subpicture", "subpicture_sink", "text", "text_sink", "subtitle_sink", "subtitle"]

    /// Whether the factory's subtitle input takes `caps`: a renderer's pad named for subtitles (next to a video
    /// pad), a parser's first input.
    private static func accepts(_ factory: OpaquePointer, _ caps: UnsafeMutablePointer<GstCaps>, renderer: Bool) -> Bool {
        var hasVideo = false
        var subtitle: UnsafeMutablePointer<GstStaticPadTemplate>?
        var node = UnsafeMutablePointer(mutating: gst_element_factory_get_static_pad_templates(factory))
        while let current = node {
            node = current.pointee.next
            guard let raw = current.pointee.data else { continue }
            let template = raw.assumingMemoryBound(to: GstStaticPadTemplate.self)
            guard template.pointee.direction == GST_PAD_SINK, template.pointee.presence == GST_PAD_ALWAYS else { continue }
            let padName = String(cString: template.pointee.name_template)
            if renderer && videoPads.contains(padName) { hasVideo = true }
            if subtitle == nil && (!renderer || subtitlePads.contains(padName)) { subtitle = template }
        }
        guard let subtitle, hasVideo || !renderer, let accepted = gst_static_pad_template_get_caps(subtitle) else { return false }
        defer { vt_caps_unref(accepted) }
        return gst_caps_can_intersect(caps, accepted) != 0
    }
}
