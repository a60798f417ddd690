/// Every event of the `--events` log: the one place their names are spelled, with the fields each may carry.
///
/// Tests, benchmarks and bug reports read these names; the README's events table is checked against them.
public enum EventName: String, CaseIterable, Sendable {
    /// The window is shown.
    case ready
    /// The library's size changed.
    case library
    /// A library folder changed on disk.
    case refresh
    /// The user removed a folder from the library.
    case folderRemoved = "folder-removed"
    /// A file's metadata was read, or why it cannot play.
    case probe
    /// Playback started or resumed.
    case play
    /// Playback paused.
    case pause
    /// Playback reached the end.
    case finished
    /// Playback stopped with an error.
    case error
    /// A view drew its first picture in a window.
    case firstFrame = "first-frame"
    /// The selected row's paused pipeline holds its first picture, ahead of Enter.
    case preroll
    /// The main window's fullscreen presentation of a video began or ended.
    case fullscreen
    /// The control style, once at start.
    case controls
    /// The scaling mode, at start and on every change.
    case scaling
    /// How GTK draws the windows, and why, once at start.
    case renderer
    /// What this session can do, once.
    case check
    /// A screen appeared.
    case screenConnected = "screen-connected"
    /// A screen went away.
    case screenDisconnected = "screen-disconnected"
    /// A check of the monitors found what no notification had reported.
    case screensReconciled = "screens-reconciled"
    /// An external scene opened.
    case sceneOpen = "scene-open"
    /// An external scene closed.
    case sceneClose = "scene-close"
    /// A video view moved to its row or a screen.
    case route
    /// A screen was switched to its best mode.
    case modeSet = "mode-set"
    /// A screen's mode was given back.
    case modeRestored = "mode-restored"
    /// Modes cannot be changed, or a change was refused.
    case modeUnavailable = "mode-unavailable"
    /// The user chose an external screen.
    case screenChosen = "screen-chosen"
    /// A network screen's playback changed: loading, playing, back home, refused.
    case cast
    /// The main loop was late.
    case stall
    /// The search changed: the text and how many rows it shows.
    case search
    /// The rows' order changed.
    case sort
    /// The sound moved to another output.
    case audioRoute = "audio-route"
    /// A video opened: its soundtracks and subtitle tracks.
    case tracks
    /// The soundtrack or the subtitles in use changed.
    case track
    /// The app began or stopped keeping the screen on.
    case wake
    /// The presenter covered or froze the presentation screen, or the show cued a video.
    case presenter
    /// The phone remote started listening: its pairing URL, token included (the events log only).
    case remote

    /// The fields the event may carry, besides `event`, `t_ms` and `path`.
    public var fields: [EventField] {
        switch self {
        case .ready: return []
        case .library: return [.count]
        case .refresh: return [.folder, .added, .gone, .back]
        case .folderRemoved: return [.folder, .gone]
        case .probe: return [.durationMs, .width, .height, .codec, .audioCodec, .warning, .error, .message]
        case .play, .pause: return [.positionMs]
        case .finished: return [.positionMs, .framesShown, .framesDropped]
        case .error: return [.message, .positionMs]
        case .firstFrame: return [.window, .positionMs]
        case .preroll: return [.positionMs]
        case .fullscreen: return [.on, .window]
        case .controls: return [.style, .debug]
        case .scaling: return [.mode]
        case .renderer: return [.renderer, .reason, .glRenderer]
        case .check: return [.session, .compositor, .modeSetting, .modeAPI, .audioOutput, .decoders]
        case .screenConnected, .screenDisconnected: return [.connector, .kind, .name, .manufacturer, .model, .geometry, .modes]
        case .screensReconciled: return [.gone, .added]
        case .sceneOpen, .sceneClose: return [.connector]
        case .route: return [.to, .positionMs]
        case .modeSet, .modeRestored: return [.connector, .mode]
        case .modeUnavailable: return [.reason, .connector, .mode]
        case .screenChosen: return [.connector, .model]
        case .cast: return [.connector, .state, .positionMs, .reason]
        case .stall: return [.ms, .activity, .cause, .cpuMs, .wait]
        case .search: return [.query, .count, .ms]
        case .sort: return [.mode]
        case .audioRoute: return [.output, .outputDescription, .reason]
        case .tracks: return [.audio, .subtitles]
        case .track: return [.kind, .id, .encoding]
        case .wake: return [.held, .reason]
        case .presenter: return [.action, .cover, .on, .index, .count]
        case .remote: return [.url]
        }
    }
}

