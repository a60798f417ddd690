import Foundation
import Glibc
import VideoToyCore
import VideoToyText

/// The core's `MediaBackend` with probes, posters and subtitle charset detection made by sandboxed helper processes,
/// so a file that crashes, hangs or exhausts the media library or uchardet costs that file, not the app.
///
/// One helper per worker (two): a request takes a free helper, starting one if needed. A helper that dies or does
/// not answer within `requestSeconds` is killed and replaced by the next request; its file's probe fails with
/// `readerCrashed`, `readerStuck` or `readerOutOfMemory` (which the probe cache keeps), and its poster is not
/// tried again in this run. A subtitle file whose detection fails so is read as if the detector had found nothing.
/// Players, subtitle parsing and iconv's conversion stay in this process.
public final class HelperBackend: MediaBackend, @unchecked Sendable {
    /// How helpers are confined besides their own seccomp filter and memory limit.
    public enum Confinement: Sendable {
        /// Under bubblewrap when it is installed and works (no network, the file system read-only), otherwise
        /// the helper's own limits only.
        case bubblewrapWhenPresent
        /// The helper's own limits only.
        case selfOnly
    }

    /// How long one request may take before its helper is killed.
    public let requestSeconds: Int
    /// How long a charset detection may take in all, waiting for a free helper included: less than the sidecar
    /// reader gives a file, so a helper that fails on one ends in the fallback encoding, not in a file too slow.
    public let detectionSeconds: Int
    private let command: [String]
    private let environment: [String]
    private let posterHeight: Int
    private let condition = NSCondition()
    private var slots: [HelperProcess?]
    private var busy: [Bool]
    // When each slot's helper last finished a request (monotonic ms), for `idleSeconds`.
    private var lastUsed: [Int64]
    private let idleSeconds: Int?
    private var reapScheduled = false
    private let reaper = DispatchQueue(label: "videotoy.helper-reaper", qos: .utility)
    private var wrapper: [String]?
    private var launches = 0
    private var posterSkips: Set<PosterKey> = []

    private struct PosterKey: Hashable {
        let path: PathKey
        let stamp: FileStamp?
    }

    /// Runs `executable` with `--media-helper` as each helper (the app passes its own binary); `environment` is
    /// added to this process's for them (tests set faults there). A helper idle for `idleSeconds` is ended (nil: never).
    public init(
        executable: String, helpers: Int = 2, requestSeconds: Int = 15, posterHeight: Int = 188,
        confinement: Confinement = .bubblewrapWhenPresent, environment: [String: String] = [:], detectionSeconds: Int = 3,
        idleSeconds: Int? = nil
    ) {
        GStreamer.initialize()
        self.command = [executable, MediaHelper.argument]
        self.requestSeconds = max(1, requestSeconds)
        self.detectionSeconds = min(max(1, detectionSeconds), SidecarReader.secondsPerStep - 1)
        self.posterHeight = max(1, posterHeight)
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        self.environment = merged.map { "\($0.key)=\($0.value)" }
        slots = Array(repeating: nil, count: max(1, helpers))
        busy = Array(repeating: false, count: max(1, helpers))
        lastUsed = Array(repeating: 0, count: max(1, helpers))
        self.idleSeconds = idleSeconds.map { max(1, $0) }
        switch confinement {
        case .selfOnly: wrapper = nil
        case .bubblewrapWhenPresent: wrapper = Self.bubblewrap()
        }
    }

    /// This process's own executable, which `HelperBackend` can run as a helper when it is the app.
    public static var ownExecutable: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// How many helpers were started so far (tests check that a crashed one was replaced, or none was needed).
    public var helpersStarted: Int { condition.withLock { launches } }

    /// How many helpers are running now, busy or idle.
    public var helpersRunning: Int { condition.withLock { slots.count { $0 != nil } } }

    /// True when helpers run under bubblewrap.
    public var isBubblewrapped: Bool { condition.withLock { wrapper != nil } }

    @MainActor
    public func makePlayer(
        path: String, output: VideoOutput,
        onMessage: @escaping @MainActor (PlayerMessage) -> Void
    ) -> MediaPlayer? {
        Player(path: path, output: output, onMessage: onMessage)
    }

    public func sidecars(path: String) -> SidecarSubtitles {
        sidecars(path: path, reading: SubtitleReading())
    }

    public func sidecars(path: String, reading: SubtitleReading) -> SidecarSubtitles {
        SidecarReader.read(beside: path, reading: reading, decoder: LegacyTextDecoder { [self] in detectCharset($0) })
    }

    public func containerSubtitles(path: String) -> ContainerSubtitles {
        ContainerCueReader.read(path)
    }

    public func probe(path: String) -> Result<MediaInfo, ProbeFailure> {
        switch ask(HelperWire.Frame(kind: .probe, payload: Array(path.utf8))) {
        case .failure(let failure): return .failure(failure)
        case .success(let frame):
            guard frame.kind == .probed, let result = Self.probed(frame.payload) else {
                return .failure(.other("The media helper gave an unreadable answer."))
            }
            return result
        }
    }

