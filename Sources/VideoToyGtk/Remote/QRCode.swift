import CGtk
import CQRencode
import VideoToyGObject

/// A QR code of a text (the remote control's pairing URL) as a square of dark and light modules, and drawn as a
/// texture with crisp module edges for a phone's camera.
struct QRCode: Equatable {
    /// The light modules around the code a scanner needs to find it (the standard's minimum).
    static let quietZone = 4

    /// The symbol's version, 1…40: each one is four modules wider than the one before.
    let version: Int
    /// How many modules a side has (21 for version 1).
    let size: Int
    /// The modules row by row, true where dark.
    let modules: [Bool]

    /// The code of `text` at error correction level M, the whole text in 8-bit mode so a URL's letters keep their
    /// case; nil when the text is too long for any version.
    init?(encoding text: String) {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        version = Int(code.pointee.version)
        size = width
        // Bit 0 of each byte is the module's colour; the other bits say what part of the symbol it belongs to.
        modules = (0..<width * width).map { code.pointee.data[$0] & 1 == 1 }
    }

    /// True when the module in `column` of `row` is dark.
    func isDark(row: Int, column: Int) -> Bool { modules[row * size + column] }

    /// How many pixels a side of the drawing has at `scale` pixels per module, quiet zone included.
    func side(scale: Int) -> Int { (size + 2 * Self.quietZone) * scale }

    /// The drawing as 8-bit grey pixels, row by row: black modules on white, `scale` pixels per module, with the
    /// quiet zone around.
    func pixels(scale: Int) -> [UInt8] {
        let side = side(scale: scale)
        var pixels = [UInt8](repeating: 255, count: side * side)
        for row in 0..<size {
            for column in 0..<size where isDark(row: row, column: column) {
                let top = (row + Self.quietZone) * scale, left = (column + Self.quietZone) * scale
                for y in top..<top + scale {
                    for x in left..<left + scale { pixels[y * side + x] = 0 }
                }
            }
        }
        return pixels
    }

    /// A new GdkMemoryTexture of the drawing at `scale` pixels per module; the caller owns it.
    @MainActor
    func texture(scale: Int) -> OpaquePointer? {
        let side = side(scale: scale)
        // RGB, since GTK 4.8 has no grey memory format.
        let rgb = pixels(scale: scale).flatMap { [$0, $0, $0] }
        let bytes = rgb.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        return gdk_memory_texture_new(Int32(side), Int32(side), GDK_MEMORY_R8G8B8, bytes, gsize(side * 3))
    }
}
