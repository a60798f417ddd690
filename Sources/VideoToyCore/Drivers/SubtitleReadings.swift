import Synchronization

/// How each open video's subtitle files are to be read, for the worker that reads them: the main actor sets it when
/// the video opens or the user forces an encoding.
final class SubtitleReadings: Sendable {
    private let readings = Mutex<[ItemID: SubtitleReading]>([:])

    /// How to read the files of `id`; the default way when nothing was set.
    subscript(id: ItemID) -> SubtitleReading {
        get { readings.withLock { $0[id] ?? SubtitleReading() } }
        set { readings.withLock { $0[id] = newValue } }
    }

    /// Forgets `id`.
    func remove(_ id: ItemID) { _ = readings.withLock { $0.removeValue(forKey: id) } }
}
