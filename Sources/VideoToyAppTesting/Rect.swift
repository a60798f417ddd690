/// An axis-aligned rectangle in pixels.
public struct Rect: Sendable, Equatable, CustomStringConvertible {
    /// Left edge.
    public var x: Int
    /// Top edge.
    public var y: Int
    /// Width.
    public var width: Int
    /// Height.
    public var height: Int

    /// Creates a rectangle from its corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// The same rectangle shrunk by `amount` on every side (to keep assertions off borders).
    public func insetBy(_ amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }

    /// `WxH+X+Y`, the form X11 tools use.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
