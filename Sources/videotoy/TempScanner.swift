import Foundation
struct ScanResultT { var videos: [String]; var problems: [String] }
struct LibraryScanner {
    func scan(_ paths: [String]) -> ScanResultT {
        var out: [String] = []
        for p in paths {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: p, isDirectory: &isDir), isDir.boolValue {
                let e = FileManager.default.enumerator(atPath: p)
                while let f = e?.nextObject() as? String { if ["mp4","webm","mkv"].contains((f as NSString).pathExtension) { out.append(p + "/" + f) } }
            } else { out.append(p) }
        }
        return ScanResultT(videos: out.sorted(), problems: [])
    }
}
enum UserFolders { static func videos() -> String? { nil }; static func cache() -> String { NSHomeDirectory() + "/.cache/videotoy" } }
