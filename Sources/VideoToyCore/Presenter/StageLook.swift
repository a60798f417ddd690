/// How the presentation screen looks, as its window renders it: the veil and whether its picture is held.
public struct StageLook: Hashable, Sendable {
    /// The layer over the picture.
    public var veil = Veil()
    /// Whether the screen keeps the picture it showed when this became true, whatever the video does meanwhile.
    public var frozen = false

    /// A screen showing its video as it plays.
    public init() {}
}
