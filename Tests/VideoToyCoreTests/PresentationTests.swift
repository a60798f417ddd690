import Testing
import VideoToyCore

@Suite("Presentation decisions")
struct PresentationTests {
    /// style, debug, idle ms, playing → controls shown, title shown, cursor hidden.
    static let controlCases: [(ControlStyle, Bool, Int, Bool, Bool, Bool, Bool)] = [
        (.none, false, 0, true, false, false, true),
        (.none, false, 0, false, false, false, true),
        (.none, true, 10_000, true, true, false, false),  // --debug always shows controls
        (.embedded, false, 0, true, true, false, false),
        (.embedded, false, 2_999, true, true, false, false),
        (.embedded, false, 3_000, true, false, false, true),  // faded after 3 s without input
        (.embedded, false, 60_000, false, true, false, false),  // paused keeps its controls
        (.embedded, true, 60_000, true, true, false, false),
        (.full, false, 60_000, true, true, true, false),
        (.full, true, 60_000, true, true, true, false),
    ]

    @Test("control style, debug flag and idle time decide what the overlay shows", arguments: controlCases.indices)
    func controls(index: Int) {
        let (style, debug, idle, playing, controls, title, cursor) = Self.controlCases[index]
        let decision = ControlsDecision.decide(style: style, debug: debug, idleMs: idle, playing: playing)
        #expect(decision == ControlsDecision.decide(style: style, debug: debug, idleMs: idle, playing: playing))
        #expect(decision.showControls == controls, "case \(index)")
        #expect(decision.showTitle == title, "case \(index)")
        #expect(decision.hideCursor == cursor, "case \(index)")
    }

    static let keyCases: [(String, Bool, Bool, KeyCommand?)] = [
        ("q", true, false, .quit),
        ("question", true, false, .showShortcuts),
        ("q", false, false, nil),
        ("Up", false, false, .select(.rows(-1))),
        ("Down", false, false, .select(.rows(1))),
        ("Up", false, true, .video(.volumeBy(KeyBindings.volumeStep))),
        ("Down", false, true, .video(.volumeBy(-KeyBindings.volumeStep))),
        ("Return", false, false, .playSelected),
        ("space", false, true, .togglePlay),
        ("Left", false, false, .video(.seekBy(-5000))),
        ("Right", false, true, .video(.seekBy(5000))),
        ("m", false, false, .video(.toggleMute)),
        ("f", false, true, .video(.toggleFullscreen)),
        ("Escape", false, true, .video(.leaveFullscreen)),
        ("n", false, false, .video(.next)),
        ("v", false, false, .video(.cycleTrack(.subtitles))),
        ("V", false, true, .video(.cycleTrack(.subtitles))),
        ("a", false, true, .video(.cycleTrack(.audio))),
        ("v", true, false, nil),
        ("y", false, false, nil),
        ("f", true, false, .search),
        ("f", true, true, nil),
        ("o", true, false, .openFolder),
        ("comma", true, false, .preferences),
        ("Page_Down", false, false, .select(.pages(1))),
        ("Page_Up", false, false, .select(.pages(-1))),
        ("Home", false, false, .select(.first)),
        ("End", false, false, .select(.last)),
        ("Page_Down", false, true, nil),
        ("End", false, true, nil),
    ]

    /// While the search entry has the keyboard: key, expected command.
    static let searchKeyCases: [(String, KeyCommand?)] = [
        ("m", nil), ("f", nil), ("n", nil), ("v", nil), ("b", nil), ("space", nil), ("Left", nil), ("Escape", nil), ("x", nil),
        ("Home", nil), ("End", nil),
        ("Up", .select(.rows(-1))), ("Down", .select(.rows(1))), ("Return", .playSelected), ("KP_Enter", .playSelected),
    ]

