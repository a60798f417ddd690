import VideoToyCore

/// Playlists written by hand for the XSPF tests, and the reader called on text.
enum XSPFFixtures {
    /// Where the test playlists pretend to live: relative locations resolve against its folder.
    static let file = "/home/ann/Talks/show.xspf"

    /// Reads `text` as the bytes of a playlist at `file`.
    static func read(_ text: String, file: String = file) throws(XSPFProblem) -> XSPFRead {
        try XSPFReader.read(Array(text.utf8), file: file)
    }

    /// A playlist with the default namespace whose track list holds `tracks` as written.
    static func playlist(_ tracks: String) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><playlist version="1" xmlns="http://xspf.org/ns/0/"><trackList>"#
            + tracks + "</trackList></playlist>"
    }

    /// One track at `location` titled `title`, the rest of its elements as given.
    static func track(_ location: String, title: String = "t", _ rest: String = "") -> String {
        "<track><location>\(location)</location><title>\(title)</title>\(rest)</track>"
    }

    /// The bytes of a path that is not UTF-8: `/v/café.mp4` in Latin-1.
    static let latin1Path = PathBytes.decode(Array("/v/caf".utf8) + [0xE9] + Array(".mp4".utf8))

    /// A show with every awkward path and title, chosen tracks and durations known and not.
    static let awkwardShow = Show(
        entries: [
            ShowEntry(path: "/v/with space.mp4", title: "Opening", durationMs: 61_500),
            ShowEntry(path: "/v/100%.mp4", durationMs: 0, tracks: TrackChoice(audio: .audio(1), subtitles: .off)),
            ShowEntry(path: "/v/#1 take?.mkv", title: "Tom & Jerry <live> \"quoted\" 'single'"),
            ShowEntry(
                path: "/v/café/影片 🎬.webm", title: "Café 影片",
                tracks: TrackChoice(subtitles: .track(.sidecar("a b\nc\\d;e=f.srt")), encoding: .windows1251)),
            ShowEntry(path: "/v/a&b<c>\"d'e.mp4", durationMs: 10_000_000_000, tracks: TrackChoice(subtitles: .track(.subtitles(2)))),
            ShowEntry(path: latin1Path, title: "Latin-1", tracks: TrackChoice(encoding: .utf8)),
        ], autoAdvance: true)
}
