import Testing
import VideoToyCore
import VideoToyText

/// What the session is told while the screen is kept on, and the `wake` event's reason, in English.
@Suite("Wake reason")
struct WakeReasonTextTests {
    @Test func theScreenIsKeptOnForTheVideoPlaying() {
        #expect(WakeReason.playing(title: "Film.mkv").text(in: .english) == "Playing Film.mkv")
        #expect(LogMessage.wake(.playing(title: "Film.mkv")).text(in: .english) == "Playing Film.mkv")
    }
}
