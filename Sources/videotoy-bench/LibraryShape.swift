/// How the scale group's library of N files is laid out on disk: the same N files, in folders of other shapes.
enum LibraryShape: String, CaseIterable, Sendable {
    /// One folder of N files (the scale group's first shape; its row ids have no shape in them).
    case flat
    /// Ten folders of N/10 files, numbered afresh in each (lib-00001 in every folder), as seasons of a show are.
    case folders
    /// A tree ten folders wide and three deep: 1,000 leaf folders hold 99 % of the files, and each of the 111
    /// folders above them holds a few as well.
    case nested
    /// A hundred folders of N/100 files with the same names in each, every file a hard link to one clip (two
    /// inodes once the first reaches ext4's 65,000 links): many names, few files.
    case links

    /// Whether each folder's names start again at lib-00001, so one name is in many folders; else they run on.
    var namesRepeat: Bool { self == .folders || self == .links }

    /// The start of this shape's row ids: `scale.` for flat, as in every earlier run, else `scale.folders.` and so on.
    var idPrefix: String { self == .flat ? "scale." : "scale.\(rawValue)." }

    /// What the rows' metrics say about the layout.
    var summary: String {
        switch self {
        case .flat: return "one folder"
        case .folders: return "10 folders, same names"
        case .nested: return "10x10x10 folders, files at every level"
        case .links: return "100 folders, same names, 1 clip"
        }
    }

    /// The folders (relative to the library, "" for the library itself) and how many files each holds, in the
    /// order they are made.
    func layout(n: Int) -> [(folder: String, count: Int)] {
        switch self {
        case .flat:
            return [("", n)]
        case .folders:
            return Self.spread(n, over: (0..<10).map { "dir-\($0)" })
        case .links:
            return Self.spread(n, over: (0..<100).map { "set-" + String(repeating: "0", count: $0 < 10 ? 2 : 1) + String($0) })
        case .nested:
            let tops = (0..<10).map { "a\($0)" }
            let middles = tops.flatMap { top in (0..<10).map { "\(top)/b\($0)" } }
            let leaves = middles.flatMap { middle in (0..<10).map { "\(middle)/c\($0)" } }
            let above = [""] + tops + middles
            let upper = n / 100
            return Self.spread(upper, over: above) + Self.spread(n - upper, over: leaves)
        }
    }

    /// `n` files over `folders`, as evenly as whole numbers allow, the first folders taking the remainder.
    private static func spread(_ n: Int, over folders: [String]) -> [(folder: String, count: Int)] {
        folders.enumerated().map { index, folder in (folder, n / folders.count + (index < n % folders.count ? 1 : 0)) }
    }
}
