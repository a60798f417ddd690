/// What the probe was asked to do, from its command line.
struct ProbeOptions {
    /// How long to look for renderers, in seconds, when only discovering (the run's length then).
    var discoverSeconds: Int?
    /// Stop discovering once a renderer with this name or UDN is found.
    var until: String?
    /// The file to cast.
    var castFile: String?
    /// The renderer to cast to: its friendly name or its UDN.
    var target: String?
    /// The file's MIME type; guessed from its extension when not given.
    var mimeType: String?
    /// The longest the whole run may take, in seconds.
    var seconds = 60
    /// Serve the file and wait (SIGUSR1 stops serving, SIGTERM ends), without telling the renderer.
    var serveOnly = false
    /// End successfully once the renderer plays at or past this position.
    var untilPositionMs: Int?
    /// Pause once the position reaches this, then resume after one status poll.
    var pauseAtMs: Int?
    /// Seek here once the renderer first reports PLAYING.
    var seekToMs: Int?
    /// Send Pause before anything is loaded, to see the renderer's UPnP error (its reply is printed, the run goes on).
    var pauseFirst = false
    /// Each action's deadline.
    var timeoutMs = 5000

    static let usage = """
        Usage: videotoy-cast-probe --discover SECONDS [--until NAME_OR_UDN]
               videotoy-cast-probe --cast FILE --to NAME_OR_UDN [--mime TYPE] [--seconds N] [--serve-only]
                                   [--until-position MS] [--pause-at MS] [--seek-to MS] [--pause-first]
                                   [--timeout-ms MS]
        Prints one JSON object per line: renderers found, replies, the served URL and the renderer's state.
        """

    /// Parses the arguments; nil when they make no sense.
    static func parse(_ arguments: [String]) -> ProbeOptions? {
        var options = ProbeOptions()
        var rest = arguments[...]
        func value() -> String? { rest.popFirst() }
        func number() -> Int? { value().flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } }
        while let argument = rest.popFirst() {
            switch argument {
            case "--discover":
                guard let n = number() else { return nil }
                options.discoverSeconds = n
                options.seconds = n
            case "--until": guard let v = value() else { return nil }; options.until = v
            case "--cast": guard let v = value() else { return nil }; options.castFile = v
            case "--to": guard let v = value() else { return nil }; options.target = v
            case "--mime": guard let v = value() else { return nil }; options.mimeType = v
            case "--seconds": guard let n = number() else { return nil }; options.seconds = n
            case "--serve-only": options.serveOnly = true
            case "--pause-first": options.pauseFirst = true
            case "--until-position": guard let n = number() else { return nil }; options.untilPositionMs = n
            case "--pause-at": guard let n = number() else { return nil }; options.pauseAtMs = n
            case "--seek-to": guard let n = number() else { return nil }; options.seekToMs = n
            case "--timeout-ms": guard let n = number() else { return nil }; options.timeoutMs = n
            default: return nil
            }
        }
        let discovering = options.discoverSeconds != nil
        let casting = options.castFile != nil && options.target != nil
        return discovering != casting ? options : nil
    }

    /// The MIME type to serve the file as.
    var castMimeType: String {
        if let mimeType { return mimeType }
        let ext = castFile?.split(separator: ".").last?.lowercased() ?? ""
        return ["mp4": "video/mp4", "m4v": "video/mp4", "mkv": "video/x-matroska", "webm": "video/webm", "mov": "video/quicktime"][ext]
            ?? "application/octet-stream"
    }
}
