import CGtk
import Testing

@testable import VideoToyGtk

/// Cues in scripts other than Latin: Arabic and Hebrew laid out right to left, Chinese drawn with real glyphs.
@Suite("Cue scripts")
@MainActor
struct CueScriptTests {
    @Test(
        "a cue's direction is its first strong character's",
        arguments: [
            ("مرحبا بالعالم", GTK_TEXT_DIR_RTL), ("שלום עולם", GTK_TEXT_DIR_RTL), ("- 12, שלום", GTK_TEXT_DIR_RTL),
            ("Hello, مرحبا", GTK_TEXT_DIR_LTR), ("你好，世界", GTK_TEXT_DIR_LTR), ("12:00 …", GTK_TEXT_DIR_NONE),
        ])
    func direction(text: String, expected: GtkTextDirection) {
        #expect(CueDirection.of(text) == expected, "\(text)")
    }

    /// Needs `fonts-noto-cjk` (scripts/setup): without it Chinese shows as boxes ("tofu").
    @Test("Chinese, Japanese and Korean text lays out with no unknown glyph")
    func cjkGlyphs() throws {
        let map = try #require(pango_cairo_font_map_get_default())
        let context = try #require(pango_font_map_create_context(map))
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let layout = try #require(pango_layout_new(context))
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        for text in ["你好，世界。這是繁體字。", "こんにちは、世界。カタカナ", "안녕하세요 세계"] {
            pango_layout_set_text(layout, text, -1)
            #expect(pango_layout_get_unknown_glyphs_count(layout) == 0, "\(text)")
        }
        // The check can fail: a character no font has counts.
        pango_layout_set_text(layout, "\u{10FFFD}", -1)
        #expect(pango_layout_get_unknown_glyphs_count(layout) > 0)
    }
}
