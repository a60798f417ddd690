/// One display mode a screen supports: a resolution and a refresh rate.
///
/// Modes order from worse to better: fewer pixels first, then lower refresh; width and height only break ties so
/// that the order is total and consistent with equality.
public struct ScreenMode: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Horizontal resolution in pixels.
    public let width: Int
    /// Vertical resolution in pixels.
    public let height: Int
    /// Refresh rate in thousandths of a hertz (60 Hz is 60000), as RandR and GDK report it.
    public let refreshMilliHz: Int

    /// Creates a mode.
    public init(width: Int, height: Int, refreshMilliHz: Int) {
        self.width = width
        self.height = height
        self.refreshMilliHz = refreshMilliHz
    }

    /// The number of pixels in one frame.
    public var pixels: Int { width * height }

    /// True when `lhs` is a worse mode than `rhs`: fewer pixels, then a lower refresh rate.
    public static func < (lhs: ScreenMode, rhs: ScreenMode) -> Bool {
        (lhs.pixels, lhs.refreshMilliHz, lhs.width, lhs.height) < (rhs.pixels, rhs.refreshMilliHz, rhs.width, rhs.height)
    }

    /// A short form such as `1920x1080@60.000`.
    public var description: String {
        let fraction = String(refreshMilliHz % 1000)
        return "\(width)x\(height)@\(refreshMilliHz / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