    @Test(
        "typing in the search keeps letters, Space and Escape for the entry; Up, Down and Enter still work the list",
        arguments: searchKeyCases.indices)
    func searchKeys(index: Int) {
        let (key, expected) = Self.searchKeyCases[index]
        #expect(KeyBindings.command(for: key, control: false, inVideoWindow: false, typingInSearch: true) == expected)
        // Control shortcuts and a video window are unaffected.
        #expect(KeyBindings.command(for: "q", control: true, inVideoWindow: false, typingInSearch: true) == .quit)
        #expect(
            KeyBindings.command(for: key, control: false, inVideoWindow: true, typingInSearch: true)
                == KeyBindings.command(for: key, control: false, inVideoWindow: true))
    }

    @Test("the keyboard map: list keys in the list, video keys in video windows", arguments: keyCases.indices)
    func keys(index: Int) {
        let (key, control, inVideo, expected) = Self.keyCases[index]
        #expect(KeyBindings.command(for: key, control: control, inVideoWindow: inVideo) == expected)
    }

    @Test("every scaling mode and control style parses from the command line")
    func optionsParse() throws {
        for mode in ScalingMode.allCases {
            guard case .run(let options) = try CommandLineParser.parse(["--scaling", mode.rawValue]) else {
                Issue.record("--scaling \(mode) did not run"); continue
            }
            #expect(options.scaling == mode)
        }
        for style in ControlStyle.allCases {
            guard case .run(let options) = try CommandLineParser.parse(["--controls=\(style.rawValue)"]) else {
                Issue.record("--controls \(style) did not run"); continue
            }
            #expect(options.controls == style)
        }
        #expect(throws: CommandLineError.self) { try CommandLineParser.parse(["--scaling", "zoom"]) }
    }

    @Test("the capability report's events-log fields carry why modes cannot be set as a value the log words")
    @MainActor
    func capabilityFields() {
        let log = EventLog(clock: { 0 }, sink: nil, terminal: { _ in })
        let x11 = Capabilities(
            session: "x11", modeSetting: .failure(.noRandR), decoders: [("AV1", nil, "gstreamer1.0-libav")], audioOutput: nil)
        let fields = x11.fields(in: log)
        #expect(fields.map(\.0) == [.session, .compositor, .modeSetting, .modeAPI, .audioOutput, .decoders])
        #expect(fields.first { $0.0 == .modeSetting }?.1 == .string("\(LogMessage.modeUnavailable(.noRandR))"))
        let wayland = Capabilities(
            session: "wayland", compositor: "GNOME (mutter)", modeSetting: .success("GNOME DisplayConfig"), decoders: [], audioOutput: nil)
        #expect(wayland.fields(in: log).first { $0.0 == .modeSetting }?.1 == .bool(true))
        #expect(wayland.fields(in: log).first { $0.0 == .modeAPI }?.1 == .string("GNOME DisplayConfig"))
        #expect(wayland != x11 && wayland == wayland)
    }
}

/// The playback line of a row: which states are errors (VideoToyTextTests reads their words).
@Suite struct RowStatusTests {
    static let cases: [(RowStatus, Bool)] = [
        (.idle, false), (.playing, false), (.paused, false), (.finished, false),
        (.failed(.unreadable(.vanished)), true), (.failed(.noPictures), true),
        (.onScreen(name: "LG TV", connector: "HDMI-1"), false), (.closedWhilePlaying, false),
    ]

    @Test("only a failure is an error", arguments: cases)
    func line(status: RowStatus, isError: Bool) {
        #expect(status.isError == isError)
    }

    @Test("a row's line follows the policy's record of its playback")
    func fromPlayback() {
        #expect(RowStatus(nil) == .idle)
        #expect(RowStatus(.failed(.cutShort(nowBytes: 1, openedBytes: 2))) == .failed(.cutShort(nowBytes: 1, openedBytes: 2)))
        #expect(RowStatus(.finished) == .finished)
    }
}

/// The one CRC-32 that PNG posters and cover art use.
@Suite struct CRC32Tests {
    @Test("the standard check values")
    func checkValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
        // A PNG's IEND chunk: type and no data.
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
    }
}

