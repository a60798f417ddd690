import VideoToyCore

extension CommandLineError {
    /// The one-line mistake printed on the terminal, in the user's language (`.user`) or English (`.english`).
    public func text(in catalogue: Catalogue = .user) -> String {
        switch self {
        case .argumentTooLong(let bytes, let limit):
            // TRANSLATORS: the first %d is the argument's length in bytes, the second the longest one read.
            return catalogue.trn(
                "An argument of %d bytes is longer than any path or option (at most %d)",
                "An argument of %d bytes is longer than any path or option (at most %d)", bytes, bytes, limit)
        case .unknownOption(let name):
            // TRANSLATORS: %s is the option as it was typed, such as "--bogus".
            return catalogue.tr("Unknown option %s", name)
        case .missingArgument(let name):
            // TRANSLATORS: %s is a command line option, such as "--play"; its value is missing.
            return catalogue.tr("Missing argument for %s", name)
        case .unexpectedValue(let name):
            // TRANSLATORS: %s is a command line option, such as "--demo", that was given a value it does not take.
            return catalogue.tr("Option %s takes no value", name)
        case .invalidValue(let option, let value):
            return Self.invalid(option, value, in: catalogue)
        }
    }

    private static func invalid(_ option: InvalidValue, _ value: String, in catalogue: Catalogue) -> String {
        let name = option.rawValue
        switch option {
        case .audioOutput:
            // TRANSLATORS: the first %s is the option, the second the value given; "follow" and "default" are typed as they are.
            return catalogue.tr("Invalid %s value “%s”: use follow, default or an output's name", name, value)
        case .audioLanguage:
            // TRANSLATORS: the first %s is the option, the second the value given; "en" and "fre" are typed as they are.
            return catalogue.tr("Invalid %s value “%s”: use language codes such as en or fre, separated by commas", name, value)
        case .subtitles:
            // TRANSLATORS: the first %s is the option, the second the value given; "auto", "off" and "en,fr" are typed as they are.
            return catalogue.tr("Invalid %s value “%s”: use auto, off or language codes such as en,fr", name, value)
        case .onEnd:
            // TRANSLATORS: the first %s is the option, the second the value given; "stop", "next" and "loop" are typed as they are.
            return catalogue.tr("Invalid %s value “%s”: use stop, next or loop", name, value)
        case .controls:
            // TRANSLATORS: the first %s is the option, the second the value given; "none", "embedded" and "full" are typed as they are.
            return catalogue.tr("Invalid %s value “%s”: use none, embedded or full", name, value)
        case .scaling:
            // TRANSLATORS: the first %s is the option, the second the value given; "fit", "fill", "stretch" and "none" are typed as they are.
            return catalogue.tr("Invalid %s value “%s”: use fit, fill, stretch or none", name, value)
        case .renderer:
            // TRANSLATORS: the first %s is the option, the second the value given; "auto", "gl" and "cairo" are typed as they are.
            return catalogue.tr("Invalid %s value “%s”: use auto, gl or cairo", name, value)
        case .reconnectGrace:
            // TRANSLATORS: the first %s is the option, the second the value given.
            return catalogue.tr("Invalid %s value “%s”: use seconds from 0 to 3600", name, value)
        }
    }
}
