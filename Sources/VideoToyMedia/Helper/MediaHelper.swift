import CSandbox
import Foundation
import Glibc
import VideoToyCore
import VideoToyGObject

/// The media helper's side: probes, posters and subtitle charset detection in a process of their own, which may
/// crash, hang or run out of memory on a file without taking the app down.
///
/// The app runs its own binary with `--media-helper` (`HelperBackend` starts it, under bubblewrap when present).
/// Before reading any file the helper limits its address space, refuses itself every socket but AF_UNIX with a
/// seccomp filter, and starts GStreamer; then it answers one request at a time over stdin and stdout.
public enum MediaHelper {
    /// The first argument that makes the app's binary a media helper.
    public static let argument = "--media-helper"
    /// The address space one helper may use: GStreamer's threads and a large picture's frames fit.
    public static let memoryLimitBytes: UInt64 = 4 << 30
    /// The exit status of a helper that died at its memory limit.
    static let outOfMemoryStatus: Int32 = 86
    /// The exit status of a helper that could not set up its sandbox.
    static let sandboxFailedStatus: Int32 = 87
    /// Names a test-only fault, `crash:`, `hang:` or `allocate:` followed by a part of the file name it hits, or of
    /// the text whose charset it is asked for.
    static let faultVariable = "VIDEOTOY_HELPER_FAULT"

    /// Serves requests and exits when the first argument is `--media-helper`; returns at once otherwise. Call it
    /// first in `main`, before any library starts threads.
    public static func runIfAsked() {
        guard CommandLine.argc >= 2, let first = CommandLine.unsafeArgv[1], String(cString: first) == argument else { return }
        exit(serve())
    }

    private static func serve() -> Int32 {
        // The conversation moves off 0 and 1: a library printing to stdout must not break a frame.
        let input = dup(0), output = dup(1)
        guard input >= 0, output >= 0 else { return sandboxFailedStatus }
        let null = open("/dev/null", O_RDONLY)
        if null >= 0 { dup2(null, 0); close(null) }
        dup2(2, 1)
        guard vt_sandbox_limit_memory(memoryLimitBytes) == 0,
            vt_sandbox_report_memory_deaths(outOfMemoryStatus, 256 << 20) == 0,
            vt_sandbox_refuse_network() == 0
        else {
            FileHandle.standardError.write(Data("videotoy media helper: cannot set up the sandbox (errno \(errno))\n".utf8))
            return sandboxFailedStatus
        }
        _ = vt_sandbox_die_with_parent()
        watchForHangUp(input)
        ProcessTuning.limitMallocArenas()
        GStreamer.initialize()
        let fault = Fault(ProcessInfo.processInfo.environment[faultVariable])
        let prober = MediaProber(timeoutSeconds: 10)
        guard HelperWire.write(HelperWire.encode(.init(kind: .hello, payload: Array(HelperWire.greeting.utf8))), to: output) else {
            return 0
        }
        while case .success(let request) = HelperWire.read(from: input) {
            let answer: HelperWire.Frame
            switch request.kind {
            case .probe:
                let path = String(decoding: request.payload, as: UTF8.self)
                fault?.strike(path)
                answer = probed(outOfMemory(prober.probe(path: path)))
            case .poster:
                guard let asked = HelperWire.posterRequest(request.payload) else { return 0 }
                fault?.strike(asked.path)
                answer = picture(PosterMaker(maxHeight: asked.maxHeight).poster(path: asked.path, durationMs: asked.durationMs))
            case .detectEncoding:
                let head = request.payload.prefix(HelperWire.maxDetectionBytes)
                fault?.strike(String(decoding: head, as: UTF8.self))
                answer = HelperWire.Frame(kind: .encodingDetected, payload: Array(CharsetDetector.charset(of: head).utf8))
            case .networkCheck:
                answer = HelperWire.Frame(kind: .networkChecked, payload: Array(networkCheck().utf8))
            default:
                return 0
            }
            guard HelperWire.write(HelperWire.encode(answer), to: output) else { return 0 }
            releaseMemoryWhenIdle(input)
        }
        return 0
    }

