import CGLib
import CGUPnP
import VideoToyGObject

/// One libsoup server listening on one address, on a port the kernel picks, with one handler for every path: what a
/// cast, as it is or converted, is served from.
enum CastListener {
    /// A server on `host` whose `handler` gets `data` (released with the server); nil when nothing could listen.
    @MainActor
    static func open(host: String, handler: SoupServerCallback, data: UnsafeMutableRawPointer) -> (server: GObjectRef, port: guint)? {
        guard let created = vt_soup_server_new("VideoToy") else {
            CBox.release(data)
            return nil
        }
        let server = GObjectRef(adopting: UnsafeMutableRawPointer(created))
        soup_server_add_handler(server.typed(), nil, handler, data, CBox.destroyNotify)
        guard let address = g_inet_socket_address_new_from_string(host, 0) else { return nil }
        defer { g_object_unref(address) }
        var error: UnsafeMutablePointer<GError>?
        // No listen flags: libsoup takes IPV4_ONLY and IPV6_ONLY only from listen_all and listen_local.
        guard soup_server_listen(server.typed(), address, SoupServerListenOptions(rawValue: 0), &error) != 0 else {
            g_clear_error(&error)
            return nil
        }
        let port = vt_soup_server_port(server.typed())
        guard port != 0 else {
            soup_server_disconnect(server.typed())
            return nil
        }
        return (server, port)
    }
}
