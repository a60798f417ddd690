import Foundation
import Glibc
import VideoToyMedia

/// A tiny read-only FUSE file system, served in-process straight over `/dev/fuse`, whose files can stall
/// like a share whose server stopped answering (NFS, SMB, sshfs): `stat`, `open` or `read` past a byte
/// offset never return until `release()`.
///
/// Needs root (or CAP_SYS_ADMIN) and `/dev/fuse`; `isAvailable` says whether this machine has them.
/// Nothing else is required: no libfuse, no fusermount.
public final class StallingFilesystem: @unchecked Sendable {
    /// What a file does to the program that reads it.
    public enum Stall: Sendable, Hashable {
        /// Serves every byte.
        case never
        /// `stat`/`lookup` of the name never answers.
        case lookup
        /// `open` never answers.
        case open
        /// Reads of bytes from this offset on never answer (earlier bytes come back as a short read).
        case read(from: Int)
        /// `stat`/`lookup` of the name fails at once with this error number (EIO, ENOTCONN: a share that dropped).
        case lookupFails(Int32)
        /// Serves every byte, but `close` reports this error number (a share that dropped while the file was open).
        case closeFails(Int32)
    }

    /// One file at the root of the file system.
    public struct File: Sendable {
        /// Its name.
        public var name: String
        /// Its bytes.
        public var contents: Data
        /// How it stalls.
        public var stall: Stall

        /// Creates a file.
        public init(name: String, contents: Data, stall: Stall) {
            (self.name, self.contents, self.stall) = (name, contents, stall)
        }
    }

    /// The folder the file system is mounted on.
    public let mountPoint: String

    /// Whether FUSE can be mounted here (a `/dev/fuse` this process may open, and root).
    public static var isAvailable: Bool {
        guard geteuid() == 0 else { return false }
        let fd = open("/dev/fuse", O_RDWR | O_CLOEXEC)
        if fd >= 0 { close(fd) }
        return fd >= 0
    }

    private let fd: Int32
    private var files: [File]
    private let lock = NSLock()
    private var withheld: [UInt64] = []
    private var released = false
    private var unmounted = false
    // The device is closed once, when both the serving thread has stopped and unmount has begun; replies check it
    // under the lock, so nothing is ever written to a number that another part of the process may have reused.
    private var serving = true
    private var deviceClosed = false
    private let stopped = DispatchSemaphore(value: 0)

    /// Mounts a new file system holding `files` on a fresh folder under the temporary directory.
    public init(files: [File]) throws {
        TestProcess.ignoreBrokenPipes()
        self.files = files
        let mountPoint = NSTemporaryDirectory() + "videotoy-stallfs-\(getpid())-\(UUID().uuidString.prefix(8))"
        // Mounted before the instance exists: a failure must not reach `deinit`, which would close the
        // descriptor a second time, by then perhaps another part of the process's.
        fd = try Self.mount(on: mountPoint)
        self.mountPoint = mountPoint
        let thread = Thread { [self] in serve() }
        thread.name = "stallfs"
        thread.start()
    }

    deinit { unmount() }

