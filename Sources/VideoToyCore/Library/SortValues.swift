/// What the date, duration and size orders compare an item by, as plain integers.
///
/// The library keeps them beside its items, by id, rather than only inside each item's probe result: a sort made
/// on another thread copies them (24 bytes a row, nothing to retain) instead of holding on to the items, whose
/// first change on the main thread would then copy and retain 100,000 of them.
struct SortValues: Sendable, Equatable {
    /// Stands for a value nobody knows (not probed yet, failed, or not in the file): no file is that old, long or big.
    static let unknownValue = Int64.min
    /// Nothing known.
    static let unknown = SortValues(modified: unknownValue, duration: unknownValue, size: unknownValue)

    /// The file's last modification, in seconds since 1970.
    var modified: Int64
    /// The video's duration in milliseconds.
    var duration: Int64
    /// The file's size in bytes.
    var size: Int64

    /// Values as given.
    init(modified: Int64, duration: Int64, size: Int64) {
        (self.modified, self.duration, self.size) = (modified, duration, size)
    }

    /// What a probe state tells.
    init(_ state: ProbeState) {
        guard case .ready(let info) = state else {
            self = .unknown
            return
        }
        modified = info.file?.modified ?? Self.unknownValue
        duration = info.durationMs.map(Int64.init) ?? Self.unknownValue
        size = info.file?.size ?? Self.unknownValue
    }

    /// The value `key` sorts by, or nil while it is unknown (and for the name, which is no number).
    func value(_ key: RowSort.Key) -> Int64? {
        let value: Int64
        switch key {
        case .name: return nil
        case .modified: value = modified
        case .duration: value = duration
        case .size: value = size
        }
        return value == Self.unknownValue ? nil : value
    }
}
