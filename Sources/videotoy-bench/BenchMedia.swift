import Foundation
import Glibc
import VideoToyMedia
import VideoToyMediaTesting

/// The benchmark's media: clips generated once with the shared clip recipes, and a library of hard links.
///
/// Kept across runs in `media-v1` (the clips) and `library-N` beside it; a folder is reused only once it is
/// complete, so an interrupted run starts that folder again.
struct BenchMedia {
    /// Where clips are made.
    let folder: URL
    /// The library of `n` files.
    let library: URL
    /// Twelve playable items for the play/stop cycles and the start-up figure.
    var cycles: URL { folder.appendingPathComponent("cycles") }
    /// The library size.
    let n: Int

    /// The clips the figures play, named as in every earlier run so old caches stay valid.
    static let clips: [(name: String, spec: ClipSpec)] = [
        ("720p.mp4", benchSpec(width: 1280, height: 720, fps: 30, seconds: 30)),
        ("1080p.mp4", benchSpec(width: 1920, height: 1080, fps: 30, seconds: 20)),
        ("small.mp4", benchSpec(width: 320, height: 240, fps: 25, seconds: 3)),
        ("medium.webm", benchSpec(width: 640, height: 360, fps: 25, seconds: 3, container: .webm)),
    ]

    /// Rows of 216 px in the 720 px window: three whole rows and part of a fourth.
    static let firstRows = 4

    /// Uses (and later fills) `root`.
    init(root: URL, n: Int) {
        folder = root.appendingPathComponent("media-v1")
        library = root.appendingPathComponent("library-\(n)")
        self.n = n
    }

    /// The path of clip `name` (such as "720p.mp4").
    func clip(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The library file name of item `i` (1-based), zero-padded to at least five digits so it sorts as listed.
    func libraryName(_ i: Int, ext: String) -> String {
        let digits = String(i)
        return "lib-" + String(repeating: "0", count: max(0, max(5, String(n).count) - digits.count)) + digits + "." + ext
    }

    /// The library of `n` files laid out as `shape`: the flat one is `library`, the others `library-N-SHAPE`.
    func library(_ shape: LibraryShape) -> URL {
        shape == .flat ? library : library.deletingLastPathComponent().appendingPathComponent("library-\(n)-\(shape.rawValue)")
    }

    /// The folder of `shape`'s library where the scale group adds a file and takes it away: the last one made,
    /// the deepest for a tree.
    func refreshFolder(_ shape: LibraryShape) -> URL {
        let last = shape.layout(n: n).last?.folder ?? ""
        return last.isEmpty ? library(shape) : library(shape).appendingPathComponent(last)
    }

    /// Makes whatever is missing: the clips, the cycles and the flat library, and the library of each of `shapes`.
    func prepare(shapes: [LibraryShape] = []) throws {
        let files = FileManager.default
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, spec) in Self.clips where !isNonEmpty(clip(name)) {
            note("generating \(name) (\(spec.width)x\(spec.height)@\(spec.fps), \(spec.durationMs / 1000) s)")
            // Made under a temporary name, so a run cut short leaves no half clip behind a good name.
            let part = clip(name) + ".part." + spec.container.rawValue
            try ClipFactory.make(spec, at: part)
            try files.moveItem(atPath: part, toPath: clip(name))
        }
        if !files.fileExists(atPath: clip("empty.mp4")) { try ClipFactory.makeEmpty(at: clip("empty.mp4")) }
        if !isNonEmpty(clip("text.mp4")) { try ClipFactory.makeText(at: clip("text.mp4")) }
        if !isNonEmpty(clip("truncated.mp4")) {
            // The index comes first in these clips, so the cut one promises data it lacks and plays up to the cut.
            let part = clip("truncated.part")
            try? files.removeItem(atPath: part)
            try files.copyItem(atPath: clip("small.mp4"), toPath: part)
            try ClipFactory.truncate(part, fraction: 0.6)
            try files.moveItem(atPath: part, toPath: clip("truncated.mp4"))
        }
        try makeCycles()
        for shape in [LibraryShape.flat] + shapes.filter({ $0 != .flat }) { try makeLibrary(shape) }
    }

    private func makeCycles() throws {
        let files = FileManager.default
        guard !files.fileExists(atPath: cycles.appendingPathComponent(".complete").path) else { return }
        try? files.removeItem(at: cycles)
        try files.createDirectory(at: cycles, withIntermediateDirectories: true)
        for i in 1...12 {
            let source = ["small.mp4", "720p.mp4", "medium.webm"][i % 3]
            let name = String(format: "c%02d.", i) + (source as NSString).pathExtension
            try link(clip(source), cycles.appendingPathComponent(name).path)
        }
        _ = files.createFile(atPath: cycles.appendingPathComponent(".complete").path, contents: nil)
    }

