import VideoToyCore

/// The text form of one probe result, as tab-separated fields: what the probe cache stores per line and what the
/// media helper sends back, so both read and write one format.
///
/// ok:   "ok" duration width height video audio rotation damage depth transfer interlaced container
///       audio-languages subtitle-languages unshown-subtitles missing-decoders
/// fail: "fail" code detail extra
/// Empty fields are nil; tabs, newlines and backslashes in text are escaped. A language list holds one code per
/// stream, comma-separated, "-" for a stream without a language. The missing decoders are comma-separated with
/// commas in a name escaped.
enum ProbeRecord {
    /// How many fields a success takes.
    static let successFields = 16
    /// How many fields a failure takes.
    static let failureFields = 4

    /// The fields of `result`.
    static func fields(_ result: Result<MediaInfo, ProbeFailure>) -> [String] {
        switch result {
        case .success(let info):
            return [
                "ok", info.durationMs.map(String.init) ?? "",
                info.videoSize.map { String($0.width) } ?? "", info.videoSize.map { String($0.height) } ?? "",
                escape(info.videoCodec ?? ""), escape(info.audioCodec ?? ""), String(info.rotation),
                escape(info.damage ?? ""), info.bitDepth.map(String.init) ?? "", info.transfer?.rawValue ?? "",
                info.interlaced ? "i" : "", info.container?.rawValue ?? "", languages(info.audioLanguages),
                languages(info.subtitleLanguages), escape(info.unshownSubtitles.joined(separator: ", ")),
                info.missingDecoders.map { escape($0, comma: true) }.joined(separator: ","),
            ]
        case .failure(let failure):
            var detail = "", extra = ""
            switch failure {
            case .notRegularFile(let kind): detail = kind.rawValue
            case .notMedia(let type): detail = type ?? ""
            case .incomplete(let text): detail = text
            case .missingDecoder(let codec, let package): (detail, extra) = (codec, package ?? "")
            case .playlist(let kind): detail = kind
            case .timedOut(let seconds), .readerStuck(let seconds): detail = String(seconds)
            case .readerOutOfMemory(let megabytes): detail = String(megabytes)
            case .other(let text): detail = text
            case .vanished, .empty, .permissionDenied, .readerCrashed: break
            }
            return ["fail", failure.code, escape(detail), escape(extra)]
        }
    }

    /// The result `fields` hold, or nil when they are not a record this version writes.
    static func result(_ fields: ArraySlice<String>) -> Result<MediaInfo, ProbeFailure>? {
        let fields = Array(fields)
        switch fields.first {
        case "ok": return success(fields).map { .success($0) }
        case "fail": return failure(fields).map { .failure($0) }
        default: return nil
        }
    }

    private static func success(_ fields: [String]) -> MediaInfo? {
        guard fields.count == successFields else { return nil }
        var info = MediaInfo()
        // No probe writes a duration beyond 100 years or a picture beyond 65,535 pixels a side: such a record is
        // damage (or a helper gone wrong), not facts to trust.
        if !fields[1].isEmpty { guard let ms = MediaTime.durationMs(Int(fields[1])) else { return nil }; info.durationMs = ms }
        if !fields[2].isEmpty || !fields[3].isEmpty {
            guard let width = Int(fields[2]), let height = Int(fields[3]), (1...65_535).contains(width), (1...65_535).contains(height)
            else { return nil }
            info.videoSize = PixelSize(width: width, height: height)
        }
        info.videoCodec = fields[4].isEmpty ? nil : unescape(fields[4])
        info.audioCodec = fields[5].isEmpty ? nil : unescape(fields[5])
        guard let rotation = Int(fields[6]), [0, 90, 180, 270].contains(rotation) else { return nil }
        info.rotation = rotation
        info.damage = fields[7].isEmpty ? nil : unescape(fields[7])
        if !fields[8].isEmpty { guard let depth = Int(fields[8]), (1...32).contains(depth) else { return nil }; info.bitDepth = depth }
        if !fields[9].isEmpty {
            guard let transfer = VideoTransfer(rawValue: fields[9]) else { return nil }; info.transfer = transfer
        }
        info.interlaced = fields[10] == "i"
        if !fields[11].isEmpty { guard let kind = MediaContainer(rawValue: fields[11]) else { return nil }; info.container = kind }
        guard let audioLanguages = languages(fields[12]), let subtitleLanguages = languages(fields[13]) else { return nil }
        info.audioLanguages = audioLanguages
        info.subtitleLanguages = subtitleLanguages
        // The names come from SubtitleFormats' table, none of which holds ", ".
        info.unshownSubtitles = fields[14].isEmpty ? [] : unescape(fields[14]).components(separatedBy: ", ")
        info.missingDecoders = fields[15].isEmpty ? [] : splitEscaped(fields[15]).map(unescape)
        return info
    }

    private static func failure(_ fields: [String]) -> ProbeFailure? {
        guard fields.count == failureFields else { return nil }
        let detail = unescape(fields[2]), extra = unescape(fields[3])
        let number = Int(detail).flatMap { $0 >= 0 ? $0 : nil }
        switch fields[1] {
        case "vanished": return .vanished
        case "empty": return .empty
        case "permission-denied": return .permissionDenied
        case "not-regular-file": return .notRegularFile(kind: FileKind(rawValue: detail) ?? .unknown)
        case "not-media": return .notMedia(contentType: detail.isEmpty ? nil : detail)
        case "incomplete": return .incomplete(detail: detail)
        case "missing-decoder": return .missingDecoder(codec: detail, package: extra.isEmpty ? nil : extra)
        case "playlist": return .playlist(kind: detail)
        case "timeout": return number.map { .timedOut(seconds: $0) }
        case "crashed": return .readerCrashed
        case "stuck": return number.map { .readerStuck(seconds: $0) }
        case "out-of-memory": return number.map { .readerOutOfMemory(megabytes: $0) }
        case "error": return .other(detail)
        default: return nil
        }
    }

    private static func languages(_ list: [Language?]) -> String {
        list.map { $0?.code ?? "-" }.joined(separator: ",")
    }

    /// The languages of a list field, or nil when an entry is not a code this version writes.
    private static func languages(_ field: String) -> [Language?]? {
        guard !field.isEmpty else { return [] }
        var list: [Language?] = []
        for code in field.split(separator: ",", omittingEmptySubsequences: false) {
            if code == "-" {
                list.append(nil)
            } else {
                guard let language = Language(tag: String(code)), language.code == code else { return nil }
                list.append(language)
            }
        }
        return list
    }

    /// `text` split at the commas that are not escaped, each part still escaped.
    private static func splitEscaped(_ text: String) -> [String] {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                current.append(scalar)
                escaping = false
            } else if scalar == "\\" {
                current.append(scalar)
                escaping = true
            } else if scalar == "," {
                parts.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        parts.append(String(current))
        return parts
    }

    /// `text` with backslashes, tabs, line breaks (and commas, when `comma`) escaped.
    static func escape(_ text: String, comma: Bool = false) -> String {
        // Scalars, not Characters: "\r\n" is one Character and would slip past a Character test.
        guard text.unicodeScalars.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" || (comma && $0 == ",") })
        else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "," where comma: out.append(contentsOf: "\\,".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// The text `escape` was given.
    static func unescape(_ text: String) -> String {
        guard text.unicodeScalars.contains("\\") else { return text }
        var out = String.UnicodeScalarView()
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                switch scalar {
                case "t": out.append("\t")
                case "n": out.append("\n")
                case "r": out.append("\r")
                default: out.append(scalar)
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
