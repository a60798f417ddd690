import CUchardet
import Glibc

/// uchardet, run only inside the media helper: a C++ detector fed a file's bytes is a library that can crash on a
/// file, so the app asks a helper (`HelperBackend.detectCharset`) instead of calling it.
enum CharsetDetector {
    /// The charset uchardet names for `head` (at most `HelperWire.maxDetectionBytes` of it are read), or
    /// `HelperWire.unknownCharset` when it names none or a name the wire does not carry.
    static func charset(of head: ArraySlice<UInt8>) -> String {
        let bounded = head.prefix(HelperWire.maxDetectionBytes)
        guard !bounded.isEmpty, let detector = uchardet_new() else { return HelperWire.unknownCharset }
        defer { uchardet_delete(detector) }
        let fed = bounded.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { uchardet_handle_data(detector, $0.baseAddress, $0.count) }
        }
        guard fed == 0 else { return HelperWire.unknownCharset }
        uchardet_data_end(detector)
        guard let name = uchardet_get_charset(detector) else { return HelperWire.unknownCharset }
        // strnlen, not strlen: the name is read no further than the wire would carry it.
        let length = strnlen(name, HelperWire.maxCharsetLength + 1)
        let bytes = UnsafeRawBufferPointer(start: name, count: length)
        return HelperWire.charsetName(Array(bytes)) ?? HelperWire.unknownCharset
    }
}
