import Glibc
import VideoToyCore

/// The media helper's message format: frames of a version byte, a kind byte, a little-endian 32-bit payload length
/// and the payload, over the helper's stdin and stdout.
///
/// Every frame read is untrusted (the helper reads files made to break it): lengths are checked before anything is
/// allocated, and a frame of another version, an unknown kind or a payload too large ends the conversation.
enum HelperWire {
    /// The format's version; a helper built from other sources says another and is not used.
    static let version: UInt8 = 2
    /// The largest payload either side accepts: a poster of the largest allowed size fits.
    static let maxPayload = 64 * 1024 * 1024
    /// The text the helper greets with, once it is ready for requests.
    static let greeting = "videotoy-media-helper"

    /// What a frame asks or answers.
    enum Kind: UInt8 {
        /// App to helper: probe the file whose path is the payload.
        case probe = 1
        /// App to helper: a poster; the payload is the duration in ms (Int64, -1 when unknown), the tallest height
        /// (UInt32), then the path.
        case poster = 2
        /// App to helper: try to open a network socket, to check the sandbox (tests).
        case networkCheck = 3
        /// App to helper: name the charset of the payload, a subtitle file's start (at most `maxDetectionBytes`).
        case detectEncoding = 4
        /// Helper to app: ready, with the greeting as payload.
        case hello = 0x80
        /// Helper to app: file size and modification (seconds), then a `ProbeRecord`, tab-separated.
        case probed = 0x81
        /// Helper to app: width, height and stride (UInt32 each), then the BGRA rows.
        case picture = 0x82
        /// Helper to app: the `ProbeRecord` of why no poster was made.
        case noPicture = 0x83
        /// Helper to app: "refused <errno>" or "opened".
        case networkChecked = 0x84
        /// Helper to app: the charset's name (`charsetName` checks it), or `unknownCharset`.
        case encodingDetected = 0x85
    }

    /// One message.
    struct Frame {
        var kind: Kind
        var payload: [UInt8]
    }

    /// Why a frame could not be read.
    enum ReadFailure: Error {
        /// The other side closed its end (or the read failed).
        case closed
        /// Nothing complete arrived before the deadline.
        case timedOut
        /// Bytes that are not a frame of this version.
        case malformed
    }

    /// The bytes of `frame`, header first.
    static func encode(_ frame: Frame) -> [UInt8] {
        let count = UInt32(frame.payload.count)
        return [version, frame.kind.rawValue] + withUnsafeBytes(of: count.littleEndian, Array.init) + frame.payload
    }

    /// Writes all of `bytes` to `fd`; false if the other side is gone. Sockets are written without SIGPIPE.
    static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeBytes { raw in
                let sent = send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                return sent < 0 && errno == ENOTSOCK ? Glibc.write(fd, raw.baseAddress, raw.count) : sent
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    /// Reads one frame from `fd`, waiting at most until `deadline` (a `CLOCK_MONOTONIC` time in ms), or forever.
    static func read(from fd: Int32, deadline: Int64? = nil) -> Result<Frame, ReadFailure> {
        var header = [UInt8](repeating: 0, count: 6)
        if let failure = fill(&header, from: fd, deadline: deadline) { return .failure(failure) }
        guard header[0] == version, let kind = Kind(rawValue: header[1]) else { return .failure(.malformed) }
        let length = Int(UInt32(header[2]) | UInt32(header[3]) << 8 | UInt32(header[4]) << 16 | UInt32(header[5]) << 24)
        guard length <= maxPayload else { return .failure(.malformed) }
        var payload = [UInt8](repeating: 0, count: length)
        if let failure = fill(&payload, from: fd, deadline: deadline) { return .failure(failure) }
        return .success(Frame(kind: kind, payload: payload))
    }

    /// Milliseconds on the monotonic clock.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    private static func fill(_ buffer: inout [UInt8], from fd: Int32, deadline: Int64?) -> ReadFailure? {
        var done = 0
        while done < buffer.count {
            if let deadline {
                let left = deadline - now()
                guard left > 0 else { return .timedOut }
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let polled = poll(&ready, 1, Int32(min(left, 60_000)))
                if polled < 0 && errno == EINTR { continue }
                guard polled >= 0 else { return .closed }
                if polled == 0 { continue }
            }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, $0.count - done) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .closed }
            done += count
        }
        return nil
    }

    // MARK: Payloads

    /// The payload of a poster request.
    static func posterRequest(path: String, durationMs: Int?, maxHeight: Int) -> [UInt8] {
        let duration = Int64(durationMs ?? -1)
        let height = UInt32(clamping: maxHeight)
        return withUnsafeBytes(of: duration.littleEndian, Array.init) + withUnsafeBytes(of: height.littleEndian, Array.init)
            + Array(path.utf8)
    }

    /// The duration, height and path of a poster request's payload, or nil if it is not one.
    static func posterRequest(_ payload: [UInt8]) -> (path: String, durationMs: Int?, maxHeight: Int)? {
        guard payload.count > 12 else { return nil }
        let duration = payload[0..<8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let height = Int(payload[8..<12].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        let signed = Int64(bitPattern: duration)
        guard (1...4096).contains(height) else { return nil }
        return (String(decoding: payload[12...], as: UTF8.self), signed >= 0 ? Int(signed) : nil, height)
    }

    /// The largest poster picture accepted, in pixels per side.
    static let maxPictureWidth = 16384, maxPictureHeight = 4096

    /// A picture's payload: its size, then its rows.
    static func picture(width: Int, height: Int, stride: Int, bytes: UnsafeRawPointer) -> [UInt8] {
        var payload: [UInt8] = []
        payload.reserveCapacity(12 + stride * height)
        for value in [width, height, stride] { payload += withUnsafeBytes(of: UInt32(clamping: value).littleEndian, Array.init) }
        payload += UnsafeRawBufferPointer(start: bytes, count: stride * height)
        return payload
    }

    /// The most of a file's start a detection request carries: what `EncodingDecision` hands its detector.
    static let maxDetectionBytes = EncodingDecision.detectorBytes
    /// The longest charset name either side accepts; uchardet's longest is under 30.
    static let maxCharsetLength = 64
    /// The answer of a helper whose detector found no charset.
    static let unknownCharset = "unknown"

    /// `payload` as a charset name, or nil unless it is 1 to `maxCharsetLength` printable ASCII characters (the
    /// helper reads files made to break it, and the name ends up in iconv and the track menu).
    static func charsetName(_ payload: [UInt8]) -> String? {
        guard (1...maxCharsetLength).contains(payload.count), payload.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return String(decoding: payload, as: UTF8.self)
    }

    /// Width, height and stride of a picture payload whose numbers agree with its size and bounds, or nil.
    static func pictureSize(_ payload: [UInt8]) -> (width: Int, height: Int, stride: Int)? {
        guard payload.count >= 12 else { return nil }
        func number(_ at: Int) -> Int { Int(payload[at..<(at + 4)].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) }
        let (width, height, stride) = (number(0), number(4), number(8))
        guard (1...maxPictureWidth).contains(width), (1...maxPictureHeight).contains(height), stride >= width * 4,
            stride <= width * 4 + 64, stride % 4 == 0, payload.count == 12 + stride * height
        else { return nil }
        return (width, height, stride)
    }
}
