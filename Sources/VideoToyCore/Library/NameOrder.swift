/// An item's place in the library's display order, worked out once so that sorting compares keys rather than
/// splitting and folding both paths on every comparison.
///
/// The order: by file name as a person reads it (ignoring case, numbers by value), then by the name's exact
/// spelling, then by the path's bytes. Plain ASCII names (by far the most common) are compared as bytes, which
/// gives the same answer as comparing them as Characters at a fraction of the cost.
struct NameOrder: Sendable {
    /// The lowercased file name.
    let name: String
    /// The name's bytes when they are all printable ASCII, where bytes order as Characters do.
    let ascii: [UInt8]?
    /// The full path, for the last tie-break.
    let path: String

    /// The key of the item at `path`.
    init(path: String) {
        self.path = path
        name = LibraryItem.name(ofPath: path).lowercased()
        ascii = name.utf8.allSatisfy { (0x20...0x7E).contains($0) } ? Array(name.utf8) : nil
    }

    /// Whether `a` comes before `b`.
    static func precedes(_ a: NameOrder, _ b: NameOrder) -> Bool {
        if let x = a.ascii, let y = b.ascii {
            switch naturalBytes(x, y) {
            case .some(let before): return before
            case nil: break
            }
            if x != y { return x.lexicographicallyPrecedes(y) }
        } else {
            if a.name.naturallyPrecedes(b.name) { return true }
            if b.name.naturallyPrecedes(a.name) { return false }
            // Names equal in natural order ("clip 01", "clip 1") still need a total order, independent of discovery.
            if a.name != b.name { return a.name < b.name }
        }
        // Bytes, not String order: canonically equal names of two different files must still be ordered.
        return a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
    }

    /// Natural order of two ASCII names: true or false when they differ in it, nil when they are equal in it.
    private static func naturalBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool? {
        let digits: ClosedRange<UInt8> = 0x30...0x39
        var (i, j) = (0, 0)
        while i < a.count, j < b.count {
            let (ca, cb) = (a[i], b[j])
            if digits.contains(ca) && digits.contains(cb) {
                var (ea, eb) = (i, j)
                while ea < a.count, digits.contains(a[ea]) { ea += 1 }
                while eb < b.count, digits.contains(b[eb]) { eb += 1 }
                var (sa, sb) = (i, j)
                while sa < ea, a[sa] == 0x30 { sa += 1 }
                while sb < eb, b[sb] == 0x30 { sb += 1 }
                if ea - sa != eb - sb { return ea - sa < eb - sb }
                if !a[sa..<ea].elementsEqual(b[sb..<eb]) { return a[sa..<ea].lexicographicallyPrecedes(b[sb..<eb]) }
                (i, j) = (ea, eb)
            } else {
                if ca != cb { return ca < cb }
                i += 1
                j += 1
            }
        }
        let (aDone, bDone) = (i == a.count, j == b.count)
        if aDone && !bDone { return true }
        if bDone && !aDone { return false }
        return nil
    }
}

extension String {
    /// Natural order, so "clip 2" sorts before "clip 10".
    func naturallyPrecedes(_ other: String) -> Bool {
        var (a, b) = (self[...], other[...])
        while let ca = a.first, let cb = b.first {
            if ca.isNumber && cb.isNumber {
                let da = a.prefix(while: \.isNumber), db = b.prefix(while: \.isNumber)
                let (ta, tb) = (da.drop(while: { $0 == "0" }), db.drop(while: { $0 == "0" }))
                if ta.count != tb.count { return ta.count < tb.count }
                if ta != tb { return ta < tb }
                a = a.dropFirst(da.count)
                b = b.dropFirst(db.count)
            } else {
                if ca != cb { return ca < cb }
                a = a.dropFirst()
                b = b.dropFirst()
            }
        }
        return a.isEmpty && !b.isEmpty
    }
}
