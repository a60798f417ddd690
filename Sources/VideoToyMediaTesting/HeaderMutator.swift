/// Deterministic damage to MP4 and Matroska files, for fuzzing the header reader.
///
/// Each mutation is a pure function of the original bytes and a seed: bit flips, truncations, box or element
/// sizes set to zero or to huge values, and references that loop (chunk offsets and seek positions pointing back
/// into the header, boxes renamed so a parent contains itself).
public struct HeaderMutator {
    /// One field or box of the structure found in the original file.
    struct Node {
        let offset: Int
        let sizeOffset: Int
        let sizeLength: Int
        let end: Int
        let type: UInt32
    }

    /// The original file.
    public let original: [UInt8]
    private let isMatroska: Bool
    private let nodes: [Node]

    /// Walks `original`'s boxes (MP4) or elements (Matroska, when it starts with the EBML magic).
    public init(_ original: [UInt8]) {
        self.original = original
        isMatroska = original.starts(with: [0x1A, 0x45, 0xDF, 0xA3])
        var found: [Node] = []
        if isMatroska {
            Self.walkMatroska(original, from: 0, to: original.count, depth: 0, into: &found)
        } else {
            Self.walkIso(original, from: 0, to: original.count, depth: 0, into: &found)
        }
        nodes = found
    }

    /// How many boxes or elements were found: zero means the file was not understood.
    public var structureCount: Int { nodes.count }

    /// The mutated bytes for `seed`, and a short name of what was done.
    public func mutate(seed: UInt64) -> (bytes: [UInt8], what: String) {
        var random = SplitMix(seed: seed)
        var bytes = original
        var done: [String] = []
        let rounds = random.next(below: 5) == 0 ? 2 : 1
        for _ in 0..<rounds {
            let kind = random.next(below: 5)
            done.append(apply(kind: kind, to: &bytes, random: &random))
        }
        return (bytes, done.joined(separator: "+"))
    }

    private func apply(kind: Int, to bytes: inout [UInt8], random: inout SplitMix) -> String {
        guard !nodes.isEmpty, bytes.count > 16 else { return "none" }
        switch kind {
        case 0:
            // Flips land in a box or element header or just after it, where the structure is parsed.
            let count = 1 + random.next(below: 8)
            for _ in 0..<count {
                let node = nodes[random.next(below: nodes.count)]
                let at = min(bytes.count - 1, node.offset + random.next(below: 32))
                bytes[at] ^= UInt8(1 << random.next(below: 8))
            }
            return "flip\(count)"
        case 1:
            let cut = 1 + random.next(below: bytes.count - 1)
            bytes.removeSubrange(cut...)
            return "cut@\(cut)"
        case 2:
            let node = nodes[random.next(below: nodes.count)]
            writeSize(0, node: node, into: &bytes)
            return "zero-size"
        case 3:
            let node = nodes[random.next(below: nodes.count)]
            writeSize(UInt64.max, node: node, into: &bytes)
            return "huge-size"
        default:
            return loop(&bytes, random: &random)
        }
    }

    private func loop(_ bytes: inout [UInt8], random: inout SplitMix) -> String {
        if isMatroska {
            // SeekPosition (0x53AC) values pointing at the SeekHead itself, or at the segment's start.
            let positions = nodes.filter { $0.type == 0x53AC }
            guard !positions.isEmpty else { return renameToParent(&bytes, random: &random) }
            let target = UInt64(random.next(below: 2) == 0 ? 0 : random.next(below: 64))
            for node in positions { writeValue(target, from: node.sizeOffset + node.sizeLength, to: node.end, into: &bytes) }
            return "seek-loop"
        }
        // Chunk offsets pointing back into the index instead of the media data.
        let offsets = nodes.filter { $0.type == Self.fourCC("stco") }
        guard random.next(below: 2) == 0, !offsets.isEmpty else { return renameToParent(&bytes, random: &random) }
        let moov = UInt64(nodes.first { $0.type == Self.fourCC("moov") }?.offset ?? 0)
        for node in offsets {
            var at = node.offset + 16
            while at + 4 <= node.end {
                writeValue(moov, from: at, to: at + 4, into: &bytes)
                at += 4
            }
        }
        return "offsets-into-index"
    }

