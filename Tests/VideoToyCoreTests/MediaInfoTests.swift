import Testing
import VideoToyCore

/// The row's metadata line and the failure messages the user reads.
struct MediaInfoTests {
    static let cut = "cut short at 62 % of its media data (the file ends at byte 6200 of 10000)"

    @Test(arguments: [
        (MediaInfo(durationMs: 61_000, videoSize: PixelSize(width: 1920, height: 1080), videoCodec: "H.264"), "1:01 · 1920×1080 · H.264"),
        (
            MediaInfo(durationMs: 61_000, videoSize: PixelSize(width: 1920, height: 1080), videoCodec: "H.264", damage: cut),
            "1:01 · 1920×1080 · H.264 · damaged: " + cut
        ),
        (MediaInfo(durationMs: 5_000, audioCodec: "Opus", damage: cut), "0:05 · audio only (Opus) · damaged: " + cut),
        (
            MediaInfo(
                durationMs: 5_000, videoSize: PixelSize(width: 640, height: 360), videoCodec: "Dirac", missingDecoders: ["Dirac"],
                damage: cut),
            "0:05 · 640×360 · Dirac · no decoder for Dirac · damaged: " + cut
        ),
    ])
    func summaryNamesTheDamageLast(info: MediaInfo, summary: String) {
        #expect(info.summary == summary)
    }

    @Test func aTimeoutBlamesTheStorageNotTheFile() {
        let message = ProbeFailure.timedOut(seconds: 10).message
        #expect(message == "Reading the file took longer than 10 s: the file or its storage (a network share, a USB drive) did not answer.")
        #expect(!message.contains("damaged"))
    }
}
