import Foundation
import Testing
import VideoToyAppTesting
import VideoToyCore
import VideoToyMediaTesting

extension EndToEnd {
    /// Subtitles and soundtracks in the running app: chosen by option, key and remembered pick, and drawn by the video
    /// view wherever it is (fullscreen, an external screen, the row) as light text in the lower band of a dark clip.
    @Suite("Subtitles")
    struct SubtitlesTests {
        /// A glance's lower band counts as showing text above this fraction of lit pixels. Measured: a line lights 3 %
        /// of the band on a 1280×800 screen and 4 % in a row, the forced track's "SIGN" 0.95 % in a row; with no
        /// subtitles not one pixel is lit.
        static let textShown = 0.003

        /// The track clips, made once per test process, long enough to play through a hotplug on a loaded machine.
        static let clips: TrackClipSet = {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-tracks-\(getpid())").path
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                return try TrackClips.make(in: folder, seconds: 90)
            } catch {
                fatalError("cannot generate the track clips: \(error)")
            }
        }()

        /// `tracks.mkv`; given as the library too, so its row is the only one.
        var clip: TrackClip { Self.clips.tracks }

        /// The `track` events of `kind` so far, after `after`.
        func trackEvents(_ app: AppProcess, _ kind: TrackKind, after: AppProcess.Event? = nil) -> [AppProcess.Event] {
            app.events().filter { $0.name == "track" && $0.index > (after?.index ?? -1) && $0.fields["kind"]?.string == kind.rawValue }
        }

        /// Waits for the `track` event of `kind` after `after`; its id, or nil for no subtitles.
        func track(
            _ app: AppProcess, _ kind: TrackKind, after: AppProcess.Event? = nil, timeout: Duration = .seconds(45)
        ) async throws -> (event: AppProcess.Event, id: String?) {
            let event = try await app.waitFor("track", after: after, timeout: timeout) {
                $0.path == clip.path && $0.fields["kind"]?.string == kind.rawValue
            }
            return (event, event.fields["id"]?.string)
        }

        /// Screenshots `crop` (nil: the whole screen) and measures the view `in` finds there, until `condition` holds or
        /// `within` has passed; returns the last glance, or nil when no view was found at all.
        func glance(
            _ display: VirtualDisplay, crop: String? = nil, in view: (Image) -> Rect?, within: Duration = .seconds(30),
            until condition: (SubtitleGlance) -> Bool
        ) async throws -> SubtitleGlance? {
            let deadline = ContinuousClock.now + within
            var last: SubtitleGlance?
            repeat {
                let image = try display.screenshot(crop: crop)
                if let rect = view(image) {
                    last = SubtitleGlance(image, view: rect)
                    if let last, condition(last) { return last }
                }
                try await Task.sleep(for: .milliseconds(250))
            } while ContinuousClock.now < deadline
            return last
        }

        /// Whether a glance shows the clip with one line of text in its lower band, sized for the view, and nothing lit
        /// above it. Measured, the line is 43 px high on an 800 px screen and 13 px in a 176 px row (about a twentieth of
        /// the view, as the README says); the view's 40th and 8th part bound it, so text sized for another screen, or
        /// wrapped over several lines, is no line. "SIGN" is a tenth of the view's width, a line more than half.
        func showsLine(_ glance: SubtitleGlance) -> Bool {
            glance.showsPicture && glance.lower > Self.textShown && glance.upper < Self.textShown
                && glance.litWidth > glance.view.width / 3
                && glance.litHeight > glance.view.height / 40 && glance.litHeight < glance.view.height / 8
        }

        /// The playing video in its row, found afresh in each screenshot: the window may not be up yet, or move.
        func rowView(_ display: VirtualDisplay) -> (Image) -> Rect? {
            { image in (try? Fixture.mainWindow(display)).flatMap { SubtitleGlance.pictureBox(in: image, within: Fixture.slotColumn($0)) } }
        }

        /// The fields of a `tracks` event's entries, in the log's order.
        static let trackFields = ["id", "language", "title", "codec", "default", "forced", "external"]

        /// Each entry of a `tracks` event's array, its fields as text ("null" for null).
        func listed(_ value: JSONValue?) -> [[String: String]] {
            (value?.array ?? []).map { track in
                Dictionary(
                    uniqueKeysWithValues: Self.trackFields.map { key in
                        (key, track[key].map { $0.string ?? $0.bool.map(String.init) ?? "null" } ?? "missing")
                    })
            }
        }

        /// What `listed` must read for `tracks`.
        func expected(_ tracks: [MediaTrack]) -> [[String: String]] {
            tracks.map { track in
                let values = [
                    "\(track.id)", track.language?.shortCode ?? "null", track.title ?? "null", track.codec ?? "null",
                    "\(track.isDefault)", "\(track.isForced)", "\(track.isExternal)",
                ]
                return Dictionary(uniqueKeysWithValues: zip(Self.trackFields, values))
            }
        }
    }
}

