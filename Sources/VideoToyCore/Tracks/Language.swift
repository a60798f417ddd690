import Foundation

/// A track's language as tags and file names give it (ISO 639-1 or 639-2, B or T form, optionally with a region),
/// compared by the language it names: "fr", "fre", "fra" and "fr-CA" are all French.
public struct Language: Hashable, Sendable, CustomStringConvertible {
    /// The ISO 639-2/T code when the language is known ("fra"), else the tag's lower-cased primary subtag.
    public let code: String

    /// Reads a tag such as "en", "eng", "fre", "pt-BR" or "zh_Hant"; nil for an empty tag and for "und", "mul",
    /// "zxx" and "mis", which name no language.
    public init?(tag: String) {
        let primary = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        guard (2...3).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }),
            !Language.unnamed.contains(primary)
        else { return nil }
        if let terminology = Language.bibliographic[primary] {
            code = terminology
        } else if primary.count == 2 {
            code = Language.alpha3[primary] ?? primary
        } else {
            code = primary
        }
    }

    /// The short code people read in a row ("fr"): ISO 639-1 where there is one, else the three-letter code.
    public var shortCode: String { Language.alpha2[code] ?? code }

    /// The short code.
    public var description: String { shortCode }

    /// The language's name for menus in the user's language ("French", "Französisch") from the installed
    /// `LanguageNaming`; without one, the English name of a common language, or else its code.
    public var name: String { LanguageNames.name(ofCode: code) ?? Language.names[code] ?? shortCode }

    /// Reads a comma-separated preference list such as "fr,en" or "fre, eng"; nil when any entry is no language.
    public static func list(_ text: String) -> [Language]? {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return nil }
        var languages: [Language] = []
        for part in parts {
            guard let language = Language(tag: part) else { return nil }
            if !languages.contains(language) { languages.append(language) }
        }
        return languages
    }

    private static let unnamed: Set<String> = ["und", "mul", "zxx", "mis"]

    // ISO 639-1 to 639-2/T for the languages subtitles and soundtracks commonly carry.
    private static let alpha3: [String: String] = [
        "af": "afr", "am": "amh", "ar": "ara", "az": "aze", "be": "bel", "bg": "bul", "bn": "ben", "bo": "bod",
        "bs": "bos", "ca": "cat", "cs": "ces", "cy": "cym", "da": "dan", "de": "deu", "el": "ell", "en": "eng",
        "eo": "epo", "es": "spa", "et": "est", "eu": "eus", "fa": "fas", "fi": "fin", "fo": "fao", "fr": "fra",
        "ga": "gle", "gd": "gla", "gl": "glg", "gu": "guj", "he": "heb", "hi": "hin", "hr": "hrv", "hu": "hun",
        "hy": "hye", "id": "ind", "is": "isl", "it": "ita", "ja": "jpn", "ka": "kat", "kk": "kaz", "km": "khm",
        "kn": "kan", "ko": "kor", "ku": "kur", "ky": "kir", "la": "lat", "lb": "ltz", "lo": "lao", "lt": "lit",
        "lv": "lav", "mi": "mri", "mk": "mkd", "ml": "mal", "mn": "mon", "mr": "mar", "ms": "msa", "mt": "mlt",
        "my": "mya", "nb": "nob", "ne": "nep", "nl": "nld", "nn": "nno", "no": "nor", "pa": "pan", "pl": "pol",
        "ps": "pus", "pt": "por", "ro": "ron", "ru": "rus", "si": "sin", "sk": "slk", "sl": "slv", "so": "som",
        "sq": "sqi", "sr": "srp", "sv": "swe", "sw": "swa", "ta": "tam", "te": "tel", "tg": "tgk", "th": "tha",
        "tl": "tgl", "tr": "tur", "uk": "ukr", "ur": "urd", "uz": "uzb", "vi": "vie", "xh": "xho", "yi": "yid",
        "zh": "zho", "zu": "zul",
    ]

    // ISO 639-2/B codes, which Matroska and MP4 files often carry, to their 639-2/T twins.
    private static let bibliographic: [String: String] = [
        "alb": "sqi", "arm": "hye", "baq": "eus", "bur": "mya", "chi": "zho", "cze": "ces", "dut": "nld",
        "fre": "fra", "geo": "kat", "ger": "deu", "gre": "ell", "ice": "isl", "mac": "mkd", "mao": "mri",
        "may": "msa", "per": "fas", "rum": "ron", "slo": "slk", "tib": "bod", "wel": "cym",
    ]

    // English names for core tests and for a run without GStreamer's catalogue; the app names every code through it.
    private static let names: [String: String] = [
        "ara": "Arabic", "bul": "Bulgarian", "cat": "Catalan", "ces": "Czech", "cym": "Welsh", "dan": "Danish",
        "deu": "German", "ell": "Greek", "eng": "English", "spa": "Spanish", "est": "Estonian", "eus": "Basque",
        "fas": "Persian", "fin": "Finnish", "fra": "French", "gle": "Irish", "glg": "Galician", "heb": "Hebrew",
        "hin": "Hindi", "hrv": "Croatian", "hun": "Hungarian", "ind": "Indonesian", "isl": "Icelandic", "ita": "Italian",
        "jpn": "Japanese", "kor": "Korean", "lat": "Latin", "lit": "Lithuanian", "lav": "Latvian", "msa": "Malay",
        "nob": "Norwegian Bokmål", "nld": "Dutch", "nno": "Norwegian Nynorsk", "nor": "Norwegian", "pol": "Polish",
        "por": "Portuguese", "ron": "Romanian", "rus": "Russian", "slk": "Slovak", "slv": "Slovenian", "sqi": "Albanian",
        "srp": "Serbian", "swe": "Swedish", "tam": "Tamil", "tha": "Thai", "tur": "Turkish", "ukr": "Ukrainian",
        "urd": "Urdu", "vie": "Vietnamese", "zho": "Chinese",
    ]

    private static let alpha2: [String: String] = Dictionary(uniqueKeysWithValues: alpha3.map { ($1, $0) })
}
