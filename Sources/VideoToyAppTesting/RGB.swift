/// One 8-bit RGB pixel.
public struct RGB: Sendable, Equatable, CustomStringConvertible {
    /// Red.
    public var r: UInt8
    /// Green.
    public var g: UInt8
    /// Blue.
    public var b: UInt8

    /// Creates a pixel from its channels.
    public init(r: UInt8, g: UInt8, b: UInt8) {
        (self.r, self.g, self.b) = (r, g, b)
    }

    /// The largest per-channel difference to `other`.
    public func distance(to other: RGB) -> Int {
        max(abs(Int(r) - Int(other.r)), abs(Int(g) - Int(other.g)), abs(Int(b) - Int(other.b)))
    }

    /// The channels, for failure messages.
    public var description: String { "rgb(\(r),\(g),\(b))" }
}
