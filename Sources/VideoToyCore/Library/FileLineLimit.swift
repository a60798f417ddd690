/// Keeps the terminal readable when many files fail the same way: the first few lines of each kind are printed as
/// they come, the rest counted and summed up in one line once the library is read ("and 19,997 more files that
/// are empty"). The events log and the rows still say it of every file.
public struct FileLineLimit: Sendable, Equatable {
    /// How many lines of one kind are printed before the rest are only counted.
    public let perKind: Int
    private var printed: [String: Int] = [:]
    private var held: [String: Int] = [:]
    private var order: [String] = []

    /// Creates a limit of `perKind` lines per kind (at least 1).
    public init(perKind: Int = 5) {
        self.perKind = max(1, perKind)
    }

    /// Whether the line about one more file of `kind` (a `ProbeFailure.code`, or "damaged") is to be printed now;
    /// when not, it is counted for `summary`.
    public mutating func admit(_ kind: String) -> Bool {
        let count = printed[kind, default: 0]
        if count < perKind {
            printed[kind] = count + 1
            return true
        }
        if held[kind] == nil { order.append(kind) }
        held[kind, default: 0] += 1
        return false
    }

    /// One line per kind for the files not printed since the last summary, in the order the kinds first overflowed;
    /// afterwards the count starts again, so files added later get their first lines too.
    public mutating func summary() -> [String] {
        defer {
            printed = [:]
            held = [:]
            order = []
        }
        return order.compactMap { kind in
            guard let count = held[kind], count > 0 else { return nil }
            let files = count == 1 ? "file" : "files"
            return "and \(Self.grouped(count)) more \(files) \(Self.phrase(kind, plural: count != 1))"
        }
    }

    private static func phrase(_ kind: String, plural: Bool) -> String {
        let are = plural ? "are" : "is"
        switch kind {
        case "empty": return "that \(are) empty"
        case "vanished": return "that \(are) gone"
        case "permission-denied": return "that cannot be read (permission denied)"
        case "not-regular-file": return plural ? "that are not regular files" : "that is not a regular file"
        case "not-media": return plural ? "that are not videos" : "that is not a video"
        case "incomplete": return "that \(are) incomplete or damaged"
        case "missing-decoder": return "with no decoder installed"
        case "timeout": return "that did not answer in time"
        case "damaged": return "that \(are) damaged but play"
        default: return "that could not be read (\(kind))"
        }
    }

    /// `count` with thousands separated by commas, as the README and messages write numbers.
    public static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (count < 0 ? "-" : "") + out
    }
}
