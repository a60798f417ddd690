import VideoToyCore
import VideoToyText

/// The names the "Character Encoding" menu gives encodings, in the user's language: the script family, then the
/// charset as GNOME's editors write it ("Cyrillic (WINDOWS-1251)").
enum EncodingNames {
    /// The entry for `encoding`.
    static func name(_ encoding: TextEncoding) -> String {
        // TRANSLATORS: a character encoding in the subtitle menu: %1$s is a script ("Cyrillic"), %2$s the charset.
        tr("%1$s (%2$s)", family(encoding.family), encoding.rawValue)
    }

    /// The "Automatic" entry, naming what detection found when it ran.
    static func automatic(detected: TextEncoding?) -> String {
        guard let detected else { return tr("Automatic") }
        // TRANSLATORS: the subtitle menu's automatic encoding; %s is the one detected, as "Japanese (SHIFT_JIS)".
        return tr("Automatic: %s", name(detected))
    }

    private static func family(_ family: EncodingFamily) -> String {
        switch family {
        case .unicode: tr("Unicode")
        case .chineseSimplified: tr("Chinese Simplified")
        case .chineseTraditional: tr("Chinese Traditional")
        case .japanese: tr("Japanese")
        case .korean: tr("Korean")
        case .centralEuropean: tr("Central European")
        case .cyrillic: tr("Cyrillic")
        case .cyrillicUkrainian: tr("Cyrillic/Ukrainian")
        case .western: tr("Western")
        case .greek: tr("Greek")
        case .turkish: tr("Turkish")
        case .hebrew: tr("Hebrew")
        case .arabic: tr("Arabic")
        case .baltic: tr("Baltic")
        }
    }
}
