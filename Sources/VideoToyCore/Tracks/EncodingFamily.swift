/// The script family of a character encoding, which names it in the menu.
public enum EncodingFamily: String, Hashable, Sendable {
    case unicode, chineseSimplified, chineseTraditional, japanese, korean, centralEuropean, cyrillic, cyrillicUkrainian
    case western, greek, turkish, hebrew, arabic, baltic
}