/// The control bar keeps its seek bar usable at every width.
@Suite struct ControlsLayoutTests {
    /// Widths measured on the demo library's rows: play, mute and fullscreen buttons with spacing and padding
    /// take 130 px; the volume slider 64, the scaling menu 38, the time 96, a title 190.
    static let widths: [ControlsLayout.Part: Int] = [
        .title: 190, .volumeSlider: 64, .scalingMenu: 38, .audioMenu: 38, .time: 96, .trackMenu: 38,
    ]
    static let fixed = 130
    static let all = Set(ControlsLayout.Part.allCases)

    static let cases: [(width: Int, wanted: Set<ControlsLayout.Part>, shown: Set<ControlsLayout.Part>)] = [
        (1920, all, all),  // fullscreen: everything
        (356, [.volumeSlider, .scalingMenu, .time], [.time]),  // a row's slot: slider and menu give way
        (560, all.subtracting([.trackMenu]), [.volumeSlider, .scalingMenu, .audioMenu, .time]),  // the title gives way before the slider
        (420, [.time, .trackMenu, .audioMenu], [.trackMenu, .audioMenu]),  // the track menu outlasts the time
        (300, [.time, .trackMenu, .audioMenu], [.audioMenu]),  // and the audio menu outlasts it
        (290, [.volumeSlider, .scalingMenu, .time], []),  // very narrow: only the buttons and the seek bar
        (400, [.volumeSlider, .scalingMenu, .time], [.scalingMenu, .time]),
        (450, [.volumeSlider, .scalingMenu, .time], [.volumeSlider, .scalingMenu, .time]),
        (420, [.volumeSlider, .scalingMenu, .audioMenu, .time], [.audioMenu, .time]),  // the audio menu outlasts scaling
        (334, [.volumeSlider, .scalingMenu, .audioMenu, .time], [.audioMenu]),  // and the time, in a row's presenter panel
    ]

    @Test("parts give way in order until the seek bar has its minimum", arguments: cases)
    func fits(width: Int, wanted: Set<ControlsLayout.Part>, shown: Set<ControlsLayout.Part>) {
        let layout = ControlsLayout.fitting(available: width, fixed: Self.fixed, widths: Self.widths, wanted: wanted)
        #expect(layout.shown == shown)
    }

    @Test(
        "whatever the width, the seek bar keeps its minimum unless only the fixed parts are left",
        arguments: Array(stride(from: 100, through: 2000, by: 7)))
    func seekBarIsUsable(width: Int) {
        let layout = ControlsLayout.fitting(available: width, fixed: Self.fixed, widths: Self.widths, wanted: Self.all)
        let used = Self.fixed + layout.shown.reduce(0) { $0 + Self.widths[$1]! }
        #expect(used + ControlsLayout.minimumSeekWidth <= width || layout.shown.isEmpty)
        #expect(layout.shown.isSubset(of: Self.all))
    }
}

/// Rows stack their labels under the video in a narrow window.
@Suite("Row arrangement")
struct RowArrangementTests {
    @Test(
        "Phone-sized and half-screen windows stack; wider ones keep the labels beside the video",
        arguments: [
            (360, RowArrangement.stacked), (600, .stacked), (639, .stacked), (640, .sideBySide), (1280, .sideBySide), (3840, .sideBySide),
        ])
    func arrangement(width: Int, expected: RowArrangement) {
        #expect(RowArrangement.forWidth(width) == expected)
    }

    @Test(
        "The slot keeps its full size beside the labels; stacked it fits a 360 px window and narrows, 16:9, below that",
        arguments: [
            (1280, 334), (640, 334), (600, 296), (382, 296), (360, 296), (300, 236), (200, 200),
        ])
    func slot(width: Int, slotWidth: Int) {
        let slot = RowSlot.forWidth(width)
        #expect(slot.width == slotWidth && slot.height == slotWidth * 9 / 16)
    }
}
