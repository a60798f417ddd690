/// Which text a message is rendered in: the user's language, or the English source text for logs and events.
public struct Catalogue: Sendable {
    /// Whether lookups go to the gettext catalogues.
    let translates: Bool

    /// The user's language, through the catalogues bound by `Translation.setUp`.
    public static let user = Catalogue(translates: true)
    /// The English source text: the events log and the tests that read it stay the same in every locale.
    public static let english = Catalogue(translates: false)

    /// The text for `msgid`, its directives filled with `arguments`.
    public func tr(_ msgid: String, _ arguments: any TextArgument...) -> String {
        TextFormat.fill(translates ? Translation.lookUp(msgid) : msgid, arguments)
    }

    /// The singular or plural text for `count`, its directives filled with `arguments`.
    public func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: any TextArgument...) -> String {
        let form = translates ? Translation.lookUp(singular, plural, count: count) : (count == 1 ? singular : plural)
        return TextFormat.fill(form, arguments)
    }

    /// The text for `msgid`, a value marked with `trNoop` where it was written, with no directives filled.
    public func translated(_ msgid: String) -> String {
        translates ? Translation.lookUp(msgid) : msgid
    }

    /// The text for `msgid` in `context`, its directives filled with `arguments`.
    public func trp(_ context: String, _ msgid: String, _ arguments: any TextArgument...) -> String {
        TextFormat.fill(translates ? Translation.lookUp(context: context, msgid) : msgid, arguments)
    }
}
