import CGLib
import CGUPnP
import VideoToyCore
import VideoToyGObject

extension CastServer {
    /// Starts converting `path` from `fromMs` milliseconds into H.264 and AAC in MPEG-TS, with the SubRip file at
    /// `subtitlesPath` (when there is one) burnt into the picture: the fd the stream comes out of, and the call that
    /// stops the conversion and closes that fd; nil when no conversion could start.
    public typealias Converter =
        @MainActor (_ path: String, _ fromMs: Int, _ subtitlesPath: String?) -> (fd: Int32, stop: @MainActor () -> Void)?

    /// The DLNA content features of a converted stream: converted (CI=1), no seeking by range or time (OP=00),
    /// streamed (DLNA 1.5 streaming, background and stalling transfers).
    public static let convertedContentFeatures = DIDLLite.convertedFeatures
}

/// Serves a converted stream to a renderer under a random token, as `CastServer` serves a file.
///
/// Each GET starts a fresh conversion from the position asked for (a renderer may open the URL more than once, to
/// sniff and then to play) and stops the one before, so at most one converter runs; HEAD answers the headers only.
/// Main actor only: libsoup runs the handler on the main context that listens.
@MainActor
final class ConvertedCastServer {
    private let addressFacing: @MainActor (String) -> String?
    private let convert: CastServer.Converter
    private var server: GObjectRef?
    private var stream: ConvertedSource?

    init(addressFacing: @escaping @MainActor (String) -> String?, convert: @escaping CastServer.Converter) {
        self.addressFacing = addressFacing
        self.convert = convert
    }

    deinit {
        // A server still listening is torn down where it was made; the references alone would leave it open.
        if let server { soup_server_disconnect(server.typed()) }
    }

    /// The URL path now served, for tests; nil when not serving.
    var servedPath: String? { stream?.urlPath }

    /// Serves `path` converted from `fromMs` as `mimeType`, with `subtitles` (SubRip) burnt in, under a fresh token on
    /// the interface facing `udn`.
    func serve(path: String, fromMs: Int, mimeType: String, subtitles: String?, to udn: String) -> String? {
        stop()
        guard fromMs >= 0, let host = addressFacing(udn), !host.isEmpty, let token = CastServer.token() else { return nil }
        // Written once for every GET of this stream; a file that cannot be written costs the subtitles, not the cast.
        let subtitlesFile = subtitles.flatMap { $0.isEmpty ? nil : BurntSubtitlesFile.holding($0) }
        let stream = ConvertedSource(
            urlPath: "/cast/\(token)/video.ts", path: path, fromMs: fromMs, mimeType: mimeType, subtitles: subtitlesFile,
            convert: convert)
        guard let (server, port) = CastListener.open(host: host, handler: Self.handle, data: CBox.retain(stream)) else {
            return nil
        }
        self.server = server
        self.stream = stream
        return "http://\(host):\(port)\(stream.urlPath)"
    }

    /// Stops the conversion and closes the listener; the token answers 404 from now on.
    func stop() {
        stream?.close()
        stream = nil
        if let server { soup_server_disconnect(server.typed()) }
        server = nil
    }

    private static let handle: SoupServerCallback = { _, message, path, _, data in
        // libsoup calls this on the main thread, which the message (like the stream) never leaves.
        guard let received = message else { return }
        nonisolated(unsafe) let message = received
        let stream = CBox.object(data, as: ConvertedSource.self)
        let asked = path.map { String(cString: $0) } ?? ""
        MainActor.assumeIsolated { stream.answer(message, asked: asked) }
    }
}

/// The one converted stream a server answers, and the response now fed from its converter.
@MainActor
private final class ConvertedSource {
    let urlPath: String
    private let path: String
    private let fromMs: Int
    private let mimeType: String
    private let subtitles: BurntSubtitlesFile?
    private let convert: CastServer.Converter
    private var isOpen = true
    private var current: ConvertedResponse?

    init(
        urlPath: String, path: String, fromMs: Int, mimeType: String, subtitles: BurntSubtitlesFile?,
        convert: @escaping CastServer.Converter
    ) {
        (self.urlPath, self.path, self.fromMs, self.mimeType) = (urlPath, path, fromMs, mimeType)
        (self.subtitles, self.convert) = (subtitles, convert)
    }

    func close() {
        isOpen = false
        current?.close()
        current = nil
        // The converter is gone (killed above): nothing reads the file any more.
        subtitles?.remove()
    }

    func answer(_ message: OpaquePointer, asked: String) {
        guard isOpen, asked == urlPath else {
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
        soup_message_headers_set_content_type(headers, mimeType, nil)
        soup_message_headers_replace(headers, "Accept-Ranges", "none")
        soup_message_headers_replace(headers, "transferMode.dlna.org", "Streaming")
        soup_message_headers_replace(headers, "contentFeatures.dlna.org", CastServer.convertedContentFeatures)
        // Its length is known only at its end.
        soup_message_headers_set_encoding(headers, SOUP_ENCODING_CHUNKED)
        guard method == "GET" else {
            soup_server_message_set_status(message, 200, nil)
            return
        }
        current?.close()
        current = nil
        guard let started = convert(path, fromMs, subtitles?.path) else {
            soup_message_headers_set_encoding(headers, SOUP_ENCODING_CONTENT_LENGTH)
            soup_server_message_set_status(message, 503, nil)
            return
        }
        soup_server_message_set_status(message, 200, nil)
        let response = ConvertedResponse(message: message, fd: started.fd, stop: started.stop)
        current = response
        response.start()
    }
}