extension EndToEnd.SubtitlesTests {
    @Test("--subtitles=fr lists the tracks, picks subtitles/1 and lights the lower band fullscreen; with off it stays dark")
    func chosenByOption() async throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let screen: (Image) -> Rect? = { $0.bounds }

        let french = try AppProcess(
            arguments: ["--controls", "none", "--fullscreen", "--subtitles=fr", "--play", clip.path, clip.path], display: display)
        let tracks = try await french.waitFor("tracks", timeout: .seconds(45)) { $0.path == clip.path }
        #expect(listed(tracks.fields["audio"]) == expected(clip.audio), "\(tracks.line)")
        #expect(listed(tracks.fields["subtitles"]) == expected(clip.subtitles), "\(tracks.line)")
        #expect(try await track(french, .subtitles).id == "subtitles/1")
        _ = try await french.waitFor("fullscreen", timeout: .seconds(45)) { $0.fields["on"]?.bool == true }
        let shown = try #require(try await glance(display, crop: "DUMMY0", in: screen, until: showsLine))
        #expect(showsLine(shown), "a line of text in the lower band, not the forced track's short \"SIGN\" (\(shown))")
        #expect(shown.showsShortSecondWord == true, "the French line's words, \"Bonjour de la…\" (\(shown))")
        #expect(french.terminate() == 0)

        let off = try AppProcess(
            arguments: ["--controls", "none", "--fullscreen", "--subtitles=off", "--play", clip.path, clip.path], display: display)
        defer { off.terminate() }
        let none = try await track(off, .subtitles)
        #expect(none.id == nil, "\(none.event.line)")
        // The dark picture drawn first, then a run of screenshots: any cue would show at once, it covers the whole clip.
        let drawn = try #require(try await glance(display, crop: "DUMMY0", in: screen) { $0.showsPicture })
        #expect(drawn.showsPicture, "the clip is drawn fullscreen (\(drawn))")
        var darkest = drawn
        for _ in 0..<6 {
            let later = SubtitleGlance(try display.screenshot(crop: "DUMMY0"), view: drawn.view)
            if later.lower > darkest.lower { darkest = later }
        }
        #expect(darkest.lower < Self.textShown, "nothing lit in the lower band with --subtitles=off (\(darkest))")
        print("subtitles fullscreen: fr \(shown); off, brightest of 7: \(darkest)")

