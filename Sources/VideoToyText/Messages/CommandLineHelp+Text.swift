import VideoToyCore

extension CommandLineParser {
    /// `--help`'s text in the user's language (`.user`) or English (`.english`), laid out like GLib's.
    public static func helpText(program: String, in catalogue: Catalogue = .user) -> String {
        help(program: program, wording: catalogue.translated)
    }

    /// `helpWords` marked for extraction, in the same order: `CommandLineHelpTextTests` fails when one is missing.
    // Option names (--play), value words (stop|next|loop) and FILE-like placeholders stay as typed: the lines only.
    public static let markedHelpWords: [String] = [
        // TRANSLATORS: the help's first heading, as GLib words it; the command line follows on the next line.
        trNoop("Usage:"),
        trNoop("Browse videos; the playing one follows external screens."),
        // TRANSLATORS: a heading of --help, as GLib words it.
        trNoop("Help Options:"),
        trNoop("Show help options"),
        trNoop("Show all help options"),
        trNoop("Show GApplication options"),
        trNoop("Show GStreamer Options"),
        // TRANSLATORS: a heading of --help, as GLib words it.
        trNoop("Application Options:"),
        trNoop("Generate the demo library once and open it"),
        trNoop("Start with FILE selected and playing"),
        trNoop("Play the --play file fullscreen"),
        trNoop("Open the show FILE (an XSPF playlist) for the presenter"),
        trNoop("How much playback control to show (default: embedded)"),
        trNoop("How videos fill their views (default: fit)"),
        trNoop("What happens when a video ends (default: stop)"),
        trNoop("Play the next video in a shuffled order of the rows shown"),
        trNoop("Quit after the last video: status 0 when it finished, 1 when it failed"),
        trNoop("Write a JSON-lines events log to PATH (- for stdout)"),
        trNoop("Use this external screen: a connector such as HDMI-1, or a TV's name"),
        trNoop("Keep a screen's route this long after it vanishes (default: 2, 0 = off)"),
        trNoop("Never change the external screen's display mode"),
        trNoop("Do not look for TVs on the network for this run, and listen on nothing"),
        trNoop("Serve the phone remote on the network for this run"),
        trNoop("Sound on the video's screen (default), the system default, or this output, for this run"),
        trNoop("Play the first soundtrack in these languages (ISO 639 codes such as fr or fre)"),
        trNoop("Show subtitles in these languages, none, or as each file marks them (default: auto)"),
        trNoop("Open a separate window instead of using the running one"),
        trNoop("Always show playback controls"),
        trNoop("How windows are drawn: GL, cairo, or cairo where GL has no GPU (default: auto)"),
        trNoop("Print what this session can do, then exit"),
        trNoop("Show the version and exit"),
    ]
}
