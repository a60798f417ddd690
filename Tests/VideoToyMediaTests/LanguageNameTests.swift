import Foundation
import Testing
import VideoToyCore
import VideoToyMedia

/// Language names from GStreamer's tag library and iso-codes, in the user's language, for any ISO 639 code.
@Suite("Language names")
struct LanguageNameTests {
    static let tags = ["jpn", "zho", "ukr", "chi", "ja", "uk"]

    @Test("codes are named in English under the C locale")
    func english() {
        let names = GStreamerLanguageNames()
        let named = Self.tags.compactMap { Language(tag: $0).flatMap { names.name(ofCode: $0.code) } }
        #expect(named == ["Japanese", "Chinese", "Ukrainian", "Chinese", "Japanese", "Ukrainian"])
        // A code the hand-written list never had.
        #expect(Language(tag: "haw").flatMap { names.name(ofCode: $0.code) } == "Hawaiian")
    }

    /// GStreamer translates its table of names once, in the locale of its first call, and gettext honours LANGUAGE
    /// only where the locale is not "C": so a process of its own, started as the app is under a German user, asks
    /// the same library call the adapter makes (the 639-1 keys are what `GStreamerLanguageNames` hands it).
    @Test("codes are named in German when the user's language is German")
    func german() throws {
        let script = """
            import ctypes, locale
            locale.setlocale(locale.LC_ALL, "")
            tag = ctypes.CDLL("libgsttag-1.0.so.0")
            tag.gst_tag_get_language_name.restype = ctypes.c_char_p
            tag.gst_tag_get_language_code_iso_639_1.restype = ctypes.c_char_p
            for code in [b"jpn", b"zho", b"ukr"]:
                print(tag.gst_tag_get_language_name(tag.gst_tag_get_language_code_iso_639_1(code)).decode())
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        process.environment = ["LANGUAGE": "de", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let names = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(names == ["Japanisch", "Chinesisch", "Ukrainisch"])
    }
}
