import CSandbox
import Foundation
import Glibc
import Synchronization
import VideoToyCore
import VideoToyGObject

/// Converts a file for a network renderer that does not take it as it is: H.264 and AAC in MPEG-TS, from a given
/// position, in a sandboxed process of its own, so a file that crashes a decoder costs the cast, not the app.
///
/// The app runs its own binary as `videotoy --convert-for-cast PATH FROM_MS [SUBTITLES]` (`start` does, under
/// bubblewrap when it works, as the media helper runs); SUBTITLES, a SubRip file, is burnt into the picture. That process limits its address space, refuses itself every socket but
/// AF_UNIX, dies with the app, and writes the stream to its stdout: exit status 0 at the end of the file, else
/// non-zero with one line on stderr.
public enum MediaConverter {
    /// The first argument that makes the app's binary a converter.
    public static let argument = "--convert-for-cast"
    /// The latest start position taken, in milliseconds (a year): a larger one is refused, never overflows.
    public static let maxFromMs = 366 * 24 * 3_600_000
    /// The exit status of a converter whose arguments are wrong.
    static let usageStatus: Int32 = 2
    /// The exit status of a converter that could not convert.
    static let failedStatus: Int32 = 1
    /// How long preroll and the first seek may take: a slow share or a large file on two busy cores.
    static let prerollSeconds = 60

    /// Converts and exits when the first argument is `--convert-for-cast`; returns at once otherwise. Call it first
    /// in `main`, before any library starts threads.
    public static func runIfAsked() {
        guard CommandLine.argc >= 2, let first = CommandLine.unsafeArgv[1], String(cString: first) == argument else { return }
        exit(convert())
    }

    /// The start position an argument gives, or nil when it is not a whole number from 0 to `maxFromMs`.
    static func fromMs(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 12, text.allSatisfy({ ("0"..."9").contains($0) }), let value = Int(text) else { return nil }
        return value <= maxFromMs ? value : nil
    }

    private static func convert() -> Int32 {
        guard CommandLine.argc == 4 || CommandLine.argc == 5, let rawPath = CommandLine.unsafeArgv[2],
            let rawFrom = CommandLine.unsafeArgv[3]
        else {
            return fail("usage: videotoy \(argument) PATH FROM_MS [SUBTITLES]", status: usageStatus)
        }
        let path = PathBytes.decode(cString: rawPath)
        guard let from = fromMs(String(cString: rawFrom)) else {
            return fail("FROM_MS must be a whole number of milliseconds from 0 to \(maxFromMs)", status: usageStatus)
        }
        var subtitles: String?
        if CommandLine.argc == 5, let rawSubtitles = CommandLine.unsafeArgv[4] {
            // A FIFO or a device would hang or feed subparse endlessly: only a file that is there and regular is read.
            var info = stat()
            guard stat(rawSubtitles, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                return fail("SUBTITLES must be a regular file", status: usageStatus)
            }
            subtitles = PathBytes.decode(cString: rawSubtitles)
        }
        // The stream keeps fd 1 to itself: a library printing to stdout must not corrupt it.
        let output = dup(1)
        guard output >= 0 else { return fail("cannot keep stdout (errno \(errno))", status: MediaHelper.sandboxFailedStatus) }
        dup2(2, 1)
        let null = open("/dev/null", O_RDONLY)
        if null >= 0 {
            dup2(null, 0)
            close(null)
        }
        guard vt_sandbox_limit_memory(MediaHelper.memoryLimitBytes) == 0,
            vt_sandbox_report_memory_deaths(MediaHelper.outOfMemoryStatus, 256 << 20) == 0,
            vt_sandbox_refuse_network() == 0
        else {
            return fail("cannot set up the sandbox (errno \(errno))", status: MediaHelper.sandboxFailedStatus)
        }
        _ = vt_sandbox_die_with_parent()
        ProcessTuning.limitMallocArenas()
        GStreamer.initialize()
        switch CastPipeline.make(path: path, subtitles: subtitles, output: output) {
        case .failure(let failure):
            return fail(failure.text, status: failedStatus)
        case .success(let pipeline):
            if let failure = pipeline.run(fromMs: from, prerollSeconds: prerollSeconds) {
                return fail(failure.text, status: failedStatus)
            }
            return 0
        }
    }

    private static func fail(_ text: String, status: Int32) -> Int32 {
        // One line: the app passes it on as it is, and a file name in it must not break the line or the terminal.
        let line = text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined()
        FileHandle.standardError.write(Data("videotoy converter: \(line)\n".utf8))
        return status
    }

    /// Starts converting `path` from `fromMs`, with the SubRip file `subtitlesPath` burnt in when given, in a
    /// converter process (the app's own binary, or `executable`); nil when `fromMs` is out of range or the process
    /// does not start. Close the stream to stop it.
    public static func start(
        path: String, fromMs: Int, subtitlesPath: String? = nil, executable: String? = HelperBackend.ownExecutable,
        confinement: HelperBackend.Confinement = .bubblewrapWhenPresent
    ) -> ConvertedStream? {
        guard let executable, (0...maxFromMs).contains(fromMs) else { return nil }
        let command = [executable, argument, path, String(fromMs)] + (subtitlesPath.map { [$0] } ?? [])
        let wrapper = confinement == .bubblewrapWhenPresent ? bubblewrapNow : nil
        return ConvertedStream.spawn(
            (wrapper ?? []) + command, environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" })
    }

    /// Checks once, on a background thread, whether bubblewrap works here, so no cast's GET waits for that check.
    public static func prepare() {
        DispatchQueue.global(qos: .utility).async {
            let works = workingBubblewrap() != nil
            bubblewrapWorks.withLock { $0 = works }
        }
    }

    /// The wrapper to use now, without waiting: the check's answer once it came, and until then bubblewrap when it is
    /// installed (a main-thread GET must not wait up to 5 s for the check; where bubblewrap is refused, that first
    /// converter fails to start and the cast ends with a message).
    private static var bubblewrapNow: [String]? {
        switch bubblewrapWorks.withLock({ $0 }) {
        case true?: HelperBackend.bubblewrap()
        case false?: nil
        case nil: HelperBackend.bubblewrap()
        }
    }

    private static let bubblewrapWorks = Mutex<Bool?>(nil)

    /// The bubblewrap command line, when bubblewrap runs here, found by running `true` under it (a container without
    /// user namespaces refuses it, and the converter then runs under its own limits only). Blocks up to 5 s.
    static func workingBubblewrap() -> [String]? {
        guard let wrapper = HelperBackend.bubblewrap() else { return nil }
        let probe = ConvertedStream.spawn(wrapper + ["/bin/true"], environment: [])
        guard let probe else { return nil }
        return probe.waitForExit(withinMs: 5000) == 0 ? wrapper : nil
    }
}
