/// A show read from an XSPF playlist, and how many of its tracks could not be part of it.
public struct XSPFRead: Sendable, Equatable {
    /// The show the playlist describes, its file set to the playlist's.
    public var show: Show
    /// Tracks left out: not a local file (an `http:` stream), no usable location, or past `Show.capacity`.
    public var skipped: Int

    /// A read of `show` that left out `skipped` tracks.
    public init(show: Show, skipped: Int) {
        self.show = show
        self.skipped = skipped
    }
}
