import Testing
import VideoToyText

@testable import VideoToyCore

/// Each typed message reads, in English, as the sentence the events log, the rows and the terminal always showed
/// (GLib puts a no-break space before a size's unit).
@Suite struct MessageTextTests {
    static let probeFailures: [(ProbeFailure, String)] = [
        (.vanished, "The file is gone: it was moved or deleted."),
        (.empty, "The file is empty (0 bytes)."),
        (.permissionDenied, "Permission denied: the file cannot be read."),
        (.notRegularFile(kind: .folder), "Not a regular file (folder)."), (.notRegularFile(kind: .fifo), "Not a regular file (FIFO)."),
        (.notMedia(contentType: nil), "Not a video."),
        (.notMedia(contentType: "text/plain"), "Not a video (content type text/plain)."),
        (.incomplete(detail: "cut short"), "The file is incomplete or damaged: cut short"),
        (.missingDecoder(codec: "H.265", package: nil), "No decoder for H.265 is installed."),
        (.missingDecoder(codec: "H.265", package: "gstreamer1.0-libav"), "No decoder for H.265 is installed (install gstreamer1.0-libav)."),
        (.playlist(kind: "HLS playlist"), "A playlist or stream manifest (HLS playlist), not a video: VideoToy plays only local files."),
        (
            .timedOut(seconds: 10),
            "Reading the file took longer than 10 s: the file or its storage (a network share, a USB drive) did not answer."
        ),
        (
            .timedOut(seconds: 1),
            "Reading the file took longer than 1 s: the file or its storage (a network share, a USB drive) did not answer."
        ),
        (.readerCrashed, "Reading this file crashed the media decoder: it is skipped."),
        (.readerStuck(seconds: 5), "Reading this file did not finish within 5 s: it is skipped."),
        (.readerOutOfMemory(megabytes: 512), "Reading this file needed more than 512 MB of memory: it is skipped."),
        (.other("odd %s 100%"), "odd %s 100%"),
    ]

    @Test("a probe failure reads as its reason", arguments: probeFailures)
    func probeFailure(_ failure: ProbeFailure, _ sentence: String) {
        #expect(failure.text(in: .english) == sentence)
        #expect(LogMessage.probe(failure).text(in: .english) == sentence)
    }

    static let playbackErrors: [(PlaybackError, String)] = [
        (.unreadable(.vanished), "The file is gone: it was moved or deleted."),
        (.cannotOpen(reason: "Input/output error"), "The file cannot be opened: Input/output error."),
        (.cutShort(nowBytes: 999, openedBytes: 8_228_593), "The file was cut short while it was playing (now 999 bytes of 8.2\u{a0}MB)."),
        (.noPictures, "The video ended before its first picture: the file holds no pictures (it may be only a header)."),
        (.noPipeline, "No GStreamer pipeline could be built for this file."),
        (.library("Internal data stream error."), "Internal data stream error."),
        (.unexplained, "Playback failed."),
    ]

    @Test("a playback error reads as the row and the events log say it", arguments: playbackErrors)
    func playbackError(_ error: PlaybackError, _ sentence: String) {
        #expect(error.text(in: .english) == sentence)
        #expect(LogMessage.playback(error).text(in: .english) == sentence)
    }

    static let rowStatuses: [(RowStatus, String)] = [
        (.idle, ""), (.playing, "Playing"), (.paused, "Paused"), (.finished, "Finished"),
        (.failed(.unreadable(.vanished)), "Error: The file is gone: it was moved or deleted."),
        (.onScreen(name: "LG TV", connector: "HDMI-1"), "Playing on LG TV (HDMI-1)"),
        (.onScreen(name: "", connector: "DP-2"), "Playing on screen (DP-2)"),
        (.closedWhilePlaying, "VideoToy closed while playing this file"),
    ]

    @Test("each row state has its line", arguments: rowStatuses)
    func rowStatus(_ status: RowStatus, _ line: String) {
        #expect(status.text(in: .english) == line)
    }

    @Test("a row's detail and its spoken label")
    func rowDetail() {
        #expect(RowDetail.reading.text(in: .english) == "Reading…")
        #expect(
            RowDetail.summary(MediaSummary(MediaInfo(durationMs: 2_000, videoSize: PixelSize(width: 320, height: 240), videoCodec: "VP8")))
                .text(in: .english) == "0:02 · 320×240 · VP8")
        #expect(RowDetail.failed(.empty).text(in: .english) == "The file is empty (0 bytes).")
        let row = RowModel(
            id: ItemID(1), title: "a.mp4", folder: "/v",
            detail: .summary(
                MediaSummary(MediaInfo(durationMs: 61_000, videoSize: PixelSize(width: 1920, height: 1080), videoCodec: "H.264"))),
            status: .onScreen(name: "Sony Bravia", connector: "HDMI-1"),
            isError: false, isWarning: false, poster: nil, hasVideoView: true)
        #expect(row.spokenLabel(in: .english) == "a.mp4, 1:01 · 1920×1080 · H.264, Playing on Sony Bravia (HDMI-1)")
    }

    @Test("the terminal line of a file marked after a crash")
    func closedWhilePlaying() {
        #expect(
            LogMessage.closedWhilePlaying.text(in: .english) == "VideoToy closed while playing this file; it opens only when you play it")
    }

    @Test(
        "sizes in the cut-short message read as GLib writes them",
        arguments: [
            (0, "0 bytes"), (1, "1 byte"), (999, "999 bytes"), (411_429, "411.4\u{a0}kB"), (1_000_000, "1.0\u{a0}MB"), (-5, "0 bytes"),
        ]
            as [(Int64, String)])
    func sizes(_ bytes: Int64, _ expected: String) {
        #expect(PlaybackError.cutShort(nowBytes: bytes, openedBytes: bytes).text(in: .english).contains("(now \(expected) of \(expected))"))
    }
}