    private static func mount(on mountPoint: String) throws -> Int32 {
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let fd = open("/dev/fuse", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            rmdir(mountPoint)
            throw SetUpFailure(description: "cannot open /dev/fuse: \(String(cString: strerror(errno)))")
        }
        let options = "fd=\(fd),rootmode=40000,user_id=0,group_id=0,allow_other"
        guard Glibc.mount("videotoy-stallfs", mountPoint, "fuse.videotoy-stallfs", UInt(MS_NOSUID | MS_NODEV), options) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            rmdir(mountPoint)
            throw SetUpFailure(description: "cannot mount FUSE on \(mountPoint): \(reason)")
        }
        return fd
    }

    /// The path of the file called `name`.
    public func path(_ name: String) -> String { mountPoint + "/" + name }

    /// Changes how the file called `name` stalls from now on (a share that dies while the app runs).
    public func setStall(_ stall: Stall, for name: String) {
        lock.withLock {
            if let index = files.firstIndex(where: { $0.name == name }) { files[index].stall = stall }
        }
    }

    /// How many requests are being held right now.
    public var stalledCount: Int { lock.withLock { withheld.count } }

    /// Fails every held request with EIO, and every later one that would stall, so blocked readers continue.
    public func release() {
        let held = lock.withLock { () -> [UInt64] in
            released = true
            defer { withheld = [] }
            return withheld
        }
        for unique in held { reply(unique, error: EIO) }
    }

    /// Releases held requests, detaches the mount and stops serving; safe to call more than once.
    public func unmount() {
        release()
        let first = lock.withLock { () -> Bool in
            defer { unmounted = true }
            return !unmounted
        }
        guard first else { return }
        umount2(mountPoint, Int32(MNT_DETACH))
        // Closing the device while the serving thread may still read it let that thread read whatever reused the
        // number (a GStreamer bus's wake-up byte, then lost); so it is closed once that thread has stopped, here or
        // by the thread itself should it stop later.
        _ = stopped.wait(timeout: .now() + 30)
        closeDeviceWhenDone()
        rmdir(mountPoint)
    }

    /// Closes the device once nothing serves it any more and unmount has begun; closing aborts the connection.
    private func closeDeviceWhenDone() {
        lock.withLock {
            guard !serving, unmounted, !deviceClosed else { return }
            deviceClosed = true
            close(fd)
        }
    }

    /// Writes one message to the device, unless it is closed.
    private func send(_ bytes: [UInt8]) {
        lock.withLock {
            guard !deviceClosed else { return }
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        }
    }

    // MARK: The protocol

    private static let rootNode: UInt64 = 1

    private func serve() {
        defer {
            lock.withLock { serving = false }
            closeDeviceWhenDone()
            stopped.signal()
        }
        var buffer = [UInt8](repeating: 0, count: (1 << 20) + 4096)
        while !lock.withLock({ unmounted }) {
            // Poll with a timeout, so `unmount` can stop this thread even while the kernel has nothing to send.
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, 100)
            if polled == 0 || (polled < 0 && errno == EINTR) { continue }
            if polled < 0 || ready.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                // EINTR: try again; ENOENT: the request was interrupted before we read it.
                if errno == EINTR || errno == ENOENT || errno == EAGAIN { continue }
                return
            }
            guard count >= 40 else { continue }
            handle(Array(buffer[0..<count]))
        }
    }

    private func handle(_ request: [UInt8]) {
        let files = lock.withLock { self.files }
        let opcode = request.u32(4), unique = request.u64(8), node = request.u64(16)
        let body = Array(request[40...])
        switch opcode {
        case 26:  // INIT
            var out = Bytes()
            // FUSE_PARALLEL_DIROPS (1 << 18): without it the kernel serialises lookups in a folder, so one held
            // lookup would hold every other name too, which is not what a single bad file does on a real share.
            let flags = request.u32(52) & (1 << 18)
            out.u32(7); out.u32(31); out.u32(request.u32(48)); out.u32(flags)
            out.u16(16); out.u16(12); out.u32(128 * 1024); out.u32(1); out.u16(0); out.u16(0); out.u32(0)
            out.zeros(28)
            reply(unique, out.bytes)
        case 1:  // LOOKUP
            let name = String(decoding: body.prefix { $0 != 0 }, as: UTF8.self)
            guard node == Self.rootNode, let index = files.firstIndex(where: { $0.name == name }) else {
                return reply(unique, error: ENOENT)
            }
            if files[index].stall == .lookup, hold(unique) { return }
            if case .lookupFails(let code) = files[index].stall { return reply(unique, error: code) }
            var out = Bytes()
            out.u64(UInt64(index) + 2); out.u64(0); out.u64(0); out.u64(0); out.u32(0); out.u32(0)
            attributes(of: UInt64(index) + 2, into: &out)
            reply(unique, out.bytes)
        case 3:  // GETATTR
            guard node == Self.rootNode || file(node) != nil else { return reply(unique, error: ENOENT) }
            var out = Bytes()
            out.u64(0); out.u32(0); out.u32(0)
            attributes(of: node, into: &out)
            reply(unique, out.bytes)
        case 27:  // OPENDIR
            var out = Bytes()
            out.u64(0); out.u32(0); out.u32(0)
            reply(unique, out.bytes)
        case 28:  // READDIR
            let offset = Int(body.u64(8)), size = Int(body.u32(16))
            let names: [(String, UInt64, UInt32)] =
                [(".", 1, 4), ("..", 1, 4)]
                + files.enumerated().map { ($1.name, UInt64($0) + 2, 8) }
            var out = Bytes()
            for (index, entry) in names.enumerated().dropFirst(offset) {
                let name = Array(entry.0.utf8)
                let length = (24 + name.count + 7) & ~7
                guard out.bytes.count + length <= size else { break }
                out.u64(entry.1); out.u64(UInt64(index + 1)); out.u32(UInt32(name.count)); out.u32(entry.2)
                out.bytes += name
                out.zeros(length - 24 - name.count)
            }
            reply(unique, out.bytes)
        case 14:  // OPEN
            guard let file = file(node) else { return reply(unique, error: ENOENT) }
            if file.stall == .open, hold(unique) { return }
            var out = Bytes()
            // FOPEN_DIRECT_IO: no page cache, so every read the program makes reaches this server.
            out.u64(node); out.u32(1); out.u32(0)
            reply(unique, out.bytes)
        case 15:  // READ
            guard let file = file(node) else { return reply(unique, error: EBADF) }
            let offset = Int(body.u64(8)), size = Int(body.u32(16))
            var end = min(file.contents.count, offset + size)
            if case .read(let from) = file.stall {
                if offset >= from, hold(unique) { return }
                if offset < from { end = min(end, from) }
            }
            reply(unique, offset < end ? [UInt8](file.contents[offset..<end]) : [])
        case 17:  // STATFS
            var out = Bytes()
            out.zeros(40); out.u32(4096); out.u32(255); out.u32(4096); out.zeros(28)
            reply(unique, out.bytes)
        case 25:  // FLUSH, sent by every close
            if case .closeFails(let code) = file(node)?.stall { return reply(unique, error: code) }
            reply(unique, [])
        case 18, 29, 34, 38:  // RELEASE, RELEASEDIR, ACCESS, DESTROY
            reply(unique, [])
        case 2, 42, 36:  // FORGET, BATCH_FORGET, INTERRUPT: no reply
            break
        default:
            reply(unique, error: ENOSYS)
        }
    }

    /// Keeps `unique` unanswered; false once released (the caller then fails it).
    private func hold(_ unique: UInt64) -> Bool {
        let held = lock.withLock { () -> Bool in
            guard !released else { return false }
            withheld.append(unique)
            return true
        }
        if !held { reply(unique, error: EIO) }
        return true
    }

    private func file(_ node: UInt64) -> File? {
        lock.withLock { node >= 2 && Int(node - 2) < files.count ? files[Int(node - 2)] : nil }
    }

    private func attributes(of node: UInt64, into out: inout Bytes) {
        let size = UInt64(file(node)?.contents.count ?? 0)
        let isFolder = node == Self.rootNode
        out.u64(node); out.u64(size); out.u64((size + 511) / 512)
        out.u64(0); out.u64(0); out.u64(0); out.u32(0); out.u32(0); out.u32(0)
        out.u32(isFolder ? UInt32(S_IFDIR) | 0o755 : UInt32(S_IFREG) | 0o644)
        out.u32(isFolder ? 2 : 1); out.u32(0); out.u32(0); out.u32(0); out.u32(4096); out.u32(0)
    }

    private func reply(_ unique: UInt64, _ payload: [UInt8]) {
        var out = Bytes()
        out.u32(UInt32(16 + payload.count)); out.u32(0); out.u64(unique)
        out.bytes += payload
        send(out.bytes)
    }

    private func reply(_ unique: UInt64, error: Int32) {
        var out = Bytes()
        out.u32(16); out.u32(UInt32(bitPattern: -error)); out.u64(unique)
        send(out.bytes)
    }
}

/// Little-endian output for the FUSE protocol.
private struct Bytes {
    var bytes: [UInt8] = []
    mutating func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func zeros(_ count: Int) { bytes += repeatElement(0, count: max(0, count)) }
}

extension Array where Element == UInt8 {
    fileprivate func u32(_ at: Int) -> UInt32 {
        guard at + 4 <= count else { return 0 }
        return self[at..<at + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    fileprivate func u64(_ at: Int) -> UInt64 {
        guard at + 8 <= count else { return 0 }
        return self[at..<at + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
}
