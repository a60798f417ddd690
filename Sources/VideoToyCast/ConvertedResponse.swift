import CGLib
import CGUPnP
import Glibc
import VideoToyGObject

/// One GET of a converted stream: the converter's output fed to libsoup as a chunked body, one block at a time.
///
/// The next block is read only once libsoup has written the previous one to the renderer (`wrote-chunk`), so a
/// renderer that reads slowly slows the converter down through its socket instead of filling the app's memory; the
/// fd is non-blocking and watched on the main context, so the main loop never waits for the converter.
@MainActor
final class ConvertedResponse {
    /// The most read from the converter at a time: 64 KiB, about 350 TS packets.
    static let blockBytes = 64 * 1024

    private let message: OpaquePointer
    private let fd: Int32
    private var stopConverter: (@MainActor () -> Void)?
    private var watch: guint = 0
    private var bodyComplete = false
    private var finished = false
    private var connections: [SignalConnection] = []
    private var block = [UInt8](repeating: 0, count: blockBytes)
    /// Bytes handed to libsoup so far, for tests and logs.
    private(set) var bytesSent = 0

    /// A response for `message` fed from `fd`, which stays open until `stop` (called once) closes it.
    init(message: OpaquePointer, fd: Int32, stop: @escaping @MainActor () -> Void) {
        self.message = message
        self.fd = fd
        self.stopConverter = stop
        g_object_ref(UnsafeMutableRawPointer(message))
    }

    /// Starts streaming: the handler has set the status and headers; the message waits until the first block.
    func start() {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        // Written chunks are dropped, not kept for a body nobody reads back: memory stays at one block.
        soup_message_body_set_accumulate(soup_server_message_get_response_body(message), 0)
        let instance = UnsafeMutableRawPointer(message)
        connections = [
            Signal.connect(instance, "wrote-chunk") { [self] in wroteChunk() },
            Signal.connect(instance, "finished") { [self] in finish() },
            Signal.connect(instance, "disconnected") { [self] in finish() },
        ]
        soup_server_message_pause(message)
        watchConverter()
    }

    /// Ends the response early (a new GET, or the cast stopped): the converter stops and the body ends here.
    func close() {
        endBody()
    }

    private func watchConverter() {
        guard watch == 0, !bodyComplete, !finished else { return }
        let readable: GUnixFDSourceFunc = { _, _, data in
            // Attached to the default main context, whose loop runs on the main thread only.
            MainActor.assumeIsolated { CBox.object(data, as: ConvertedResponse.self).readable() } ? 1 : 0
        }
        let conditions = GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue)
        watch = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, conditions, readable, CBox.retain(self), CBox.destroyNotify)
    }

    /// Reads one block into the body; whether to keep watching (only while the fd has nothing yet).
    private func readable() -> Bool {
        guard !bodyComplete, !finished else {
            watch = 0
            return false
        }
        let count = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EAGAIN || errno == EINTR) { return true }
        watch = 0
        guard count > 0, count <= block.count else {
            // The end of the file, or the converter failed: either way the renderer gets what there was.
            endBody()
            return false
        }
        block.withUnsafeBytes { raw in
            soup_message_body_append(soup_server_message_get_response_body(message), SOUP_MEMORY_COPY, raw.baseAddress, gsize(count))
        }
        bytesSent += count
        soup_server_message_unpause(message)
        return false
    }

    private func wroteChunk() {
        watchConverter()
    }

    private func endBody() {
        stopWatching()
        stop()
        guard !bodyComplete, !finished else { return }
        bodyComplete = true
        soup_message_body_complete(soup_server_message_get_response_body(message))
        soup_server_message_unpause(message)
    }

    /// libsoup is done with the message (sent, or the renderer went away): everything is let go.
    private func finish() {
        guard !finished else { return }
        finished = true
        stopWatching()
        stop()
        connections.forEach { $0.cancel() }
        connections = []
        g_object_unref(UnsafeMutableRawPointer(message))
    }

    private func stopWatching() {
        if watch != 0 { g_source_remove(watch) }
        watch = 0
    }

    private func stop() {
        let stop = stopConverter
        stopConverter = nil
        stop?()
    }
}