    public func poster(path: String, durationMs: Int?) -> VideoFrame? {
        // A stat on a share that stopped answering must not take a worker forever.
        let key = PosterKey(path: PathKey(path), stamp: Bounded.run(seconds: 5) { FileStamp.of(path: path) } ?? nil)
        guard !condition.withLock({ posterSkips.contains(key) }) else { return nil }
        let request = HelperWire.posterRequest(path: path, durationMs: durationMs, maxHeight: posterHeight)
        switch ask(HelperWire.Frame(kind: .poster, payload: request)) {
        case .failure(.readerCrashed), .failure(.readerStuck), .failure(.readerOutOfMemory):
            // Once is enough for this run: asking again would take another helper down the same way.
            condition.withLock { _ = posterSkips.insert(key) }
            return nil
        case .failure: return nil
        case .success(let frame):
            guard frame.kind == .picture else { return nil }
            return Self.frame(frame.payload)
        }
    }

    /// The charset a helper's uchardet names for `head` (its first `EncodingDecision.detectorBytes`); nil when it
    /// names none, or when no helper answers within `detectionSeconds` (one that crashes on the bytes is replaced).
    public func detectCharset(_ head: ArraySlice<UInt8>) -> String? {
        guard !head.isEmpty else { return nil }
        let request = HelperWire.Frame(kind: .detectEncoding, payload: Array(head.prefix(HelperWire.maxDetectionBytes)))
        let deadline = HelperWire.now() + Int64(detectionSeconds) * 1000
        guard case .success(let frame) = ask(request, deadline: deadline), frame.kind == .encodingDetected,
            let name = HelperWire.charsetName(frame.payload), name != HelperWire.unknownCharset
        else { return nil }
        return name
    }

    /// Asks a helper whether it may open an Internet socket: "refused <errno>" when the sandbox holds.
    public func networkCheck() -> String {
        switch ask(HelperWire.Frame(kind: .networkCheck, payload: [])) {
        case .success(let frame) where frame.kind == .networkChecked: return String(decoding: frame.payload, as: UTF8.self)
        case .success: return "unreadable answer"
        case .failure(let failure): return failure.text(in: .english)
        }
    }

    /// Kills every idle helper (they start again when needed).
    public func stopHelpers() {
        let idle: [HelperProcess] = condition.withLock {
            var taken: [HelperProcess] = []
            for index in slots.indices where !busy[index] {
                if let helper = slots[index] { taken.append(helper) }
                slots[index] = nil
            }
            return taken
        }
        idle.forEach { $0.kill() }
    }

    // MARK: Helpers

    /// A helper's answer to `request`; with a `deadline` (monotonic ms), waiting for a free helper, starting one and
    /// the answer all end by then, otherwise only the answer, `requestSeconds` after the request is sent.
    private func ask(_ request: HelperWire.Frame, deadline: Int64? = nil) -> Result<HelperWire.Frame, ProbeFailure> {
        guard let index = take(until: deadline) else { return .failure(.readerStuck(seconds: detectionSeconds)) }
        var helper = condition.withLock { slots[index] }
        defer { give(back: index, helper) }
        // A helper found ended before the request was sent is replaced, and the request sent again, once.
        for _ in 0..<2 {
            if helper == nil {
                switch launch(readySeconds: deadline.map { Int(min(30, max(1, ($0 - HelperWire.now() + 999) / 1000))) }) {
                case .success(let started): helper = started
                case .failure(let failure): return .failure(failure)
                }
            }
            guard let running = helper else { break }
            // Sent this late, the request would time out unread and its helper be killed for nothing.
            if let deadline, HelperWire.now() >= deadline { return .failure(.readerStuck(seconds: detectionSeconds)) }
            switch running.exchange(request, deadline: deadline ?? HelperWire.now() + Int64(requestSeconds) * 1000) {
            case .answer(let frame):
                // A timed-out read may leave a thread stuck in the helper, which could crash it during the next
                // file: that helper is retired rather than let a later file take the blame.
                if Self.timedOut(frame) {
                    running.kill()
                    helper = nil
                }
                return .success(frame)
            case .gone:
                helper = nil
            case .timedOut:
                helper = nil
                let seconds = deadline == nil ? requestSeconds : detectionSeconds
                return .failure(.readerStuck(seconds: seconds))
            case .died(let death):
                helper = nil
                switch death {
                case .outOfMemory: return .failure(.readerOutOfMemory(megabytes: Int(MediaHelper.memoryLimitBytes >> 20)))
                case .crashed: return .failure(.readerCrashed)
                }
            }
        }
        return .failure(.other("The media helper could not start."))
    }

    private static func timedOut(_ frame: HelperWire.Frame) -> Bool {
        let text = String(decoding: frame.payload, as: UTF8.self)
        switch frame.kind {
        case .probed, .noPicture: return text.contains("\tfail\ttimeout\t") || text.hasPrefix("fail\ttimeout\t")
        default: return false
        }
    }

