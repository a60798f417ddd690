/// Keeps the most recently used poster frames, so a huge library does not hold every poster in memory.
public struct PosterCache: Sendable {
    private let capacity: Int
    private var frames: [ItemID: VideoFrame] = [:]
    private var order: [ItemID] = []

    /// Creates a cache holding at most `capacity` frames.
    public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The frame of `id`; setting one evicts the least recently stored beyond capacity.
    public subscript(id: ItemID) -> VideoFrame? {
        get { frames[id] }
        set {
            order.removeAll { $0 == id }
            frames[id] = newValue
            guard newValue != nil else { return }
            order.append(id)
            while order.count > capacity { frames[order.removeFirst()] = nil }
        }
    }

    /// How many frames are held.
    public var count: Int { frames.count }
}
