import Foundation
import Glibc
import VideoToyCore

/// File-system calls on paths held as `PathBytes` strings, made with the path's real bytes.
///
/// Foundation's path APIs (`FileManager`, `FileHandle(forReadingAtPath:)`) pass a string's UTF-8 to the
/// system, which for a name that is not UTF-8 is another name: these go through `PathBytes.withCString`.
public enum PathCalls {
    /// What `stat` says about `path` (symlinks followed), or nil when it fails (`errno` says why).
    public static func status(_ path: String) -> Glibc.stat? {
        var info = Glibc.stat()
        return PathBytes.withCString(path) { statFollowing($0, &info) } == 0 ? info : nil
    }

    /// True when something exists at `path` (symlinks followed).
    public static func exists(_ path: String) -> Bool { status(path) != nil }

    /// True when `path` is a folder (symlinks followed).
    public static func isFolder(_ path: String) -> Bool {
        status(path).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
    }

    /// True when `path` is a regular file (symlinks followed) that this process may read.
    public static func isReadableFile(_ path: String) -> Bool {
        guard let info = status(path), info.st_mode & S_IFMT == S_IFREG else { return false }
        return PathBytes.withCString(path) { access($0, R_OK) } == 0
    }
}

/// `stat(2)`, which inside a type would name the struct of the same name.
public func statFollowing(_ path: UnsafePointer<CChar>, _ info: inout Glibc.stat) -> Int32 { stat(path, &info) }

/// `lstat(2)`: the entry itself, a symbolic link not followed.
public func statNotFollowing(_ path: UnsafePointer<CChar>, _ info: inout Glibc.stat) -> Int32 { lstat(path, &info) }
