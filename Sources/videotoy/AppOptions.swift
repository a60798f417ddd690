import VideoToyCore
import VideoToyGtk
import VideoToyMedia
import VideoToyText

/// VideoToy's options and GStreamer's, listed with GApplication so its help groups (`--help-all`, `--help-gst`) show
/// them; the typed parser in the core still reads every value.
enum AppOptions {
    /// Registers the options with `host` before it runs.
    @MainActor
    static func register(on host: AppHost) {
        host.register(
            options: CommandLineParser.specs, groups: GStreamer.optionGroup().map { [$0] } ?? [],
            summary: CommandLineParser.summary, parameters: CommandLineParser.parameters, wording: Catalogue.user.translated)
    }
}
