import Foundation

/// Where the package lives, found from this file's path so tests work from any working directory.
public enum PackagePaths {
    /// The package root (the directory holding Package.swift and scripts/).
    public static let root: URL = {
        // Symlinks are resolved so a scratch package that links these sources in still finds the real checkout.
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent()  // VideoToyAppTesting
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()
    }()

    /// `scripts/virtual-display`, or `$VIRTUAL_DISPLAY_SCRIPT` when set.
    public static var virtualDisplayScript: URL {
        if let path = ProcessInfo.processInfo.environment["VIRTUAL_DISPLAY_SCRIPT"] { return URL(fileURLWithPath: path) }
        return root.appendingPathComponent("scripts/virtual-display")
    }
}
