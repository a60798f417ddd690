/// The manual page `videotoy.1`, written from the option table `--help` prints, so the two never disagree.
/// `videotoy --man-page` prints it (a hidden option); `scripts/package` installs what it prints.
public enum ManPage {
    /// The hidden option that prints the page.
    public static let option = "--man-page"

    /// The page in roff (man macros); `date` (YYYY-MM-DD) goes on its title line when given.
    public static func roff(program: String, date: String?) -> String {
        let title = program.uppercased()
        // The date is digits and hyphens, the version digits and dots: neither needs escaping in a quoted argument.
        var page = ".TH \(title) 1 \"\(date ?? "")\" \"\(AppIdentity.name) \(AppIdentity.version)\" \"User Commands\"\n"
        page += ".SH NAME\n\(escaped(program)) \\- \(escaped(AppIdentity.summary.lowercased()))\n"
        page += ".SH SYNOPSIS\n.B \(escaped(program))\n"
        page += "[\\fIOPTION\\fR...] [\\fIPATH\\fR...]\n"
        page += ".SH DESCRIPTION\n\(escaped(CommandLineParser.summary))\n"
        page += ".PP\nWith no \\fIPATH\\fR it opens the Videos folder. Folders are searched recursively.\n"
        page += ".SH OPTIONS\n"
        page += item(names: "\\fB\\-h\\fR, \\fB\\-\\-help\\fR", help: "Show help options")
        for (name, help) in CommandLineParser.glibHelp { page += item(names: "\\fB\(escaped(name))\\fR", help: help) }
        for spec in CommandLineParser.specs {
            var names = spec.short.map { "\\fB\\-\(escaped(String($0)))\\fR, " } ?? ""
            names += "\\fB\\-\\-\(escaped(spec.long))\\fR"
            if let argument = spec.argument { names += "=\\fI\(escaped(argument))\\fR" }
            page += item(names: names, help: spec.help)
        }
        page += ".SH ENVIRONMENT\n"
        page += item(names: "\\fBVIDEOTOY_DEBUG\\fR", help: "Set to 1: as --debug")
        page += item(names: "\\fBVIDEOTOY_EVENTS\\fR", help: "Write the events log to this path, as --events")
        page += item(names: "\\fBGSK_RENDERER\\fR", help: "GTK's renderer (gl, cairo...): when set, it wins over --renderer")
        page += ".SH SEE ALSO\n\(escaped(AppIdentity.homepage))\n"
        return page
    }

    /// The date of `epoch` seconds (as in `SOURCE_DATE_EPOCH`) in UTC, as YYYY-MM-DD; nil if it is no number.
    public static func date(epoch: String) -> String? {
        guard let seconds = Int(epoch), seconds >= 0 else { return nil }
        // Days to the proleptic Gregorian calendar (the civil-from-days algorithm), with no clock or locale read.
        let z = seconds / 86_400 + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    private static func item(names: String, help: String) -> String {
        ".TP\n\(names)\n\(escaped(help))\n"
    }

    /// Text as roff reads it literally: backslashes and hyphens escaped, ASCII for the typographic marks,
    /// and a line never starting with a control character.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "…": out += "..."
            case "“", "”": out += "\""
            case "‘", "’": out += "'"
            default: out.append(character)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
