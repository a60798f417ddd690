import CGLib
import CGUPnP
import VideoToyCore
import VideoToyGObject

/// Serves the file being cast over HTTP to the renderer, and to nothing else that does not know the random token.
///
/// It listens only while serving, on the address of the interface that faces the renderer, on a port the kernel
/// picks. The one URL it answers is `/cast/<64 hex digits>/video.<ext>`: no part of a request is ever used as a file
/// path. Main actor only: libsoup calls its handler on the thread of the main context it listens from.
@MainActor
public final class CastServer: CastFileServing {
    /// The DLNA content features of a file served with byte ranges, as `contentFeatures.dlna.org` says them.
    public static let contentFeatures = DIDLLite.dlnaFeatures

    private let addressFacing: @MainActor (String) -> String?
    private var server: GObjectRef?
    private var served: ServedFile?
    private var servedBase: String?
    private let converted: ConvertedCastServer

    /// A server that asks `addressFacing` which local IPv4 address faces a renderer, and `convert` for the streams
    /// of files a renderer does not take as they are (none without it).
    public init(addressFacing: @escaping @MainActor (_ udn: String) -> String?, convert: @escaping Converter = { _, _, _ in nil }) {
        self.addressFacing = addressFacing
        converted = ConvertedCastServer(addressFacing: addressFacing, convert: convert)
    }

    /// A server that listens where `renderers` found each renderer, converting with `convert`.
    public convenience init(renderers: UPnPRenderers, convert: @escaping Converter = { _, _, _ in nil }) {
        self.init(addressFacing: { [weak renderers] udn in renderers?.hostAddress(facing: udn) }, convert: convert)
    }

    deinit {
        // A server still listening is torn down where it was made; the references alone would leave it open.
        if let server { soup_server_disconnect(server.typed()) }
    }

    /// Serves `path` converted to H.264 and AAC in MPEG-TS from `fromMs`, with `subtitles` (SubRip) burnt into the
    /// picture, under a fresh token (see `ConvertedCastServer`); nil when nothing could listen.
    public func serveConverted(path: String, fromMs: Int, mimeType: String, subtitles: String?, to udn: String) -> String? {
        stopServing()
        return converted.serve(path: path, fromMs: fromMs, mimeType: mimeType, subtitles: subtitles, to: udn)
    }

    /// Serves `path` as `mimeType` under a fresh token on the interface facing `udn`; returns its URL, or nil.
    public func serve(path: String, mimeType: String, to udn: String) -> String? {
        stopServing()
        guard let host = addressFacing(udn), !host.isEmpty, let token = Self.token() else { return nil }
        // A FIFO or a device would block the main thread in open, or map nothing sensible.
        guard PathBytes.withCString(path, { g_file_test($0, G_FILE_TEST_IS_REGULAR) }) != 0 else { return nil }
        var error: UnsafeMutablePointer<GError>?
        // Mapped, not read: a 4 GB file costs address space, not memory, and each response shares the one mapping.
        guard let mapped = PathBytes.withCString(path, { g_mapped_file_new($0, 0, &error) }) else {
            g_clear_error(&error)
            return nil
        }
        let bytes = g_mapped_file_get_bytes(mapped)
        g_mapped_file_unref(mapped)
        guard let bytes else { return nil }
        let urlPath = "/cast/\(token)/video.\(Self.fileExtension(path: path, mimeType: mimeType))"
        let file = ServedFile(path: urlPath, mimeType: mimeType, bytes: bytes)

        guard let (server, port) = CastListener.open(host: host, handler: Self.handle, data: CBox.retain(file)) else { return nil }
        self.server = server
        served = file
        servedBase = "http://\(host):\(port)"
        return "http://\(host):\(port)\(urlPath)"
    }

    /// Serves `text` (SubRip, UTF-8) as `subtitles.srt` beside the file served now, under its token, and names it in
    /// the file's answers (`CaptionInfo.sec`, which Samsung and many other TVs read); nil when no file is served.
    public func serveSubtitles(_ text: String) -> String? {
        guard let served, let servedBase, let slash = served.path.lastIndex(of: "/") else { return nil }
        let path = served.path[..<slash] + "/subtitles.srt"
        let bytes = Array(text.utf8)
        guard let data = bytes.withUnsafeBufferPointer({ g_bytes_new($0.baseAddress, gsize($0.count)) }) else { return nil }
        served.subtitles = ServedText(path: String(path), bytes: data)
        served.subtitlesURL = servedBase + path
        return servedBase + path
    }

    /// Closes the listener and forgets the token: requests on connections still open answer 404 from now on.
    public func stopServing() {
        converted.stop()
        served?.isOpen = false
        served = nil
        if let server { soup_server_disconnect(server.typed()) }
        server = nil
    }

    /// The URL path now served, for tests; nil when not serving.
    public var servedPath: String? { served?.path ?? converted.servedPath }