    /// Gives the decoder's freed frames back to the system when no request is waiting: malloc kept them, and a helper
    /// that had made one 2160p poster held 200 MB until it ended. Not between requests in a row, where it would cost
    /// time (a scan's posters) and the next request reuses the memory anyway.
    private static func releaseMemoryWhenIdle(_ input: Int32) {
        var waiting = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, 0) == 0 else { return }
        ProcessTuning.releaseFreedMemory()
    }

    /// libav's decoders report an allocation refused at the memory limit as this error (on the FFV1 9-bit file that
    /// crashes GStreamer without a limit): it is the file's doing, and kept like a helper that died at its limit.
    private static func outOfMemory(_ result: Result<MediaInfo, ProbeFailure>) -> Result<MediaInfo, ProbeFailure> {
        guard case .failure(.other("Unable to allocate memory")) = result else { return result }
        return .failure(.readerOutOfMemory(megabytes: Int(memoryLimitBytes >> 20)))
    }

    private static func probed(_ result: Result<MediaInfo, ProbeFailure>) -> HelperWire.Frame {
        let file = (try? result.get())?.file
        let fields = [file.map { String($0.size) } ?? "", file.map { String($0.modified) } ?? ""] + ProbeRecord.fields(result)
        return HelperWire.Frame(kind: .probed, payload: Array(fields.joined(separator: "\t").utf8))
    }

    private static func picture(_ result: Result<VideoFrame, ProbeFailure>) -> HelperWire.Frame {
        switch result {
        case .success(let frame):
            return HelperWire.Frame(
                kind: .picture,
                payload: HelperWire.picture(width: frame.width, height: frame.height, stride: frame.stride, bytes: frame.bytes))
        case .failure(let failure):
            let fields = ProbeRecord.fields(.failure(failure))
            return HelperWire.Frame(kind: .noPicture, payload: Array(fields.joined(separator: "\t").utf8))
        }
    }

    /// Whether this process can open an Internet socket, as the sandbox says it must not.
    private static func networkCheck() -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return "refused \(errno)" }
        close(fd)
        return "opened"
    }

    /// Ends the helper as soon as the app closes its end, even while a request is stuck in a read or a decoder.
    private static func watchForHangUp(_ fd: Int32) {
        // POLLRDHUP, which Glibc's module does not export (it is a GNU extension).
        let hangUp: Int16 = 0x2000
        let thread = Thread {
            while true {
                // POLLRDHUP alone: a request arriving (POLLIN) must not wake this thread.
                var watched = pollfd(fd: fd, events: hangUp, revents: 0)
                let polled = poll(&watched, 1, -1)
                if polled < 0 && errno == EINTR { continue }
                if polled < 0 || watched.revents & (hangUp | Int16(POLLHUP | POLLERR | POLLNVAL)) != 0 { _exit(0) }
            }
        }
        thread.name = "videotoy-helper-watch"
        thread.start()
    }

    /// A failure the tests ask for, on files whose path (or, for a detection, whose bytes read as UTF-8) contains a
    /// given text.
    private struct Fault {
        enum Kind: String {
            case crash, hang, allocate
        }

        let kind: Kind
        let match: String

        init?(_ text: String?) {
            guard let text, let colon = text.firstIndex(of: ":"), let kind = Kind(rawValue: String(text[..<colon])) else {
                return nil
            }
            let match = String(text[text.index(after: colon)...])
            guard !match.isEmpty else { return nil }
            (self.kind, self.match) = (kind, match)
        }

        func strike(_ path: String) {
            guard path.contains(match) else { return }
            switch kind {
            case .crash:
                raise(SIGSEGV)
            case .hang:
                while true { sleep(60) }
            case .allocate:
                // As a decoder told a huge size would: ask and ask until refused, then abort as GLib does. Pages are
                // reserved, not touched, so the test costs address space only.
                var blocks: [UnsafeMutableRawPointer] = []
                for _ in 0..<4096 {
                    guard let block = malloc(64 << 20) else { break }
                    blocks.append(block)
                }
                if blocks.count < 4096 { abort() }
                while true { sleep(60) }
            }
        }
    }
}
