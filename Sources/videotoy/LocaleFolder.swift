import Foundation
import VideoToyText

/// Where the app's translations are: the folder holding `LANG/LC_MESSAGES/videotoy.mo`.
enum LocaleFolder {
    /// `VIDEOTOY_LOCALEDIR` when set (development runs and tests), else the install's own `share/locale` beside the
    /// binary's `bin` when it holds a catalogue of ours (a `--prefix` install), else the system's.
    static func find(environment: [String: String], executable: URL) -> String {
        if let folder = environment["VIDEOTOY_LOCALEDIR"], !folder.isEmpty { return folder }
        let beside = executable.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/locale").path
        if holdsCatalogue(beside) { return beside }
        return "/usr/share/locale"
    }

    /// Whether `folder` has a catalogue of the app's domain for any language.
    private static func holdsCatalogue(_ folder: String) -> Bool {
        guard let languages = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return languages.contains {
            FileManager.default.fileExists(atPath: "\(folder)/\($0)/LC_MESSAGES/\(Translation.domain).mo")
        }
    }
}
