import CGLib
import CGUPnP
import Foundation
import VideoToyCore
import VideoToyGObject

/// The phone remote's HTTP and WebSocket server: libsoup on a thread of its own with its own main context, so a
/// hundred sockets or a flood of commands never touch the app's main loop.
///
/// The main thread starts and stops it, publishes the status and the library rows into it, and carries out the
/// commands it hands over; everything else (the gate, parsing, pages, posters, sockets) happens on its thread.
public final class RemoteServer: @unchecked Sendable {
    /// Carries out a command on the commands' queue (the main queue in the app); false when the app has nothing to
    /// act on.
    public typealias Command = @Sendable (RemoteCommand) -> Bool

    let shared = RemoteShared()
    let port: Int
    let fixedAddresses: [String]?
    let posterFile: @Sendable (String) -> String?
    let command: Command
    /// Where commands are carried out: the main queue in the app; a test's own queue, so a busy main thread elsewhere
    /// in the test process cannot hold its answers.
    let commandQueue: DispatchQueue
    let phonesChanged: @MainActor (Int) -> Void
    private var thread: Thread?
    private var engine: RemoteEngine?
    private let lock = NSLock()
    private var viewValue = RemoteView()

    /// A server for `port`, answering on `addresses` (nil: the machine's addresses now); `posterFile` names the
    /// poster image of a video's path (called off the main thread), `command` carries out commands and
    /// `phonesChanged` hears how many phones have the page open; `commandQueue` is where `command` runs.
    public init(
        port: Int, addresses: [String]? = nil, posterFile: @escaping @Sendable (String) -> String?,
        commandQueue: DispatchQueue = .main, command: @escaping Command, phonesChanged: @escaping @MainActor (Int) -> Void
    ) {
        self.port = port
        self.commandQueue = commandQueue
        fixedAddresses = addresses
        self.posterFile = posterFile
        self.command = command
        self.phonesChanged = phonesChanged
    }

    /// The URLs a phone would open on `port` at the machine's addresses now (for `--check`; nothing listens).
    public static func addresses(port: Int) -> [String] {
        RemoteAddresses.current().map { "http://\(RemoteAddresses.host($0, port: port))/" }
    }

    /// What the window shows: listening, the pairing URL and the addresses, or why it could not listen.
    public var view: RemoteView { lock.withLock { viewValue } }

    /// Starts listening (waits the moment it takes to bind); the view says whether it does and where.
    @discardableResult
    public func start() -> RemoteView {
        guard engine == nil else { return view }
        let addresses = fixedAddresses ?? RemoteAddresses.current()
        let token = RemoteAddresses.randomHex()
        let hosts = Set(addresses.map { RemoteAddresses.host($0, port: port) })
        let made = RemoteEngine(server: self, gate: RemoteGate(token: token, hosts: hosts))
        let ready = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: String?
        let thread = Thread {
            made.run { problem in
                failure = problem
                ready.signal()
            }
        }
        thread.name = "videotoy-remote"
        thread.start()
        ready.wait()
        var view = RemoteView()
        if let failure {
            view.failure = failure
        } else if addresses.isEmpty {
            made.stop()
            view.failure = "no network address"
        } else {
            engine = made
            self.thread = thread
            view.listening = true
            view.addresses = addresses.map { "http://\(RemoteAddresses.host($0, port: port))/" }
            view.pairingURL = view.addresses.first.map { $0 + "pair?t=" + token }
        }
        lock.withLock { viewValue = view }
        return view
    }

    /// Stops listening and closes every socket.
    public func stop() {
        if let engine {
            engine.stop()
            // The port is free once this returns, so turning the remote off and on again can listen on it at once.
            _ = engine.finished.wait(timeout: .now() + 2)
        }
        engine = nil
        thread = nil
        lock.withLock { viewValue = RemoteView() }
    }

    /// A new pairing token: every phone is unpaired and disconnected, and the view has the new URL.
    @discardableResult
    public func renew() -> RemoteView {
        guard let engine else { return view }
        let token = RemoteAddresses.randomHex()
        engine.renew(token: token)
        return lock.withLock {
            if let first = viewValue.addresses.first { viewValue.pairingURL = first + "pair?t=" + token }
            viewValue.phones = 0
            return viewValue
        }
    }

    /// Publishes what plays (the JSON the page reads); sockets get it within a quarter of a second.
    public func publish(status: String) { shared.publish(status: status) }

    /// Publishes the library and its order, for the page's list.
    public func publish(rows: (library: Library, shown: ShownRows)) { shared.publish(rows: rows) }

    /// The engine counts phones on its thread; the view and the main thread hear it.
    func phones(_ count: Int) {
        lock.withLock { viewValue.phones = count }
        DispatchQueue.main.async { [phonesChanged] in MainActor.assumeIsolated { phonesChanged(count) } }
    }
}
