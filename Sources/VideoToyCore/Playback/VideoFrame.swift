/// One decoded picture in 32-bit BGRA (opaque alpha), kept alive by its owner until the last copy is gone.
public struct VideoFrame: @unchecked Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    /// The first byte of the first row; valid while `owner` lives.
    public let bytes: UnsafeRawPointer
    /// Whatever holds the memory (a mapped media buffer, an array); released with the last copy.
    public let owner: AnyObject

    /// Wraps memory owned by `owner`.
    public init(width: Int, height: Int, stride: Int, bytes: UnsafeRawPointer, owner: AnyObject) {
        self.width = width
        self.height = height
        self.stride = stride
        self.bytes = bytes
        self.owner = owner
    }

    /// The byte count of the picture.
    public var byteCount: Int { stride * height }
}

/// Where a player's pictures go: a one-method interface, so the player never knows about widgets.
public protocol VideoOutput: AnyObject, Sendable {
    /// Shows `frame` as soon as possible; called from a streaming thread.
    func present(_ frame: VideoFrame)
}
