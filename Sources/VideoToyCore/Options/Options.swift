/// The command line, parsed: what to open and how to behave.
public struct Options: Sendable, Equatable {
    /// Files and folders to list; empty means the user's Videos folder.
    public var paths: [String] = []
    /// Generate (once) and open the demo library.
    public var demo = false
    /// A file to select and play at start.
    public var play: String?
    /// A show file (XSPF) to open at start, in place of the show remembered from the last run.
    public var show: String?
    /// What happens at the end of a video.
    public var onEnd: OnEnd = .stop
    /// Whether the next video comes from a shuffled order of the rows shown.
    public var shuffle = false
    /// Quit with status 0 after the last video.
    public var exitOnEnd = false
    /// Where to write the JSON-lines events log; "-" is standard output.
    public var eventsPath: String?
    /// How long a vanished screen keeps its route, in milliseconds (0 turns it off).
    public var reconnectGraceMs = 2000
    /// Never change display modes.
    public var keepMode = false
    /// Look for network screens (renderers) and cast to them; `--no-network-screens` turns it off for one run.
    public var networkScreens = true
    /// Serve the phone remote; `--remote-control` turns it on for one run.
    public var remoteControl = false
    /// The phone remote's port, from the preferences.
    public var remotePort = Preferences.defaultRemotePort
    /// `--audio-output`: where the sound goes for this run; nil leaves it to the menu's remembered choices.
    public var audioOutput: AudioChoice?
    /// `--audio-language`: soundtrack languages in order of preference; empty follows each file.
    public var audioLanguages: [Language] = []
    /// `--subtitles`: which subtitles to show.
    public var subtitles: SubtitlePreference = .auto
    /// A connector to pin the external scene to.
    public var screen: String?
    /// Start the played file fullscreen.
    public var fullscreen = false
    /// Always show controls (the seed's DEBUG_MODE).
    public var debug = false
    /// Run a separate instance instead of handing the files to a running one.
    public var newWindow = false
    /// Print the capability report and exit.
    public var check = false
    /// `--gapplication-service`: open no window; wait on the session bus until D-Bus activation asks for one.
    public var service = false
    /// How much control the video views show.
    public var controls: ControlStyle = .embedded
    /// How videos fill their views; nil means as last time, else fit.
    public var scaling: ScalingMode?
    /// `--renderer`: how GTK draws the windows; `auto` picks cairo where GL is drawn in software.
    public var renderer: DrawingPath.Request = .auto
    /// The long names of the options given, so remembered preferences apply only where the command line is silent.
    public var given: Set<String> = []

    /// Creates the defaults.
    public init() {}
}

/// What the command line asks for.
public enum CommandLineRequest: Sendable, Equatable {
    /// Run the app with these options.
    case run(Options)
    /// Print this text (the version or the man page) and exit with status 0.
    case print(String)
    /// Print the help (`CommandLineParser.help(program:wording:)`, in the user's language) and exit with status 0.
    case help
    /// One of GLib's help groups (`--help-all`, `--help-gapplication`, `--help-gst`): GApplication prints it.
    case glibHelp
}

/// A command-line mistake; VideoToyText phrases it for the terminal.
public enum CommandLineError: Error, Equatable, Sendable {
    /// An argument of `bytes` bytes, longer than any path or option (`limit` bytes at most).
    case argumentTooLong(bytes: Int, limit: Int)
    /// An option no one reads, as it was written (`--bogus`, `-x`).
    case unknownOption(String)
    /// An option that needs a value came last, with none.
    case missingArgument(option: String)
    /// A flag was given a value (`--demo=1`).
    case unexpectedValue(option: String)
    /// An option's value is not one it takes.
    case invalidValue(InvalidValue, value: String)

    /// The options whose values are checked, each with its own list of what it takes.
    public enum InvalidValue: String, Sendable, Equatable, CaseIterable {
        /// `--audio-output`: follow, default or an output's name.
        case audioOutput = "--audio-output"
        /// `--audio-language`: language codes.
        case audioLanguage = "--audio-language"
        /// `--subtitles`: auto, off or language codes.
        case subtitles = "--subtitles"
        /// `--on-end`: stop, next or loop.
        case onEnd = "--on-end"
        /// `--controls`: none, embedded or full.
        case controls = "--controls"
        /// `--scaling`: fit, fill, stretch or none.
        case scaling = "--scaling"
        /// `--renderer`: auto, gl or cairo.
        case renderer = "--renderer"
        /// `--reconnect-grace`: seconds from 0 to 3600.
        case reconnectGrace = "--reconnect-grace"
    }
}