    private static let handle: SoupServerCallback = { _, message, path, _, data in
        guard let message else { return }
        let file = CBox.object(data, as: ServedFile.self)
        let asked = path.map { String(cString: $0) } ?? ""
        // Set and read on the main thread only: libsoup runs handlers on the main context that listens.
        if file.isOpen, let subtitles = file.subtitles, asked == subtitles.path {
            return CastServer.answer(message, with: subtitles)
        }
        guard file.isOpen, asked == file.path else {
            soup_server_message_set_status(message, 404, nil)
            return
        }
        let method = soup_server_message_get_method(message).map { String(cString: $0) } ?? ""
        let headers = soup_server_message_get_response_headers(message)
        guard method == "GET" || method == "HEAD" else {
            soup_message_headers_replace(headers, "Allow", "GET, HEAD")
            soup_server_message_set_status(message, 405, nil)
            return
        }
        soup_message_headers_set_content_type(headers, file.mimeType, nil)
        soup_message_headers_replace(headers, "Accept-Ranges", "bytes")
        soup_message_headers_replace(headers, "transferMode.dlna.org", "Streaming")
        soup_message_headers_replace(headers, "contentFeatures.dlna.org", CastServer.contentFeatures)
        if let subtitlesURL = file.subtitlesURL { soup_message_headers_replace(headers, "CaptionInfo.sec", subtitlesURL) }
        let body = soup_server_message_get_response_body(message)
        let requestHeaders = soup_server_message_get_request_headers(message)
        guard soup_message_headers_get_one(requestHeaders, "Range") != nil else {
            soup_message_body_append_bytes(body, file.bytes)
            soup_server_message_set_status(message, 200, nil)
            return
        }
        // Ranges are answered here, not by libsoup: its own answer to a complete body flattens it into a copy and
        // writes the total length modulo 4 GiB in Content-Range.
        guard let range = CastServer.firstRange(requestHeaders, total: g_bytes_get_size(file.bytes)),
            let part = g_bytes_new_from_bytes(file.bytes, gsize(range.start), gsize(range.end - range.start + 1))
        else {
            soup_message_headers_replace(headers, "Content-Range", "bytes */\(g_bytes_get_size(file.bytes))")
            soup_server_message_set_status(message, 416, nil)
            return
        }
        // A slice of the mapping: no byte is copied.
        soup_message_body_append_bytes(body, part)
        g_bytes_unref(part)
        soup_message_headers_set_content_range(headers, range.start, range.end, goffset(g_bytes_get_size(file.bytes)))
        soup_server_message_set_status(message, 206, nil)
    }

    /// Answers a GET or HEAD for the subtitles with their text, whole (a few hundred kilobytes at most).
    nonisolated private static func answer(_ message: OpaquePointer, with subtitles: ServedText) {
        let method = soup_server_message_get_method(message).map { String(cString: $0) } ?? ""
        let headers = soup_server_message_get_response_headers(message)
        guard method == "GET" || method == "HEAD" else {
            soup_message_headers_replace(headers, "Allow", "GET, HEAD")
            soup_server_message_set_status(message, 405, nil)
            return
        }
        soup_message_headers_set_content_type(headers, "text/srt; charset=utf-8", nil)
        soup_message_body_append_bytes(soup_server_message_get_response_body(message), subtitles.bytes)
        soup_server_message_set_status(message, 200, nil)
    }

    /// The first satisfiable range of a request's Range header, checked against the file's size; nil when there is
    /// none. Only the first: no renderer asks for several, and a multipart answer would be more code than it is worth.
    nonisolated private static func firstRange(_ headers: OpaquePointer?, total: gsize) -> (start: goffset, end: goffset)? {
        var ranges: UnsafeMutablePointer<SoupRange>?
        var count: Int32 = 0
        guard total > 0, soup_message_headers_get_ranges(headers, goffset(total), &ranges, &count) != 0, let ranges else { return nil }
        defer { soup_message_headers_free_ranges(headers, ranges) }
        guard count >= 1 else { return nil }
        let start = ranges[0].start, end = ranges[0].end
        guard start >= 0, end >= start, end < goffset(total) else { return nil }
        return (start, end)
    }

    /// 64 hex digits of the kernel's random generator, or nil if it fails (then nothing is served).
    static func token() -> String? {
        var bytes = [UInt8](repeating: 0, count: 32)
        guard bytes.withUnsafeMutableBufferPointer({ vt_random_bytes($0.baseAddress, $0.count) }) == 0 else { return nil }
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    /// The served name's extension: the file's own when it is short and plain, else one for the MIME type.
    nonisolated static func fileExtension(path: String, mimeType: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        if let dot = name.lastIndex(of: ".") {
            let ext = name[name.index(after: dot)...].lowercased()
            if (1...5).contains(ext.count), ext.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) }) { return ext }
        }
        let known = [
            "video/mp4": "mp4", "video/x-matroska": "mkv", "video/webm": "webm", "video/quicktime": "mov", "video/x-msvideo": "avi",
            "video/mp2t": "ts", "video/mpeg": "mpg", "video/ogg": "ogv",
        ]
        return known[mimeType.lowercased()] ?? "bin"
    }
}

/// The file behind the one URL a server answers; shared with libsoup's handler, which runs on the main thread.
private final class ServedFile: @unchecked Sendable {
    let path: String
    let mimeType: String
    let bytes: OpaquePointer
    /// Cleared by `stopServing`; both it and the handler run on the main thread.
    var isOpen = true
    /// The subtitles served beside the file, and their URL, once `serveSubtitles` set them (main thread only).
    var subtitles: ServedText?
    var subtitlesURL: String?

    init(path: String, mimeType: String, bytes: OpaquePointer) {
        self.path = path
        self.mimeType = mimeType
        self.bytes = bytes
    }

    deinit { g_bytes_unref(bytes) }
}

/// A small text served whole beside the file (the subtitles), as GLib bytes libsoup can send without a copy.
private final class ServedText: @unchecked Sendable {
    let path: String
    let bytes: OpaquePointer

    init(path: String, bytes: OpaquePointer) {
        self.path = path
        self.bytes = bytes
    }

    deinit { g_bytes_unref(bytes) }
}
