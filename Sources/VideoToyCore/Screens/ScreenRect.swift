/// A screen's position and size in the desktop's logical coordinate space.
public struct ScreenRect: Hashable, Sendable, CustomStringConvertible {
    /// Left edge.
    public let x: Int
    /// Top edge.
    public let y: Int
    /// Width; zero while a new monitor's geometry is still unknown.
    public let width: Int
    /// Height; zero while a new monitor's geometry is still unknown.
    public let height: Int

    /// Creates a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle a monitor reports before its geometry is known.
    public static let zero = ScreenRect(x: 0, y: 0, width: 0, height: 0)

    /// True when the rectangle covers no area.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// A short form such as `1920x1080+0+0`.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