    /// Renames a box or element to the type of one that contains it, so the parser meets its own parent inside.
    private func renameToParent(_ bytes: inout [UInt8], random: inout SplitMix) -> String {
        let child = nodes[random.next(below: nodes.count)]
        guard let parent = nodes.last(where: { $0.offset < child.offset && $0.end >= child.end }) else { return "none" }
        if isMatroska {
            // Element ids have their own lengths; only a same-length id can be swapped in place.
            let childId = child.sizeOffset - child.offset, parentId = parent.sizeOffset - parent.offset
            guard childId == parentId else { return "none" }
            for index in 0..<childId { bytes[child.offset + index] = bytes[parent.offset + index] }
        } else {
            for index in 4..<8 { bytes[child.offset + index] = bytes[parent.offset + index] }
        }
        return "nested-parent"
    }

    private func writeSize(_ value: UInt64, node: Node, into bytes: inout [UInt8]) {
        guard node.sizeOffset + node.sizeLength <= bytes.count else { return }
        if isMatroska {
            // All value bits set is "unknown size"; otherwise the largest or smallest the field can hold.
            let bits = 7 * node.sizeLength
            let stored = value == 0 ? 0 : (UInt64(1) << UInt64(bits)) - 1
            let marked = stored | (UInt64(1) << UInt64(bits))
            writeValue(marked, from: node.sizeOffset, to: node.sizeOffset + node.sizeLength, into: &bytes)
        } else {
            writeValue(value == 0 ? 0 : UInt64(UInt32.max), from: node.sizeOffset, to: node.sizeOffset + 4, into: &bytes)
        }
    }

    private func writeValue(_ value: UInt64, from start: Int, to end: Int, into bytes: inout [UInt8]) {
        var rest = value
        var index = min(end, bytes.count) - 1
        while index >= start {
            bytes[index] = UInt8(truncatingIfNeeded: rest)
            rest >>= 8
            index -= 1
        }
    }

    private static let isoContainers: Set<UInt32> = Set(
        ["moov", "trak", "mdia", "minf", "stbl", "edts", "dinf", "udta", "mvex", "moof", "traf"].map(fourCC))

    private static func fourCC(_ text: String) -> UInt32 { text.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    private static func readInt(_ bytes: [UInt8], _ at: Int, _ length: Int) -> UInt64 {
        bytes[at..<at + length].reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func walkIso(_ bytes: [UInt8], from start: Int, to end: Int, depth: Int, into nodes: inout [Node]) {
        var at = start
        while at + 8 <= end, depth < 12 {
            let size = Int(readInt(bytes, at, 4)), type = UInt32(readInt(bytes, at + 4, 4))
            guard size >= 8, at + size <= end else { return }
            nodes.append(Node(offset: at, sizeOffset: at, sizeLength: 4, end: at + size, type: type))
            if isoContainers.contains(type) { walkIso(bytes, from: at + 8, to: at + size, depth: depth + 1, into: &nodes) }
            at += size
        }
    }

    private static let matroskaMasters: Set<UInt32> = [
        0x1853_8067, 0x114D_9B74, 0x4DBB, 0x1549_A966, 0x1654_AE6B, 0xAE, 0xE0, 0xE1, 0x1C53_BB6B, 0x1254_C367, 0x7373,
    ]

    private static func walkMatroska(_ bytes: [UInt8], from start: Int, to end: Int, depth: Int, into nodes: inout [Node]) {
        var at = start
        while at < end, depth < 8 {
            guard let idLength = vintLength(bytes[at]), idLength <= 4, at + idLength < end else { return }
            let id = UInt32(readInt(bytes, at, idLength))
            let sizeAt = at + idLength
            guard let sizeLength = vintLength(bytes[sizeAt]), sizeAt + sizeLength <= end else { return }
            let raw = readInt(bytes, sizeAt, sizeLength) & ((UInt64(1) << UInt64(7 * sizeLength)) - 1)
            let dataAt = sizeAt + sizeLength
            guard raw <= UInt64(end - dataAt) else { return }
            let elementEnd = dataAt + Int(raw)
            nodes.append(Node(offset: at, sizeOffset: sizeAt, sizeLength: sizeLength, end: elementEnd, type: id))
            // Clusters hold the media, not the header: they are not walked into.
            if matroskaMasters.contains(id) { walkMatroska(bytes, from: dataAt, to: elementEnd, depth: depth + 1, into: &nodes) }
            at = elementEnd
        }
    }

    /// The length of an EBML variable-size integer from its first byte, or nil for a zero byte.
    private static func vintLength(_ first: UInt8) -> Int? {
        first == 0 ? nil : first.leadingZeroBitCount + 1
    }

    /// A small, fast, seedable generator, so every run makes the same files.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func next(below bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
    }
}
