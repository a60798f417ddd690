import Testing

@testable import VideoToyGtk

/// The pairing URL as a QR code: the version its length needs, the same modules every time, and the drawing's quiet
/// zone and scale.
@Suite("QR code")
struct QRCodeTests {
    private let url = "http://192.168.1.20:8765/pair?token=Zq3xK9vT0bLm4RwS7uYc2A"

    @Test("a pairing URL needs version 4 at level M in 8-bit mode: 33 modules a side")
    func version() throws {
        // 58 bytes: more than version 3-M holds (42), within version 4-M (62).
        let code = try #require(QRCode(encoding: url))
        #expect(url.utf8.count == 58)
        #expect(code.version == 4)
        #expect(code.size == 33)
        #expect(code.modules.count == 33 * 33)
    }

    @Test("the same text gives the same modules; another token gives others")
    func deterministic() throws {
        let first = try #require(QRCode(encoding: url))
        let again = try #require(QRCode(encoding: url))
        let other = try #require(QRCode(encoding: url.replacingOccurrences(of: "Zq3x", with: "Ab1y")))
        #expect(first == again)
        #expect(first.modules != other.modules)
    }

    @Test("the finder pattern's corner is dark, the drawing has a white quiet zone and whole pixels per module")
    func drawing() throws {
        let code = try #require(QRCode(encoding: url))
        #expect(code.isDark(row: 0, column: 0))
        #expect(!code.isDark(row: 1, column: 1))
        let scale = 6
        let side = code.side(scale: scale)
        #expect(side == (33 + 8) * scale)
        let pixels = code.pixels(scale: scale)
        #expect(pixels.count == side * side)
        let quiet = QRCode.quietZone * scale
        #expect(pixels[0..<quiet].allSatisfy { $0 == 255 })
        #expect(pixels[quiet * side + quiet] == 0)
        #expect(pixels[(quiet + scale - 1) * side + quiet + scale - 1] == 0)
        #expect(pixels[(quiet + scale) * side + quiet + scale] == 255)
    }

    @Test("a text too long for any version gives no code")
    func tooLong() {
        #expect(QRCode(encoding: String(repeating: "x", count: 4000)) == nil)
    }
}
