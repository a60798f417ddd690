import CGLib

/// The app's one gettext text domain and its catalogues' folder.
public enum Translation {
    /// The text domain: every catalogue is `LANG/LC_MESSAGES/videotoy.mo`.
    public static let domain = "videotoy"

    /// Reads the user's locale and binds the domain to `localeDirectory`; call once, before any text is made.
    public static func setUp(localeDirectory: String) {
        setlocale(LC_ALL, "")
        bindtextdomain(domain, localeDirectory)
        // Catalogues may be in any charset; GTK and the terminal both want UTF-8.
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The catalogue's text for `msgid`, or `msgid` itself.
    static func lookUp(_ msgid: String) -> String {
        // gettext returns its argument itself when there is no translation: the C string must outlive the read,
        // which a String passed straight to the call does not (it is a temporary freed when the call returns).
        msgid.withCString { id in
            guard let translated = g_dgettext(domain, id) else { return msgid }
            return String(cString: translated)
        }
    }

    /// The catalogue's singular or plural form for `count`.
    static func lookUp(_ singular: String, _ plural: String, count: Int) -> String {
        // gettext takes an unsigned long: a negative count is read as its magnitude, which picks the same form.
        let magnitude = count.magnitude > UInt(CUnsignedLong.max) ? CUnsignedLong.max : CUnsignedLong(count.magnitude)
        return singular.withCString { one in
            plural.withCString { many in
                guard let translated = g_dngettext(domain, one, many, magnitude) else { return count == 1 ? singular : plural }
                return String(cString: translated)
            }
        }
    }

    /// The catalogue's text for `msgid` in `context`, or `msgid` itself.
    static func lookUp(context: String, _ msgid: String) -> String {
        context.withCString { context in
            msgid.withCString { id in
                guard let translated = g_dpgettext2(domain, context, id) else { return msgid }
                return String(cString: translated)
            }
        }
    }
}

/// The user's language's text for `msgid`, its directives filled with `arguments` (extracted by `scripts/i18n`).
public func tr(_ msgid: String, _ arguments: any TextArgument...) -> String {
    TextFormat.fill(Translation.lookUp(msgid), arguments)
}

/// The singular or plural text for `count`, its directives filled with `arguments` (the count is not added by itself).
public func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: any TextArgument...) -> String {
    TextFormat.fill(Translation.lookUp(singular, plural, count: count), arguments)
}

/// The text for `msgid` where the same English word needs different translations (`context` tells them apart).
public func trp(_ context: String, _ msgid: String, _ arguments: any TextArgument...) -> String {
    TextFormat.fill(Translation.lookUp(context: context, msgid), arguments)
}

/// Marks `msgid` for extraction where it is translated later, by `tr(_:)` on the stored value (gettext's `N_`).
public func trNoop(_ msgid: String) -> String { msgid }