/// The name of a field in an `--events` record.
public enum EventField: String, CaseIterable, Sendable {
    /// How many items the library holds.
    case count
    /// A library folder.
    case folder
    /// Rows added by a refresh, or screens a check found there unannounced.
    case added
    /// Files a refresh found gone, or screens a check found gone.
    case gone
    /// Gone files a refresh found back.
    case back
    /// A file's duration in milliseconds.
    case durationMs = "duration_ms"
    /// The displayed width.
    case width
    /// The displayed height.
    case height
    /// The video codec.
    case codec
    /// The audio codec.
    case audioCodec = "audio_codec"
    /// Damage in a file that still plays.
    case warning
    /// A failure's code.
    case error
    /// A message for the user.
    case message
    /// The playback position in milliseconds.
    case positionMs = "position_ms"
    /// Pictures the view drew.
    case framesShown = "frames_shown"
    /// Pictures replaced before the window could draw them.
    case framesDropped = "frames_dropped"
    /// The window: `main` or a screen's connector.
    case window
    /// Whether fullscreen began.
    case on
    /// The control style.
    case style
    /// Whether debug controls are forced on.
    case debug
    /// A scaling or display mode.
    case mode
    /// X11 or Wayland.
    case session
    /// The Wayland compositor, or null.
    case compositor
    /// True, or why modes cannot be set.
    case modeSetting = "mode_setting"
    /// The API that sets modes, or null.
    case modeAPI = "mode_api"
    /// The audio sink, or null.
    case audioOutput = "audio_output"
    /// Codec → decoder element, or null.
    case decoders
    /// A screen's connector.
    case connector
    /// A screen's manufacturer.
    case manufacturer
    /// A screen's model.
    case model
    /// A screen's geometry.
    case geometry
    /// A screen's modes, best first.
    case modes
    /// Where a view went: `row` or a connector.
    case to
    /// Why something was refused.
    case reason
    /// How late the main loop was.
    case ms
    /// What was running during a stall.
    case activity
    /// Why the loop stalled.
    case cause
    /// CPU time the loop's thread used during a stall.
    case cpuMs = "cpu_ms"
    /// The kernel wait channel of a blocked loop.
    case wait
    /// The search text as typed.
    case query
    /// An audio output's name in the sound server.
    case output
    /// An audio output's description, as menus show it.
    case outputDescription = "description"
    /// A video's soundtracks.
    case audio
    /// A video's subtitle tracks, embedded and in files beside it.
    case subtitles
    /// What a track carries (`audio` or `subtitles`), or what carries a screen (`monitor` or `network`).
    case kind
    /// A network screen's own name ("Living room TV").
    case name
    /// Where a cast stands: `loading`, `playing`, `ended`, `refused`.
    case state
    /// A track's stable name ("audio/1", "subtitles/0", "file/film.fr.srt"), or null for none.
    case id
    /// The character encoding the subtitle file in use is read in ("GB18030"), or null for the file's own tracks.
    case encoding
    /// Whether the screen is kept on now.
    case held
    /// What the presenter did: `blackout` (the cover changed), `freeze`, `cue` (the show's video up next).
    case action
    /// What covers the presentation screen: `none`, `black`, `white`.
    case cover
    /// A position in a list, from 0 (the show's video up next).
    case index
    /// A URL (the phone remote's pairing URL, with its token).
    case url
    /// GTK's renderer: `gl`, `cairo`, or the user's own `GSK_RENDERER`.
    case renderer
    /// The GL driver's `GL_RENDERER` string, or null when GL was not looked at.
    case glRenderer = "gl_renderer"
}
