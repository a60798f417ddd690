/// How many pictures a video view drew, and how many it dropped because the window could not keep up.
public struct FrameCounts: Hashable, Sendable {
    /// Pictures drawn.
    public var shown: Int
    /// Pictures replaced by a newer one before the window drew them.
    public var dropped: Int

    /// Creates counts.
    public init(shown: Int = 0, dropped: Int = 0) {
        self.shown = shown
        self.dropped = dropped
    }
}
