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

    /// The catalogues the app under test reads (its `VIDEOTOY_LOCALEDIR`): `$VIDEOTOY_LOCALEDIR` when set (scripts/test
    /// compiles them), else `.build/locale`, compiled from po/ by `scripts/i18n` once per test process.
    public static let localeFolder: URL = {
        if let path = ProcessInfo.processInfo.environment["VIDEOTOY_LOCALEDIR"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let folder = root.appendingPathComponent(".build/locale")
        // Without gettext the app shows its English texts, which is what most tests read anyway.
        _ = try? Command.run([root.appendingPathComponent("scripts/i18n").path, "compile", folder.path])
        return folder
    }()

    /// `scripts/virtual-display`, or `$VIRTUAL_DISPLAY_SCRIPT` when set.
    public static var virtualDisplayScript: URL {
        if let path = ProcessInfo.processInfo.environment["VIRTUAL_DISPLAY_SCRIPT"] { return URL(fileURLWithPath: path) }
        return root.appendingPathComponent("scripts/virtual-display")
    }
}