    /// lib-00001 … in display order, in `shape`'s folders. Per hundred: an empty file (13), text named .mp4 (50)
    /// and a truncated MP4 (77); the rest cycle through the 720p, small, webm and 1080p clips. Shapes whose names
    /// repeat number them afresh in each folder; the links shape links every file to the small clip. All hard links, so N costs no
    /// disk; a clip that reaches ext4's 65,000 links gets a copy (in `.seeds`, hidden from the scan) for the links after.
    private func makeLibrary(_ shape: LibraryShape) throws {
        let files = FileManager.default
        let root = library(shape)
        let complete = root.path + ".complete"
        guard !files.fileExists(atPath: complete) else { return }
        note("making a library of \(n) files in \(root.path) (\(shape.summary))")
        try? files.removeItem(at: root)
        try files.createDirectory(at: root, withIntermediateDirectories: true)
        let playable = ["720p.mp4", "small.mp4", "medium.webm", "1080p.mp4"]
        var seeds: [String: String] = [:]
        if shape != .flat {
            // Copies of their own, so the shared clips keep links to spare for the flat library and the refresh step.
            let copies = root.appendingPathComponent(".seeds")
            try files.createDirectory(at: copies, withIntermediateDirectories: true)
            for name in playable + ["empty.mp4", "text.mp4", "truncated.mp4"] {
                seeds[name] = copies.appendingPathComponent("0-" + name).path
                try files.copyItem(atPath: clip(name), toPath: copies.appendingPathComponent("0-" + name).path)
            }
        }
        var i = 0
        for (folder, count) in shape.layout(n: n) {
            let place = folder.isEmpty ? root : root.appendingPathComponent(folder)
            try files.createDirectory(at: place, withIntermediateDirectories: true)
            for j in 0..<count {
                i += 1
                let number = shape.namesRepeat ? j + 1 : i
                let source: String
                switch (shape, number % 100) {
                case (.links, _): source = "small.mp4"
                case (_, 13): source = "empty.mp4"
                case (_, 50): source = "text.mp4"
                case (_, 77): source = "truncated.mp4"
                default: source = playable[number % 4]
                }
                let target = place.appendingPathComponent(libraryName(number, ext: (source as NSString).pathExtension)).path
                try link(seeds[source] ?? clip(source), target, orCopyInto: &seeds, as: source, seedsIn: root)
            }
        }
        _ = files.createFile(atPath: complete, contents: nil)
    }

    /// Links `target` to `seed`; when the seed has all the links ext4 allows (65,000), links it to a fresh copy of
    /// clip `name` in `root`'s `.seeds` instead, which later links of that clip share.
    private func link(
        _ seed: String, _ target: String, orCopyInto seeds: inout [String: String], as name: String, seedsIn root: URL
    ) throws {
        if Glibc.link(seed, target) == 0 { return }
        guard errno == EMLINK else { throw BenchFailure("link \(target): \(String(cString: strerror(errno)))") }
        let copies = root.appendingPathComponent(".seeds")
        try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
        let copy = copies.appendingPathComponent("\(seeds.count + 1)-\(name)").path
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: clip(name), toPath: copy)
        seeds[name] = copy
        try link(copy, target)
    }

    private func link(_ source: String, _ target: String) throws {
        guard Glibc.link(source, target) == 0 else {
            throw BenchFailure("link \(target): \(String(cString: strerror(errno)))")
        }
    }

    private func isNonEmpty(_ path: String) -> Bool {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) > 0
    }

    /// The recipe the bash benchmark used: moving SMPTE bars, a keyframe every two seconds, x264 at veryfast with
    /// about 3 bits per pixel-second, the index first, and a sine tone.
    private static func benchSpec(
        width: Int, height: Int, fps: Int, seconds: Int,
        container: ClipSpec.Container = .mp4
    ) -> ClipSpec {
        let mp4 = container == .mp4
        return ClipSpec(
            width: width, height: height, durationMs: seconds * 1000, fps: fps, container: container,
            videoCodec: mp4 ? .h264 : .vp8, pattern: "smpte horizontal-speed=4", fastStart: mp4,
            keyframeInterval: mp4 ? 2 * fps : fps, bitrateKbps: mp4 ? width * height * 3 / 1000 : nil,
            speedPreset: "veryfast")
    }
}
