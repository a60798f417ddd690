import Glibc
import VideoToyCore

/// Guesses a subtitle file's legacy encoding with a charset detector and converts it with iconv: the core's
/// `TextDecoding`.
///
/// The detector is uchardet in a media helper (`HelperBackend.detectCharset`): C++ fed a file's bytes may crash on
/// them, and must not take the app with it. It reads only the bounded start `EncodingDecision` hands it, asked from
/// the worker that reads the file, never from the main thread. iconv (glibc's) converts here.
public struct LegacyTextDecoder: TextDecoding {
    private let charset: @Sendable (ArraySlice<UInt8>) -> String?

    /// A decoder whose detector is `charset`: the charset's name for a file's start, nil when there is none. Without
    /// one, nothing is detected and `EncodingDecision` falls back as it does when the detector finds nothing.
    public init(charset: @escaping @Sendable (ArraySlice<UInt8>) -> String? = { _ in nil }) {
        self.charset = charset
    }

    public func detect(_ head: ArraySlice<UInt8>) -> [EncodingGuess] {
        guard !head.isEmpty, let name = charset(head), let encoding = TextEncoding(name: name) else { return [] }
        // Windows-1252 has every printable character of Latin-1, and the quotes and euro sign files labelled Latin-1
        // mostly hold in 0x80–0x9F.
        return [EncodingGuess(encoding == .isoLatin1 ? .windows1252 : encoding)]
    }

    public func convert(_ bytes: ArraySlice<UInt8>, from encoding: TextEncoding) -> String {
        let converter = iconv_open("UTF-8", encoding.rawValue)
        guard let converter, Int(bitPattern: converter) != -1 else { return String(decoding: bytes, as: UTF8.self) }
        defer { iconv_close(converter) }
        var input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 2)
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        input.withUnsafeMutableBufferPointer { source in
            guard let base = source.baseAddress else { return }
            var next: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(base).assumingMemoryBound(to: CChar.self)
            var left = source.count
            while left > 0 {
                let (result, written) = chunk.withUnsafeMutableBufferPointer { target in
                    var out: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(target.baseAddress!).assumingMemoryBound(to: CChar.self)
                    var room = target.count
                    let result = iconv(converter, &next, &left, &out, &room)
                    return (result, target.count - room)
                }
                output.append(contentsOf: chunk[0..<written])
                guard result == -1 else { continue }
                switch errno {
                case E2BIG: continue
                default:
                    // A byte that is no character in this encoding (or a sequence cut short at the end) reads as
                    // U+FFFD and the reading goes on after it.
                    output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    next = next.map { $0 + 1 }
                    left -= 1
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
