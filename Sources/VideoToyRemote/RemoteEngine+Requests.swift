import CGLib
import CGUPnP
import Foundation
import VideoToyCore

/// Each request: routed, decided by the gate, then answered, all on the server's thread.
extension RemoteEngine {
    /// What every answer carries: nothing is cached, sniffed or loaded from elsewhere.
    static let securityHeaders = [
        ("Content-Security-Policy", "default-src 'self'; img-src 'self'; connect-src 'self' ws: wss:; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-store"),
    ]

    static let handle: SoupServerCallback = { _, message, path, query, data in
        guard let message else { return }
        Unmanaged<RemoteEngine>.fromOpaque(data!).takeUnretainedValue().handle(
            message, path: path.map { String(cString: $0) } ?? "/", query: query)
    }

    /// Before a command's body is read: one announced as too large is refused without reading it.
    static let early: SoupServerCallback = { _, message, _, _, _ in
        guard let message else { return }
        let headers = soup_server_message_get_request_headers(message)
        let length = soup_message_headers_get_content_length(headers)
        let chunked = soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CHUNKED
        if chunked || length > goffset(RemoteCommand.maximumBytes) {
            soup_message_headers_replace(soup_server_message_get_response_headers(message), "Connection", "close")
            RemoteEngine.answer(message, status: 413, text: "Too large")
        }
    }

    static let opened: SoupServerWebsocketCallback = { _, message, _, connection, data in
        guard let message, let connection else { return }
        Unmanaged<RemoteEngine>.fromOpaque(data!).takeUnretainedValue().opened(message, connection: connection)
    }

    private func handle(_ message: OpaquePointer, path: String, query: OpaquePointer?) {
        let method = soup_server_message_get_method(message).map { String(cString: $0) } ?? ""
        var fields: [String: String] = [:]
        for key in ["t", "q", "offset"] {
            if let query, let value = key.withCString({ g_hash_table_lookup(query, $0) }) {
                fields[key] = String(cString: value.assumingMemoryBound(to: CChar.self))
            }
        }
        guard let route = RemoteRoute(method: method, path: path, query: fields) else {
            return Self.answer(message, status: 404, text: "Not found")
        }
        let headers = soup_server_message_get_request_headers(message)
        let header = { (name: String) in soup_message_headers_get_one(headers, name).map { String(cString: $0) } }
        let request = RemoteRequest(
            route: route, token: fields["t"], session: header("Cookie").flatMap(Self.session(inCookie:)), origin: header("Origin"),
            host: header("Host"), client: soup_server_message_get_remote_host(message).map { String(cString: $0) } ?? "?")
        switch gate.decide(request, now: now, newSession: RemoteAddresses.randomHex) {
        case .paired(let session):
            let response = soup_server_message_get_response_headers(message)
            soup_message_headers_replace(response, "Set-Cookie", "vt-session=\(session); HttpOnly; SameSite=Strict; Path=/")
            soup_message_headers_replace(response, "Location", "/")
            Self.answer(message, status: 303, text: "Paired")
        case .refuse(let status):
            if status == 401 && route == .page {
                return Self.answer(message, status: 401, type: "text/html; charset=utf-8", body: Array(RemotePage.unpaired.utf8))
            }
            Self.answer(message, status: status, text: Self.reason(status))
        case .serve(let route):
            serve(route, message: message)
        }
    }

    private func serve(_ route: RemoteRoute, message: OpaquePointer) {
        switch route {
        case .page:
            Self.answer(message, status: 200, type: "text/html; charset=utf-8", body: Array(RemotePage.html.utf8))
        case .asset(let name):
            guard let asset = RemotePage.assets[name] else { return Self.answer(message, status: 404, text: "Not found") }
            Self.answer(message, status: 200, type: asset.type, body: Array(asset.text.utf8))
        case .state:
            Self.answer(message, status: 200, type: "application/json", body: Array(shared.status.text.utf8))
        case .library(let query, let offset):
            let page: String
            if let rows = shared.rows {
                page = RemoteLibraryPage(library: rows.library, shown: rows.shown, query: query, offset: offset).json.encoded
            } else {
                page = #"{"total":0,"offset":0,"items":[]}"#
            }
            Self.answer(message, status: 200, type: "application/json", body: Array(page.utf8))
        case .poster(let id):
            // Only a video the library has, and only its poster image: nothing in the request names a file.
            guard let item = shared.rows?.library.item(id), let file = posterFile(item.path),
                let data = FileManager.default.contents(atPath: file)
            else { return Self.answer(message, status: 404, text: "Not found") }
            let jpeg = data.starts(with: [0xFF, 0xD8])
            Self.answer(message, status: 200, type: jpeg ? "image/jpeg" : "image/png", body: [UInt8](data))
        case .command:
            command(message)
        case .socket:
            // No status: libsoup goes on with the WebSocket handshake.
            break
        case .pair:
            Self.answer(message, status: 404, text: "Not found")
        }
    }

