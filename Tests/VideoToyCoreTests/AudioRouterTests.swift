import Testing
import VideoToyCore

/// The audio route's scenarios from the issue, step by step: the effects of each event and where the sound is.
@Suite("Audio router")
struct AudioRouterTests {
    static let laptop = AudioOutput(name: "laptop", description: "Speakers", availability: .available)
    static let headphones = AudioOutput(name: "phones", description: "Headphones", availability: .available)
    static let projectorSink = AudioOutput(
        name: "hdmi", description: "HDMI / DisplayPort", availability: .available, monitorName: "EPSON PJ")
    static let projector = ScreenID(connector: "HDMI-1", manufacturer: "EPS", model: "EPSON PJ")
    static let stranger = ScreenID(connector: "DP-1", manufacturer: "DEL", model: "DELL U2412M")
    static let outputs = [laptop, headphones, projectorSink]

    /// A router that has heard the server list `outputs`.
    static func running(_ runChoice: AudioChoice? = nil, remembered: [ScreenID: AudioChoice] = [:]) -> AudioRouter {
        var router = AudioRouter(runChoice: runChoice, remembered: remembered)
        _ = router.handle(.outputsChanged(outputs))
        return router
    }

    @Test("Plugging the screen moves the sound there; unplugging brings it back to the default")
    func followsAndReturns() {
        var router = Self.running()
        #expect(router.current == nil)
        #expect(router.handle(.videoOnScreen(Self.projector)) == [.moveSound(to: Self.projectorSink, reason: .screen)])
        #expect(router.handle(.videoOnScreen(Self.projector)) == [])
        #expect(router.handle(.videoOnScreen(nil)) == [.moveSound(to: nil, reason: .default)])
        #expect(router.current == nil)
    }

    @Test("The sound returns to the output chosen before the screen came")
    func returnsToPrevious() {
        var router = Self.running()
        #expect(router.handle(.userChose(.output("phones"))) == [.moveSound(to: Self.headphones, reason: .user)])
        #expect(router.handle(.videoOnScreen(Self.projector)) == [.moveSound(to: Self.projectorSink, reason: .screen)])
        #expect(router.handle(.videoOnScreen(nil)) == [.moveSound(to: Self.headphones, reason: .default)])
    }

    @Test("A screen without an output leaves the sound where it is and says so once")
    func noMatchSaidOnce() {
        var router = Self.running()
        #expect(router.handle(.videoOnScreen(Self.stranger)) == [.sayNoMatch(Self.stranger)])
        #expect(router.handle(.videoOnScreen(nil)) == [])
        #expect(router.handle(.videoOnScreen(Self.stranger)) == [])
        #expect(router.handle(.outputsChanged(Self.outputs)) == [])
        #expect(router.current == nil)
    }

