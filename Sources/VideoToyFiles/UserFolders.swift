import CGLib
import Glibc

/// The user's standard folders, as the desktop (XDG) defines them.
public enum UserFolders {
    /// The XDG Videos folder, or nil when it is not configured or does not exist.
    public static func videos() -> String? {
        guard let raw = g_get_user_special_dir(G_USER_DIRECTORY_VIDEOS) else { return nil }
        let path = String(cString: raw)
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return path
    }

    /// Where VideoToy keeps generated files, such as the demo clips: `$XDG_CACHE_HOME/videotoy`.
    public static func cache() -> String {
        String(cString: g_get_user_cache_dir()) + "/videotoy"
    }
}
