import Foundation

/// An RGB image with pixel access, decoded from binary PPM (other formats go through ImageMagick).
public struct Image: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Row-major RGB bytes, 3 per pixel.
    public let pixels: [UInt8]

    /// The whole image as a rectangle.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Wraps `pixels`, which must hold exactly `width * height` RGB triples.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "pixel buffer does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes a binary PPM (P6, maxval 255).
    public init(ppm data: Data) throws {
        let bytes = [UInt8](data)
        var index = 0
        // Header: magic, width, height, maxval, separated by whitespace, with optional # comments.
        func nextToken() -> String {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                } else if [9, 10, 13, 32].contains(bytes[index]) {
                    index += 1
                } else {
                    break
                }
            }
            let start = index
            while index < bytes.count, ![9, 10, 13, 32].contains(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        let magic = nextToken()
        guard magic == "P6", let width = Int(nextToken()), let height = Int(nextToken()),
            nextToken() == "255"
        else {
            throw HarnessError("not an 8-bit binary PPM (magic \(magic))")
        }
        index += 1  // the single whitespace byte after maxval
        let count = width * height * 3
        guard bytes.count - index >= count else {
            throw HarnessError("PPM truncated: want \(count) bytes, have \(bytes.count - index)")
        }
        self.init(width: width, height: height, pixels: Array(bytes[index..<index + count]))
    }

    /// Loads any image ImageMagick reads (PNG, …), converting it to PPM.
    public static func load(_ url: URL) throws -> Image {
        try Image(ppm: Command.check(["convert", url.path, "-depth", "8", "ppm:-"]).stdout)
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x x: Int, y y: Int) -> RGB {
        let i = (y * width + x) * 3
        return RGB(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2])
    }

    /// The part of the image inside `rect`, clipped to the image.
    public func cropped(to rect: Rect) -> Image {
        let r = clip(rect)
        var out: [UInt8] = []
        out.reserveCapacity(r.width * r.height * 3)
        for y in r.y..<(r.y + r.height) {
            let start = (y * width + r.x) * 3
            out += pixels[start..<start + r.width * 3]
        }
        return Image(width: r.width, height: r.height, pixels: out)
    }

    /// Average colour of `rect` (default: the whole image).
    public func meanColor(in rect: Rect? = nil) -> MeanColor {
        let r = clip(rect ?? bounds)
        var sums = (0, 0, 0)
        forEachPixel(in: r) { p in
            sums.0 += Int(p.r); sums.1 += Int(p.g); sums.2 += Int(p.b)
        }
        let n = Double(max(1, r.width * r.height))
        return MeanColor(r: Double(sums.0) / n, g: Double(sums.1) / n, b: Double(sums.2) / n)
    }

    /// Fraction (0…1) of pixels in `rect` whose colour is more than `tolerance` away from the same pixel in `other`.
    public func fractionDiffering(from other: Image, in rect: Rect? = nil, tolerance: Int = 0) -> Double {
        let r = clip(rect ?? bounds)
        let o = other.clip(r)
        guard o == r, r.width > 0, r.height > 0 else { return 1 }
        var differing = 0
        for y in r.y..<(r.y + r.height) {
            for x in r.x..<(r.x + r.width) where self[x: x, y: y].distance(to: other[x: x, y: y]) > tolerance {
                differing += 1
            }
        }
        return Double(differing) / Double(r.width * r.height)
    }

    /// Fraction (0…1) of pixels in `rect` for which `predicate` holds (e.g. "not black").
    public func fraction(in rect: Rect? = nil, where predicate: (RGB) -> Bool) -> Double {
        let r = clip(rect ?? bounds)
        var hits = 0
        forEachPixel(in: r) { if predicate($0) { hits += 1 } }
        return Double(hits) / Double(max(1, r.width * r.height))
    }

    private func clip(_ rect: Rect) -> Rect {
        let x0 = min(max(rect.x, 0), width), y0 = min(max(rect.y, 0), height)
        let x1 = min(max(rect.x + rect.width, x0), width), y1 = min(max(rect.y + rect.height, y0), height)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private func forEachPixel(in rect: Rect, _ body: (RGB) -> Void) {
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) { body(self[x: x, y: y]) }
        }
    }
}
