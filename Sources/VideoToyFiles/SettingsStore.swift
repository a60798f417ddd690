import CGLib
import Glibc
import VideoToyCore

/// Remembered choices in a key file under the XDG config folder, written atomically (temporary file, then rename).
public struct SettingsStore: Sendable {
    /// The key file's path.
    public let path: String

    /// A store at `path`, by default `$XDG_CONFIG_HOME/videotoy/settings.ini`.
    public init(path: String? = nil) {
        self.path = path ?? String(cString: g_get_user_config_dir()) + "/videotoy/settings.ini"
    }

    /// The screen the user chose in the menu, identified by connector, manufacturer and model.
    /// A corrupt file is moved aside to `.bak` and the reason returned, so nothing is silently lost.
    public func preferredScreen() -> (screen: ScreenID?, problem: String?) {
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_file(file, path, G_KEY_FILE_NONE, &error) != 0 else {
            defer { g_clear_error(&error) }
            let missing = error.map { $0.pointee.domain == g_file_error_quark() && $0.pointee.code == Int32(G_FILE_ERROR_NOENT.rawValue) } ?? true
            if missing { return (nil, nil) }
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
            rename(path, path + ".bak")
            return (nil, "settings file \(path) was unreadable (\(reason)); kept it as \(path).bak and started from defaults")
        }
        func read(_ key: String) -> String? {
            guard let value = g_key_file_get_string(file, "screen", key, nil) else { return nil }
            defer { g_free(value) }
            return String(cString: value)
        }
        guard let connector = read("connector"), !connector.isEmpty else { return (nil, nil) }
        return (ScreenID(connector: connector, manufacturer: read("manufacturer") ?? "", model: read("model") ?? ""), nil)
    }

    /// Saves the chosen screen, keeping whatever else the file holds; returns why it failed, or nil.
    public func savePreferredScreen(_ screen: ScreenID) -> String? {
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        g_key_file_load_from_file(file, path, G_KEY_FILE_KEEP_COMMENTS, nil)
        g_key_file_set_string(file, "screen", "connector", screen.connector)
        g_key_file_set_string(file, "screen", "manufacturer", screen.manufacturer)
        g_key_file_set_string(file, "screen", "model", screen.model)
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        g_mkdir_with_parents(folder, 0o700)
        var error: UnsafeMutablePointer<GError>?
        // g_key_file_save_to_file writes a temporary file and renames it over the old one.
        guard g_key_file_save_to_file(file, path, &error) != 0 else {
            defer { g_clear_error(&error) }
            return error.map { String(cString: $0.pointee.message) } ?? "cannot write \(path)"
        }
        return nil
    }
}
