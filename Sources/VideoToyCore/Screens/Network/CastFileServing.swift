/// The port that serves the file being cast over HTTP, to the renderer only.
@MainActor
public protocol CastFileServing: AnyObject {
    /// Serves `path` as `mimeType` under a fresh random path token, listening on the address of the interface that
    /// faces the renderer `udn`; returns the URL to give the renderer, or nil when nothing could listen. Serving
    /// another file ends the previous one.
    func serve(path: String, mimeType: String, to udn: String) -> String?
    /// Serves `text` (SubRip) beside the file served now, under the same token, and names it to the renderer in the
    /// file's answers (`CaptionInfo.sec`); returns its URL, or nil when no file is served as it is.
    func serveSubtitles(_ text: String) -> String?
    /// Serves `path` converted to H.264 and AAC in MPEG-TS as `mimeType`, starting `fromMs` into the video, with
    /// `subtitles` (SubRip) burnt into the picture, under a fresh token, as `serve` does; returns the URL, or nil when
    /// nothing could listen or convert.
    func serveConverted(path: String, fromMs: Int, mimeType: String, subtitles: String?, to udn: String) -> String?
    /// Ends serving: the listener closes and the token is forgotten, so the URL answers nothing from now on.
    func stopServing()
}