    private func command(_ message: OpaquePointer) {
        let body = soup_server_message_get_request_body(message)
        let bytes: [UInt8] =
            body.map { body in
                guard let data = body.pointee.data, body.pointee.length > 0 else { return [] }
                return Array(UnsafeRawBufferPointer(start: data, count: Int(body.pointee.length)))
            } ?? []
        let parsed: RemoteCommand
        do {
            parsed = try RemoteCommand(parsing: bytes)
        } catch {
            let status = error == .tooLarge ? 413 : 400
            return Self.answer(message, status: status, type: "application/json", body: Array(Self.refusal(error).utf8))
        }
        guard waiting < Self.maximumWaiting else { return Self.answer(message, status: 503, text: "Busy") }
        waiting += 1
        g_object_ref(UnsafeMutableRawPointer(message))
        soup_server_message_pause(message)
        let held = HeldMessage(message)
        let run = command
        let queue = commandQueue
        queue.async {
            let done = run(parsed)
            self.invoke { engine in
                engine.waiting -= 1
                let text = done ? #"{"ok":true}"# : #"{"ok":false,"error":"nothing to act on"}"#
                RemoteEngine.answer(held.message, status: done ? 200 : 409, type: "application/json", body: Array(text.utf8))
                soup_server_message_unpause(held.message)
                g_object_unref(UnsafeMutableRawPointer(held.message))
            }
        }
    }

    private func opened(_ message: OpaquePointer, connection: OpaquePointer) {
        let headers = soup_server_message_get_request_headers(message)
        guard let session = soup_message_headers_get_one(headers, "Cookie").flatMap({ Self.session(inCookie: String(cString: $0)) }),
            gate.isPaired(session)
        else {
            soup_websocket_connection_close(connection, 1008, nil)
            return
        }
        let fd = soup_server_message_get_socket(message).map { g_socket_get_fd($0) } ?? -1
        let socket = RemoteSocket(connection: connection, session: session, fd: fd) { [unowned self] in
            self.sockets.removeAll { $0.session == session && !$0.isOpen }
            self.gate.socketClosed(session: session)
            self.server?.phones(self.gate.phones)
        }
        sockets.append(socket)
        _ = gate.socketOpened(session: session)
        server?.phones(gate.phones)
        socket.send(shared.status.text)
    }

    /// The value of the `vt-session` cookie in a `Cookie` header.
    static func session(inCookie header: String) -> String? {
        for part in header.split(separator: ";") {
            let pair = part.trimmingCharacters(in: .whitespaces)
            if pair.hasPrefix("vt-session=") { return String(pair.dropFirst("vt-session=".count)) }
        }
        return nil
    }

    private static func refusal(_ error: RemoteRefusal) -> String {
        let reason: String
        switch error {
        case .tooLarge: reason = "too large"
        case .notJSON: reason = "not JSON"
        case .unknownCommand: reason = "unknown command"
        case .badArgument(let name): reason = "bad " + name
        }
        return JSONValue.object([("ok", .bool(false)), ("error", .string(reason))]).encoded
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 401: "Not paired: scan the code shown in VideoToy"
        case 403: "Forbidden"
        case 429: "Too many wrong codes: wait a minute"
        case 503: "Busy"
        default: "Refused"
        }
    }

    /// Answers `status` with a short plain text.
    static func answer(_ message: OpaquePointer, status: Int, text: String) {
        answer(message, status: status, type: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }

    /// Answers `status` with `body` of `type`, with the security headers.
    static func answer(_ message: OpaquePointer, status: Int, type: String, body: [UInt8]) {
        let headers = soup_server_message_get_response_headers(message)
        for (name, value) in securityHeaders { soup_message_headers_replace(headers, name, value) }
        soup_server_message_set_status(message, guint(status), nil)
        body.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                soup_server_message_set_response(message, type, SOUP_MEMORY_COPY, chars.baseAddress, gsize(chars.count))
            }
        }
    }
}

/// A paused message on its way to the main thread and back; touched only on the server's thread.
private final class HeldMessage: @unchecked Sendable {
    let message: OpaquePointer
    init(_ message: OpaquePointer) { self.message = message }
}