        // The same screenshots do see text on this run once there is some: V turns the English track on.
        try display.run(["xdotool", "key", "--clearmodifiers", "v"])
        #expect(try await track(off, .subtitles, after: none.event).id == "subtitles/0")
        let english = try #require(try await glance(display, crop: "DUMMY0", in: screen, until: showsLine))
        #expect(showsLine(english), "V shows the English line (\(english))")
        #expect(english.showsShortSecondWord == false, "the English line's words, \"Hello from the…\" (\(english))")
        if let frenchWords = shown.words.first, let englishWords = english.words.first {
            #expect(frenchWords > englishWords, "\"Bonjour\" is wider than \"Hello\" on the same screen (\(shown); \(english))")
        }
    }

    @Test("--subtitles=de on the WebM lists its WebVTT track, read by the app, picks it and lights the lower band fullscreen")
    func webVTTByOption() async throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let webm = Self.clips.webVTT
        let app = try AppProcess(
            arguments: ["--controls", "none", "--fullscreen", "--subtitles=de", "--play", webm.path, webm.path], display: display)
        defer { app.terminate() }
        let tracks = try await app.waitFor("tracks", timeout: .seconds(45)) { $0.path == webm.path }
        #expect(listed(tracks.fields["subtitles"]) == expected(webm.subtitles), "\(tracks.line)")
        let chosen = try await app.waitFor("track", timeout: .seconds(45)) {
            $0.path == webm.path && $0.fields["kind"]?.string == TrackKind.subtitles.rawValue
        }
        #expect(chosen.fields["id"]?.string == "subtitles/0", "\(chosen.line)")
        _ = try await app.waitFor("fullscreen", timeout: .seconds(45)) { $0.fields["on"]?.bool == true }
        let shown = try #require(try await glance(display, crop: "DUMMY0", in: { $0.bounds }, until: showsLine))
        #expect(showsLine(shown), "the German line in the lower band (\(shown))")
        print("subtitles fullscreen, WebVTT in WebM: \(shown)")
    }

    @Test("a monitor plugged while --subtitles=fr plays shows the French line there; unplugged, the row shows it again")
    func followsTheVideoAcrossScreens() async throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        // --keep-mode: the dummy output also offers 1280x800, and a screenshot taken while the app switched to it
        // caught the 80 rows the switch adds as a lit band (seen once on 2 busy cores).
        let app = try AppProcess(
            arguments: [
                "--controls", "none", "--reconnect-grace", "0", "--keep-mode", "--subtitles=fr", "--play", clip.path, clip.path,
            ],
            display: display)
        defer { app.terminate() }
        let chosen = try await track(app, .subtitles)
        #expect(chosen.id == "subtitles/1")
        let inRow = try #require(try await glance(display, in: rowView(display), until: showsLine))
        #expect(showsLine(inRow), "the French line in the row (\(inRow))")

        try display.plug("DUMMY1", modes: ["1280x720"])
        let moved = try await app.waitFor("route", after: chosen.event, timeout: .seconds(45)) {
            $0.path == clip.path && $0.fields["to"]?.string == "DUMMY1"
        }
        _ = try await app.waitFor("first-frame", after: moved, timeout: .seconds(45)) { $0.fields["window"]?.string == "DUMMY1" }
        let outside = try #require(try await glance(display, crop: "DUMMY1", in: { $0.bounds }, until: showsLine))
        #expect(showsLine(outside), "the French line on DUMMY1 (\(outside))")
        #expect(outside.showsShortSecondWord == true, "the French words on DUMMY1, not another track's (\(outside))")

        try display.unplug("DUMMY1")
        let back = try await app.waitFor("route", after: moved, timeout: .seconds(45)) {
            $0.path == clip.path && $0.fields["to"]?.string == "row"
        }
        _ = try await app.waitFor("first-frame", after: back, timeout: .seconds(45)) { $0.fields["window"]?.string == "main" }
        let home = try #require(try await glance(display, in: rowView(display), until: showsLine))
        #expect(showsLine(home), "the French line in the row again (\(home))")
        #expect(app.isRunning)
        #expect(trackEvents(app, .subtitles, after: chosen.event).isEmpty, "moving between screens keeps the subtitles")
        #expect(trackEvents(app, .audio, after: chosen.event).isEmpty, "and the soundtrack")
        print("subtitles across screens: row \(inRow); DUMMY1 \(outside); row again \(home)")
    }

    @Test(
        "after a move to an external screen, the English line changes there at 45 s, on time, sized for that screen",
        arguments: ["1280x720", "3840x2160"])
    func cueChangeOnTimeAfterAMove(mode: String) async throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(
            arguments: ["--controls", "none", "--reconnect-grace", "0", "--subtitles=en", "--play", clip.path, clip.path],
            display: display)
        defer { app.terminate() }
        let chosen = try await track(app, .subtitles)
        #expect(chosen.id == "subtitles/0")
        try display.plug("DUMMY1", modes: [mode])
        let moved = try await app.waitFor("route", after: chosen.event, timeout: .seconds(45)) {
            $0.path == clip.path && $0.fields["to"]?.string == "DUMMY1"
        }
        _ = try await app.waitFor("first-frame", after: moved, timeout: .seconds(45)) { $0.fields["window"]?.string == "DUMMY1" }
        let hello = try #require(try await glance(display, crop: "DUMMY1", in: { $0.bounds }, until: showsLine))
        #expect(showsLine(hello), "the English line on DUMMY1, its height between a 40th and an 8th of the screen's (\(hello))")
        #expect(hello.showsShortSecondWord == false, "\"Hello from the…\", not the French line (\(hello))")
        #expect(mode != "3840x2160" || hello.view.height == 2160, "the screenshot is the 4K screen's (\(hello))")

        // Every screenshot is bracketed by two readings of the position over MPRIS: "Hello" must not outlast the change
        // by more than the margin, and "Goodbye" must not come before it.
        let english = try #require(clip.cues[.subtitles(0)])
        let changeMs = english[1].startMs + 21  // Matroska's shift by the AAC encoder's priming (TrackClips).
        let mpris = MPRISClient(display: display)
        let positionMs = { Int(try mpris.position() / 1000) }
        let start = try positionMs()
        try #require(start < changeMs - 2_000, "on DUMMY1 at \(start) ms: too late to see the change at \(changeMs) ms")
        let first = try #require(hello.words.first)
        var samples: [(before: Int, after: Int, goodbye: Bool)] = []
        var blanks: [(before: Int, after: Int)] = []
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline, samples.last?.goodbye != true {
            let before = try positionMs()
            let image = try display.screenshot(crop: "DUMMY1")
            let after = try positionMs()
            let seen = SubtitleGlance(image, view: hello.view)
            guard showsLine(seen), let word = seen.words.first else {
                blanks.append((before, after))
                continue
            }
            // "Goodbye" is about 1.4 times as wide as "Hello" in the same text size.
            samples.append((before, after, Double(word) > 1.2 * Double(first)))
        }
        let goodbye = try #require(samples.first { $0.goodbye }, "the second English line never showed on DUMMY1")
        #expect(goodbye.after >= changeMs, "\"Goodbye\" not before its cue (\(goodbye))")
        let lastHello = samples.last { !$0.goodbye }
        let margin = 500
        let lastHelloSeen = try #require(lastHello, "no screenshot showed \"Hello\" before the change")
        #expect(lastHelloSeen.before < changeMs + margin, "\"Hello\" outlasted its cue by \(margin) ms or more (\(lastHelloSeen))")
        let blankAfter = blanks.filter { $0.before > lastHelloSeen.after && $0.before >= changeMs + margin }
        #expect(blankAfter.isEmpty, "no line on DUMMY1 \(margin) ms or more after the change (\(blankAfter))")
        print(
            "subtitles on time on DUMMY1 \(mode): change at \(changeMs) ms; last Hello at \(lastHello.map { "\($0.before)…\($0.after)" } ?? "none"), "
                + "first Goodbye at \(goodbye.before)…\(goodbye.after) ms; \(samples.count) screenshots with a line, "
                + "blank ones \(blanks.map { "\($0.before)…\($0.after)" }); Hello \(hello)")
    }

    @Test("subtitles picked with V are remembered for the file and shown again after a relaunch")
    func pickSurvivesARelaunch() async throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-tracks-config-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: config) }
        let arguments = ["--controls", "none", "--play", clip.path, clip.path]

        let first = try AppProcess(arguments: arguments, display: display, environment: ["XDG_CONFIG_HOME": config])
        _ = try await first.waitFor("tracks", timeout: .seconds(45)) { $0.path == clip.path }
        var last = try await track(first, .subtitles)
        #expect(last.id == "subtitles/2", "auto shows the forced track at first")
        let sign = try #require(
            try await glance(display, in: rowView(display)) { $0.showsPicture && $0.lower > Self.textShown && $0.upper < Self.textShown })
        #expect(sign.lower > Self.textShown && !showsLine(sign), "the forced track's one short word, not a line (\(sign))")
        // Round through "off" to the French track, one key at a time, each answered by a `track` event.
        var seen: [String?] = []
        while last.id != "subtitles/1", seen.count < 4 {
            try display.run(["xdotool", "key", "--clearmodifiers", "v"])
            last = try await track(first, .subtitles, after: last.event)
            seen.append(last.id)
        }
        #expect(seen == [nil, "subtitles/0", "subtitles/1"], "V goes from the forced track through off and English to French")
        try display.run(["xdotool", "key", "--clearmodifiers", "ctrl+q"])
        let status = try await first.waitForExit(timeout: .seconds(45))
        #expect(status == 0, "exit status \(status)\n\(first.report())")
        let settings = try String(contentsOfFile: config + "/videotoy/settings.ini", encoding: .utf8)
        #expect(settings.contains("[tracks]") && settings.contains("subtitles/1"), "\(settings)")

        let second = try AppProcess(arguments: arguments, display: display, environment: ["XDG_CONFIG_HOME": config])
        defer { second.terminate() }
        let reopened = try await track(second, .subtitles)
        #expect(reopened.id == "subtitles/1", "the French track again at open (\(reopened.event.line))")
        let shown = try #require(try await glance(display, in: rowView(display), until: showsLine))
        #expect(showsLine(shown), "the French line in the row, not the forced \"SIGN\" (\(shown))")
        print("subtitles after a relaunch: forced \"SIGN\" at first \(sign); French after the relaunch \(shown)")
    }

    @Test(
        "A goes to the next soundtrack and round again",
        arguments: [([String](), "audio/0", "audio/1"), (["--audio-language=fr"], "audio/1", "audio/0")]
    )
    func nextSoundtrack(options: [String], atOpen: String, next: String) async throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(arguments: options + ["--controls", "none", "--play", clip.path, clip.path], display: display)
        defer { app.terminate() }
        _ = try await app.waitFor("tracks", timeout: .seconds(45)) { $0.path == clip.path }
        let opened = try await track(app, .audio)
        #expect(opened.id == atOpen)
        let subtitles = try await track(app, .subtitles)
        try display.run(["xdotool", "key", "--clearmodifiers", "a"])
        let switched = try await track(app, .audio, after: opened.event)
        #expect(switched.id == next)
        try display.run(["xdotool", "key", "--clearmodifiers", "a"])
        let again = try await track(app, .audio, after: switched.event)
        #expect(again.id == atOpen, "two soundtracks: B twice comes back")
        #expect(trackEvents(app, .subtitles, after: subtitles.event).isEmpty, "B leaves the subtitles alone")
    }
}
