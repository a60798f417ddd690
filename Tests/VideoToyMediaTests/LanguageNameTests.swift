import Glibc
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

    /// gettext honours LANGUAGE only where the locale is not "C": this thread alone uses C.UTF-8 for messages, so
    /// no other test's messages change language.
    @Test("codes are named in German when the user's language is German")
    func german() throws {
        let locale = try #require(newlocale(LC_MESSAGES_MASK, "C.UTF-8", nil))
        defer { freelocale(locale) }
        let previous = uselocale(locale)
        setenv("LANGUAGE", "de", 1)
        defer {
            unsetenv("LANGUAGE")
            uselocale(previous)
        }
        let names = GStreamerLanguageNames()
        let named = ["jpn", "zho", "ukr"].compactMap { Language(tag: $0).flatMap { names.name(ofCode: $0.code) } }
        #expect(named == ["Japanisch", "Chinesisch", "Ukrainisch"])
    }
}
