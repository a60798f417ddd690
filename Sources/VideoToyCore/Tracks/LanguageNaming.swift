import Synchronization

/// Names languages for menus in the user's language; the media adapter answers from GStreamer's tag library and
/// iso-codes, so any ISO 639 code a file carries is named.
public protocol LanguageNaming: Sendable {
    /// The name of the language with ISO 639-2/T code `code` ("jpn"), or nil when the catalogue has none.
    func name(ofCode code: String) -> String?
}

/// The naming the app installed at start; menus built before it, and core tests, use the short English list.
enum LanguageNames {
    private static let installed = Mutex<(any LanguageNaming)?>(nil)

    /// Uses `naming` from now on.
    static func use(_ naming: any LanguageNaming) { installed.withLock { $0 = naming } }

    /// The installed naming's name for `code`, if it has one.
    static func name(ofCode code: String) -> String? { installed.withLock { $0 }?.name(ofCode: code) }
}

extension Language {
    /// Names languages with `naming` from now on (the app installs GStreamer's, translated, at start).
    public static func useNames(_ naming: any LanguageNaming) { LanguageNames.use(naming) }
}
