import Foundation

/// A legacy character encoding subtitle text may be saved in, by the name iconv knows it by; the menu offers these,
/// and the settings file stores a user's pick by `rawValue`.
public enum TextEncoding: String, CaseIterable, Hashable, Sendable {
    case utf8 = "UTF-8"
    case gbk = "GBK"
    case gb18030 = "GB18030"
    case big5 = "BIG5"
    case shiftJIS = "SHIFT_JIS"
    case eucJP = "EUC-JP"
    case eucKR = "EUC-KR"
    case windows1250 = "WINDOWS-1250"
    case windows1251 = "WINDOWS-1251"
    case windows1252 = "WINDOWS-1252"
    case windows1253 = "WINDOWS-1253"
    case windows1254 = "WINDOWS-1254"
    case windows1255 = "WINDOWS-1255"
    case windows1256 = "WINDOWS-1256"
    case windows1257 = "WINDOWS-1257"
    case isoLatin1 = "ISO-8859-1"
    case isoLatin2 = "ISO-8859-2"
    case isoCyrillic = "ISO-8859-5"
    case isoArabic = "ISO-8859-6"
    case isoGreek = "ISO-8859-7"
    case isoHebrew = "ISO-8859-8"
    case isoLatin5 = "ISO-8859-9"
    case isoLatin7 = "ISO-8859-13"
    case isoLatin9 = "ISO-8859-15"
    case koi8R = "KOI8-R"
    case koi8U = "KOI8-U"

    /// Reads a charset name as detectors and files spell it ("gb2312", "Windows-1251", "SJIS"); nil when it is none
    /// of these.
    public init?(name: String) {
        let upper = name.uppercased().replacingOccurrences(of: "_", with: "-")
        if let found = TextEncoding.allCases.first(where: { $0.rawValue.replacingOccurrences(of: "_", with: "-") == upper }) {
            self = found
            return
        }
        guard let alias = TextEncoding.aliases[upper] else { return nil }
        self = alias
    }

    /// The script family the menu groups it under, which the GTK adapter words ("Cyrillic").
    public var family: EncodingFamily {
        switch self {
        case .utf8: .unicode
        case .gbk, .gb18030: .chineseSimplified
        case .big5: .chineseTraditional
        case .shiftJIS, .eucJP: .japanese
        case .eucKR: .korean
        case .windows1250, .isoLatin2: .centralEuropean
        case .windows1251, .isoCyrillic, .koi8R: .cyrillic
        case .koi8U: .cyrillicUkrainian
        case .windows1252, .isoLatin1, .isoLatin9: .western
        case .windows1253, .isoGreek: .greek
        case .windows1254, .isoLatin5: .turkish
        case .windows1255, .isoHebrew: .hebrew
        case .windows1256, .isoArabic: .arabic
        case .windows1257, .isoLatin7: .baltic
        }
    }

    /// The encoding old subtitle files in `language` were most often saved in, for a detector that cannot decide.
    public static func legacy(for language: Language) -> TextEncoding? {
        switch language.code {
        case "zho": .gb18030
        case "jpn": .shiftJIS
        case "kor": .eucKR
        case "rus", "ukr", "bel", "bul", "srp", "mkd": .windows1251
        case "ces", "pol", "slk", "slv", "hun", "hrv", "ron", "bos": .windows1250
        case "ell": .windows1253
        case "tur", "aze": .windows1254
        case "heb", "yid": .windows1255
        case "ara", "fas", "urd": .windows1256
        case "lit", "lav", "est": .windows1257
        default: nil
        }
    }

    /// The languages whose text this encoding usually holds, for breaking a tie between a detector's guesses.
    public func holds(_ language: Language) -> Bool {
        TextEncoding.legacy(for: language)?.family == family
    }

    private static let aliases: [String: TextEncoding] = [
        "GB2312": .gb18030, "EUC-CN": .gb18030, "CP936": .gbk, "HZ-GB-2312": .gb18030, "BIG-5": .big5, "CP950": .big5,
        "BIG5-HKSCS": .big5, "SJIS": .shiftJIS, "CP932": .shiftJIS, "WINDOWS-31J": .shiftJIS, "CP949": .eucKR, "UHC": .eucKR,
        "CP1250": .windows1250, "CP1251": .windows1251, "CP1252": .windows1252, "CP1253": .windows1253,
        "CP1254": .windows1254, "CP1255": .windows1255, "CP1256": .windows1256, "CP1257": .windows1257, "LATIN1": .isoLatin1,
        "ISO-8859-8-I": .isoHebrew, "ASCII": .utf8, "US-ASCII": .utf8, "UTF8": .utf8,
    ]
}