    /// A free slot, marked busy; nil when none is free by `deadline` (monotonic ms; nil waits as long as it takes).
    private func take(until deadline: Int64?) -> Int? {
        condition.withLock {
            while true {
                if let free = busy.firstIndex(of: false) {
                    busy[free] = true
                    return free
                }
                guard let deadline else {
                    condition.wait()
                    continue
                }
                let left = deadline - HelperWire.now()
                guard left > 0 else { return nil }
                _ = condition.wait(until: Date(timeIntervalSinceNow: Double(left) / 1000))
            }
        }
    }

    private func give(back index: Int, _ helper: HelperProcess?) {
        condition.withLock {
            slots[index] = helper
            busy[index] = false
            lastUsed[index] = HelperWire.now()
            condition.signal()
        }
        scheduleReap()
    }

    /// Looks for idle helpers once the oldest running one may have been idle for `idleSeconds`.
    private func scheduleReap() {
        guard let idleSeconds else { return }
        let due: Int64? = condition.withLock {
            guard !reapScheduled else { return nil }
            let idle = slots.indices.filter { slots[$0] != nil && !busy[$0] }.map { lastUsed[$0] }
            guard let oldest = idle.min() else { return nil }
            reapScheduled = true
            return oldest + Int64(idleSeconds) * 1000
        }
        guard let due else { return }
        let wait = max(0, due - HelperWire.now())
        reaper.asyncAfter(deadline: .now() + .milliseconds(Int(wait))) { [weak self] in self?.endIdleHelpers() }
    }

    /// Ends the helpers idle for `idleSeconds` or more: a helper holds 40 MB (GStreamer and its plugins) that playing one
    /// file, or a library whose probes and posters are cached, never needs again; the next request starts one.
    private func endIdleHelpers() {
        guard let idleSeconds else { return }
        let now = HelperWire.now()
        let ended: [HelperProcess] = condition.withLock {
            reapScheduled = false
            var taken: [HelperProcess] = []
            for index in slots.indices where !busy[index] && now - lastUsed[index] >= Int64(idleSeconds) * 1000 {
                if let helper = slots[index] { taken.append(helper) }
                slots[index] = nil
            }
            return taken
        }
        ended.forEach { $0.kill() }
        scheduleReap()
    }

    /// A new helper, under bubblewrap if it works here; one that does not start is not the file's fault, so its
    /// failure is not one the cache keeps. `readySeconds` shorter than the usual 30 s (a detection's deadline) is
    /// too short to judge bubblewrap by: such a launch that fails leaves bubblewrap in use for the next.
    private func launch(readySeconds: Int? = nil) -> Result<HelperProcess, ProbeFailure> {
        let wrapped = condition.withLock { wrapper }
        if let wrapped {
            switch HelperProcess.launch(wrapped + command, environment: environment, readySeconds: readySeconds ?? 30) {
            case .success(let helper):
                condition.withLock { launches += 1 }
                return .success(helper)
            case .failure(let failure) where readySeconds != nil:
                return .failure(.other("The media helper could not start: \(failure.text)."))
            case .failure(let failure):
                FileHandle.standardError.write(
                    Data("videotoy: the media helper does not start under bubblewrap (\(failure.text)): running it without\n".utf8))
                condition.withLock { wrapper = nil }
            }
        }
        switch HelperProcess.launch(command, environment: environment, readySeconds: readySeconds ?? 30) {
        case .success(let helper):
            condition.withLock { launches += 1 }
            return .success(helper)
        case .failure(let failure):
            return .failure(.other("The media helper could not start: \(failure.text)."))
        }
    }

    /// The bubblewrap command line a helper runs under, when bubblewrap is installed.
    static func bubblewrap() -> [String]? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/bwrap" }.first { (candidate: String) in access(candidate, X_OK) == 0 }
        guard let path else { return nil }
        // Everything read-only (the helper reads whatever file it is given, /tmp included), no network, no other
        // process to see; killed when the thread that started it (which lives as long as the app) ends.
        return [
            path, "--unshare-all", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--die-with-parent", "--new-session",
            "--",
        ]
    }

    // MARK: Answers

    private static func probed(_ payload: [UInt8]) -> Result<MediaInfo, ProbeFailure>? {
        let fields = String(decoding: payload, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 3, let result = ProbeRecord.result(fields[2...]) else { return nil }
        guard case .success(var info) = result else { return result }
        if let size = Int64(fields[0]), let modified = Int64(fields[1]), size >= 0 {
            info.file = FileFacts(size: size, modified: modified)
        }
        return .success(info)
    }

    private static func frame(_ payload: [UInt8]) -> VideoFrame? {
        guard let size = HelperWire.pictureSize(payload) else { return nil }
        let storage = PixelCopy.Storage(byteCount: size.stride * size.height)
        payload.withUnsafeBytes { raw in
            storage.bytes.copyMemory(from: raw.baseAddress! + 12, byteCount: size.stride * size.height)
        }
        return VideoFrame(
            width: size.width, height: size.height, stride: size.stride, bytes: UnsafeRawPointer(storage.bytes), owner: storage)
    }
}
