import CGLib
import Glibc
import VideoToyCore
import VideoToyPOSIX

/// The user's standard folders, as the desktop (XDG) defines them.
public enum UserFolders {
    /// The XDG Videos folder, or nil when it is not configured or does not exist.
    public static func videos() -> String? {
        guard let raw = g_get_user_special_dir(G_USER_DIRECTORY_VIDEOS) else { return nil }
        // GLib gives the folder's bytes, which need not be UTF-8.
        let path = PathBytes.decode(cString: raw)
        return PathCalls.isFolder(path) ? path : nil
    }

    /// Where VideoToy keeps generated files, such as the demo clips: `$XDG_CACHE_HOME/videotoy`.
    public static func cache() -> String {
        String(cString: g_get_user_cache_dir()) + "/videotoy"
    }
}
