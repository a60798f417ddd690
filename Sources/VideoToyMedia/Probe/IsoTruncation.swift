/// Detects ISO-BMFF (MP4/MOV) files cut short, which the discoverer accepts while the index is intact.
///
/// A file whose `moov` index is whole but whose media data is cut still plays up to the cut (qtdemux ends
/// with EOS there), so it is damaged, not unplayable. Without a whole index nothing can play.
enum IsoTruncation {
    /// What is wrong with a cut file.
    enum Finding: Equatable {
        /// The index is missing or cut, or nothing of the media data is there: the file cannot play.
        case incomplete(String)
        /// The index is whole and only data after it is cut: the file plays up to the cut.
        case damaged(String)
    }

    /// True when `head` starts like an ISO-BMFF file.
    static func looksIso(_ head: [UInt8]) -> Bool {
        guard head.count >= 8 else { return false }
        let type = String(decoding: head[4..<8], as: UTF8.self)
        return ["ftyp", "moov", "mdat", "free", "wide", "skip"].contains(type)
    }

    /// Walks the file's top-level boxes; nil when it is whole (or cannot be read, which the discoverer reports).
    static func check(path: String, size: Int) -> Finding? {
        IsoBox.topLevel(path: path, size: size).flatMap { finding(boxes: $0, size: size) }
    }

    /// The finding for a file of `size` bytes whose top-level walk gave `boxes`.
    static func finding(boxes: [IsoBox], size: Int) -> Finding? {
        let hasIndex = boxes.contains { $0.type == "moov" && $0.isValid && $0.end <= size }
        if let bad = boxes.last(where: { !$0.isValid }) {
            return .incomplete("box '\(bad.type)' at byte \(bad.offset) has an invalid size")
        }
        guard let cut = boxes.last, cut.end > size else {
            return hasIndex ? nil : .incomplete("the 'moov' index is missing")
        }
        let needs = "the '\(cut.type)' box needs \(cut.end) bytes but the file ends at \(size)"
        if cut.type == "moov" {
            return .incomplete("the 'moov' index is cut short: it needs \(cut.end) bytes but the file ends at \(size)")
        }
        guard hasIndex else { return .incomplete(needs + "; the 'moov' index is missing") }
        let data = boxes.filter { $0.type == "mdat" }
        // What is left of the cut box's contents; a cut inside its header leaves nothing.
        let present = data.reduce(0) { $0 + ($1 == cut ? max(0, size - $1.offset - $1.headerLength) : $1.bodyLength) }
        guard present > 0 else { return .incomplete(needs + "; none of the media data is there") }
        guard cut.type == "mdat" else {
            return .damaged("cut short in a trailing '\(cut.type)' box after the media data (the file ends at byte \(size) of \(cut.end))")
        }
        // A fragmented file's fragments after the cut are unknown, so there the share is an upper bound.
        let expected = data.reduce(0) { $0 + $1.bodyLength }
        // Rounded down, so a file missing its last bytes never reads as 100 %.
        let percent = Int(Double(present) * 100 / Double(max(1, expected)))
        return .damaged("cut short at \(percent) % of its media data (the file ends at byte \(size) of \(cut.end))")
    }
}
