import Foundation

/// An average colour with fractional channels (0…255).
public struct MeanColor: Sendable, Equatable, CustomStringConvertible {
    /// Red.
    public var r: Double
    /// Green.
    public var g: Double
    /// Blue.
    public var b: Double

    /// Creates a colour from its channels.
    public init(r: Double, g: Double, b: Double) {
        (self.r, self.g, self.b) = (r, g, b)
    }

    /// Whether every channel is within `tolerance` of `color`.
    public func isClose(to color: RGB, tolerance: Double = 8) -> Bool {
        abs(r - Double(color.r)) <= tolerance && abs(g - Double(color.g)) <= tolerance
            && abs(b - Double(color.b)) <= tolerance
    }

    /// The channels with one decimal, for failure messages.
    public var description: String { String(format: "mean(%.1f,%.1f,%.1f)", r, g, b) }
}