    @Test("A user's choice on a screen beats the match and is remembered for that screen")
    func userBeatsMatch() {
        var router = Self.running()
        _ = router.handle(.videoOnScreen(Self.projector))
        #expect(
            router.handle(.userChose(.output("laptop")))
                == [.rememberChoice(.output("laptop"), for: Self.projector), .moveSound(to: Self.laptop, reason: .user)])
        #expect(router.handle(.videoOnScreen(nil)) == [.moveSound(to: nil, reason: .default)])
        #expect(router.handle(.videoOnScreen(Self.projector)) == [.moveSound(to: Self.laptop, reason: .user)])
        #expect(router.choice == .output("laptop"))
    }

    @Test("A remembered choice applies on its screen after a relaunch, and not while that screen is absent")
    func rememberedChoice() {
        var router = Self.running(remembered: [Self.projector: .systemDefault, Self.stranger: .output("phones")])
        #expect(router.current == nil)
        #expect(router.choice == .follow)
        #expect(router.handle(.videoOnScreen(Self.projector)) == [])
        #expect(router.choice == .systemDefault)
        #expect(router.handle(.videoOnScreen(Self.stranger)) == [.moveSound(to: Self.headphones, reason: .user)])
    }

    @Test("--audio-output wins over a remembered choice until the user picks from the menu")
    func runChoice() {
        var router = Self.running(.follow, remembered: [Self.projector: .output("laptop")])
        #expect(router.handle(.videoOnScreen(Self.projector)) == [.moveSound(to: Self.projectorSink, reason: .screen)])
        #expect(router.handle(.userChose(.follow)) == [.rememberChoice(.follow, for: Self.projector)])
        #expect(router.runChoice == nil)

        var named = AudioRouter(runChoice: .output("phones"))
        #expect(named.handle(.outputsChanged(Self.outputs)) == [.moveSound(to: Self.headphones, reason: .user)])
        #expect(named.handle(.videoOnScreen(Self.projector)) == [])

        var silentDefault = AudioRouter(runChoice: .systemDefault)
        _ = silentDefault.handle(.outputsChanged(Self.outputs))
        #expect(silentDefault.handle(.videoOnScreen(Self.projector)) == [])
    }

    @Test("A named output that is not there is reported once and the sound follows the screen")
    func missingNamedOutput() {
        var router = AudioRouter(runChoice: .output("usb"))
        #expect(router.handle(.outputsChanged(Self.outputs)) == [.sayOutputMissing("usb")])
        #expect(router.handle(.videoOnScreen(Self.projector)) == [.moveSound(to: Self.projectorSink, reason: .screen)])
        let usb = AudioOutput(name: "usb", description: "USB", availability: .available)
        #expect(router.handle(.outputsChanged(Self.outputs + [usb])) == [.moveSound(to: usb, reason: .user)])
    }

    @Test("The HDMI output going away sends the sound back with reason gone")
    func outputGone() {
        var router = Self.running()
        _ = router.handle(.videoOnScreen(Self.projector))
        let unplugged = AudioOutput(
            name: "hdmi", description: "HDMI / DisplayPort", availability: .unavailable, monitorName: "EPSON PJ")
        #expect(
            router.handle(.outputsChanged([Self.laptop, Self.headphones, unplugged]))
                == [.sayNoMatch(Self.projector), .moveSound(to: nil, reason: .gone)])
        #expect(router.handle(.outputsChanged(Self.outputs)) == [.moveSound(to: Self.projectorSink, reason: .screen)])
    }

    @Test("An output that appears after the screen (its ELD came late) takes the sound")
    func lateOutput() {
        var router = AudioRouter()
        _ = router.handle(.outputsChanged([Self.laptop]))
        #expect(router.handle(.videoOnScreen(Self.projector)) == [.sayNoMatch(Self.projector)])
        #expect(router.handle(.outputsChanged(Self.outputs)) == [.moveSound(to: Self.projectorSink, reason: .screen)])
    }

    @Test("An HDMI port behind a card profile gets the profile switched on, then the sound")
    func profileSwitch() {
        let profile = AudioCardProfile(card: "card0", profile: "output:hdmi-stereo")
        let port = AudioOutput(
            name: "card0:hdmi-output-0", description: "HDMI", availability: .available, monitorName: "EPSON PJ", port: "hdmi-output-0",
            profile: profile)
        var router = AudioRouter()
        _ = router.handle(.outputsChanged([Self.laptop, port]))
        #expect(router.handle(.videoOnScreen(Self.projector)) == [.activateProfile(profile)])
        #expect(router.handle(.outputsChanged([Self.laptop, port])) == [])
        let sink = AudioOutput(
            name: "hdmi-sink", description: "HDMI", availability: .available, monitorName: "EPSON PJ", port: "hdmi-output-0")
        #expect(router.handle(.outputsChanged([Self.laptop, sink])) == [.moveSound(to: sink, reason: .screen)])
    }

    @Test("No sound server: nothing moves, and it is said once per loss")
    func noServer() {
        var router = AudioRouter()
        #expect(router.handle(.serverUnavailable("no sound server")) == [.saySilent("no sound server")])
        #expect(router.handle(.serverUnavailable("no sound server")) == [])
        #expect(router.handle(.videoOnScreen(Self.projector)) == [])
        #expect(router.handle(.outputsChanged(Self.outputs)) == [.moveSound(to: Self.projectorSink, reason: .screen)])
        #expect(router.handle(.serverUnavailable("the sound server went away")) == [.saySilent("the sound server went away")])
        #expect(router.current == nil)
    }

    @Test("Choices read and spell as the command line does")
    func choiceArguments() {
        #expect(AudioChoice(argument: "follow") == .follow)
        #expect(AudioChoice(argument: "default") == .systemDefault)
        #expect(AudioChoice(argument: "alsa_output.hdmi") == .output("alsa_output.hdmi"))
        #expect(AudioChoice(argument: "") == nil)
        for choice in [AudioChoice.follow, .systemDefault, .output("x")] { #expect(AudioChoice(argument: choice.argument) == choice) }
    }
}
