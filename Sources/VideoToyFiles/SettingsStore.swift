import CGLib
import Glibc
import Synchronization
import VideoToyCore

/// Remembered state in a key file under the XDG config folder.
///
/// Every write is atomic (a temporary file renamed over the old one), and every read-modify-write holds an
/// advisory lock on `<path>.lock`, so two processes (or threads) writing at once neither corrupt the file
/// nor lose each other's changes. A corrupt or unreadable file is moved aside to `<path>.bak`, reported once,
/// and replaced by the defaults; one whose only damage is key lines GKeyFile rejects keeps everything else.
public struct SettingsStore: Sendable {
    /// The key file's path.
    public let path: String
    /// How many resume positions are kept.
    public let resumeCapacity: Int

    /// Problems already reported by this process, so each is told once however often the file is read.
    private static let reported = Mutex<Set<String>>([])

    /// A store at `path`, by default `$XDG_CONFIG_HOME/videotoy/settings.ini`, keeping `resumeCapacity` positions.
    public init(path: String? = nil, resumeCapacity: Int = 200) {
        self.path = path ?? String(cString: g_get_user_config_dir()) + "/videotoy/settings.ini"
        self.resumeCapacity = max(1, resumeCapacity)
    }

    // MARK: Reading and writing everything

    /// Everything remembered, and a problem to tell the user the first time the file turned out unreadable.
    ///
    /// Temporary files a write left behind (the app was killed while saving) are removed first: every write holds
    /// the lock, so under it none is in use.
    public func load() -> (settings: Settings, problem: String?) {
        locked(creatingFolder: false) {
            removeLeftovers()
            let (file, problem) = open()
            defer { g_key_file_free(file) }
            return (read(file), problem)
        }
    }

    /// Changes what is remembered in one locked read-modify-write; only keys whose values changed are touched,
    /// so other groups and comments in the file survive. Returns what the user should be told (a failed
    /// write, or a corrupt file set aside), or nil.
    @discardableResult
    public func update(_ change: (inout Settings) -> Void) -> String? {
        locked(creatingFolder: true) {
            let (file, problem) = open()
            defer { g_key_file_free(file) }
            let before = read(file)
            var after = before
            change(&after)
            guard after != before else { return problem }
            write(after, over: before, into: file)
            var error: UnsafeMutablePointer<GError>?
            guard g_key_file_save_to_file(file, path, &error) != 0 else {
                defer { g_clear_error(&error) }
                return error.map { String(cString: $0.pointee.message) } ?? "cannot write \(path)"
            }
            return problem
        }
    }

    // MARK: The key file

    private enum Group {
        static let library = "library", window = "window", screen = "screen", view = "view", resume = "resume"
        static let network = "network-screens"
        static let preferences = "preferences", audio = "audio", tracks = "tracks"
    }

    /// Runs `body` holding an exclusive lock on `<path>.lock`; without the folder there is nothing to protect.
    private func locked<T>(creatingFolder: Bool, _ body: () -> T) -> T {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        if creatingFolder, !folder.isEmpty { g_mkdir_with_parents(folder, 0o700) }
        let fd = Glibc.open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
        guard fd >= 0 else { return body() }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0, errno == EINTR {}
        defer { flock(fd, LOCK_UN) }
        return body()
    }

    /// The key file, or an empty one: a missing file is normal, an unreadable one is moved aside.
    private func open() -> (OpaquePointer, String?) {
        let file = g_key_file_new()!
        let reason: String
        var contents: [UInt8]?
        switch SettingsFile.read(path) {
        case .missing:
            return (file, nil)
        case .notRegular(let kind):
            reason = "it is a \(kind), not a regular file"
        case .failed(let why):
            reason = why
        case .contents(let bytes):
            var error: UnsafeMutablePointer<GError>?
            let loaded = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    g_key_file_load_from_data(file, $0.baseAddress, gsize($0.count), G_KEY_FILE_KEEP_COMMENTS, &error)
                }
            }
            guard loaded == 0 else { return (file, nil) }
            defer { g_clear_error(&error) }
            reason = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
            contents = bytes
        }
        // A half-parsed file must not be written back over the backup: start from an empty one.
        g_key_file_free(file)
        if let contents, let salvaged = salvage(contents) { return salvaged }
        let kept = rename(path, path + ".bak") == 0
        let message =
            kept
            ? "settings file \(path) was unreadable (\(reason)); kept it as \(path).bak and started from defaults"
            : "settings file \(path) is unreadable (\(reason)) and could not be moved aside; using defaults"
        let isNew = SettingsStore.reported.withLock { $0.insert(message).inserted }
        return (g_key_file_new()!, isNew ? message : nil)
    }

    /// Removes the temporary files of writes that never finished (`settings.ini.XXXXXX`, as GLib names them).
    private func removeLeftovers() {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        for leftover in SettingsFile.leftovers(of: name, in: folder) { PathBytes.withCString(folder + "/" + leftover) { _ = unlink($0) } }
    }

    /// The file without its damaged key lines, when only such lines stand in the way: the rest is kept, and the file as
    /// it was is moved to `.bak`. Nil when it cannot be read as text, or the damage is elsewhere.
    private func salvage(_ contents: [UInt8]) -> (OpaquePointer, String?)? {
        guard let text = String(validating: contents, as: UTF8.self), let repair = KeyFileSalvage.salvage(text) else { return nil }
        let file = g_key_file_new()!
        guard g_key_file_load_from_data(file, repair.text, gsize(repair.text.utf8.count), G_KEY_FILE_KEEP_COMMENTS, nil) != 0,
            rename(path, path + ".bak") == 0
        else {
            g_key_file_free(file)
            return nil
        }
        // Written back at once, so the next read finds the settings, not a missing file.
        g_key_file_save_to_file(file, path, nil)
        let lines = repair.dropped == 1 ? "a damaged line" : "\(repair.dropped) damaged lines"
        let message =
            "settings file \(path) had \(lines) (the first at line \(repair.firstLine)); left \(repair.dropped == 1 ? "it" : "them") "
            + "out, kept the rest, and kept the file as it was as \(path).bak"
        let isNew = SettingsStore.reported.withLock { $0.insert(message).inserted }
        return (file, isNew ? message : nil)
    }

    private func read(_ file: OpaquePointer) -> Settings {
        var settings = Settings(resumeCapacity: resumeCapacity)
        settings.libraryFolders = strings(file, Group.library, "folders")
        settings.recentFolders = strings(file, Group.library, "recent")
        settings.showFile = string(file, Group.library, "show").flatMap { $0.isEmpty ? nil : $0 }
        if let width = integer(file, Group.window, "width"), let height = integer(file, Group.window, "height"),
            width > 0, height > 0
        {
            settings.windowSize = PixelSize(width: width, height: height)
        }
        if let connector = string(file, Group.screen, "connector"), !connector.isEmpty {
            settings.preferredScreen = ScreenID(
                connector: connector, manufacturer: string(file, Group.screen, "manufacturer") ?? "",
                model: string(file, Group.screen, "model") ?? "")
        }
        for key in keys(file, Group.audio) {
            guard let screen = SettingsStore.unescape(key).flatMap(SettingsStore.screen(audioKey:)),
                let choice = string(file, Group.audio, key).flatMap(AudioChoice.init(argument:))
            else { continue }
            settings.audioChoices[screen] = choice
        }
        for key in keys(file, Group.network) {
            guard let connector = SettingsStore.unescape(key), connector.hasPrefix(NetworkRenderer.idPrefix) else { continue }
            settings.networkScreens[connector] = string(file, Group.network, key) != "manual"
        }
        settings.scalingMode = string(file, Group.view, "scaling")
        settings.sortOrder = string(file, Group.view, "sort")
        for key in keys(file, Group.preferences) {
            if let value = string(file, Group.preferences, key) { settings.preferences[key] = value }
        }
        for key in keys(file, Group.resume) {
            guard let path = SettingsStore.unescape(key), let value = string(file, Group.resume, key) else { continue }
            let parts = value.split(separator: ";")
            guard parts.count == 2, let position = Int(parts[0]), let updated = Int64(parts[1]) else { continue }
            settings.resumePositions.restore(path: path, entry: ResumePositions.Entry(positionMs: position, updated: updated))
        }
        for key in keys(file, Group.tracks) {
            guard let path = SettingsStore.unescape(key), let value = string(file, Group.tracks, key),
                let semicolon = value.firstIndex(of: ";"), let updated = Int64(value[..<semicolon])
            else { continue }
            let choice = TrackChoice(encoded: String(value[value.index(after: semicolon)...]))
            settings.trackChoices.restore(path: path, entry: TrackChoices.Entry(choice: choice, updated: updated))
        }
        return settings
    }

    private func write(_ settings: Settings, over old: Settings, into file: OpaquePointer) {
        if settings.libraryFolders != old.libraryFolders {
            if settings.libraryFolders.isEmpty {
                g_key_file_remove_key(file, Group.library, "folders", nil)
            } else {
                setStrings(file, Group.library, "folders", settings.libraryFolders)
            }
        }
        if settings.recentFolders != old.recentFolders {
            if settings.recentFolders.isEmpty {
                g_key_file_remove_key(file, Group.library, "recent", nil)
            } else {
                setStrings(file, Group.library, "recent", settings.recentFolders)
            }
        }
        if settings.showFile != old.showFile {
            if let show = settings.showFile {
                g_key_file_set_string(file, Group.library, "show", show)
            } else {
                g_key_file_remove_key(file, Group.library, "show", nil)
            }
        }
        if settings.windowSize != old.windowSize {
            if let size = settings.windowSize {
                g_key_file_set_integer(file, Group.window, "width", gint(clamping: size.width))
                g_key_file_set_integer(file, Group.window, "height", gint(clamping: size.height))
            } else {
                g_key_file_remove_key(file, Group.window, "width", nil)
                g_key_file_remove_key(file, Group.window, "height", nil)
            }
        }
        if settings.preferredScreen != old.preferredScreen {
            let screen = settings.preferredScreen
            g_key_file_set_string(file, Group.screen, "connector", screen?.connector ?? "")
            g_key_file_set_string(file, Group.screen, "manufacturer", screen?.manufacturer ?? "")
            g_key_file_set_string(file, Group.screen, "model", screen?.model ?? "")
        }
        for (screen, choice) in settings.audioChoices where old.audioChoices[screen] != choice {
            if let key = SettingsStore.escape(SettingsStore.audioKey(screen)) {
                g_key_file_set_string(file, Group.audio, key, choice.argument)
            }
        }
        for (connector, follows) in settings.networkScreens where old.networkScreens[connector] != follows {
            if let key = SettingsStore.escape(connector) {
                g_key_file_set_string(file, Group.network, key, follows ? "follow" : "manual")
            }
        }
        if settings.scalingMode != old.scalingMode {
            if let mode = settings.scalingMode {
                g_key_file_set_string(file, Group.view, "scaling", mode)
            } else {
                g_key_file_remove_key(file, Group.view, "scaling", nil)
            }
        }
        if settings.preferences != old.preferences {
            for key in old.preferences.keys where settings.preferences[key] == nil {
                g_key_file_remove_key(file, Group.preferences, key, nil)
            }
            for (key, value) in settings.preferences where old.preferences[key] != value {
                g_key_file_set_string(file, Group.preferences, key, value)
            }
        }
        if settings.sortOrder != old.sortOrder {
            if let order = settings.sortOrder {
                g_key_file_set_string(file, Group.view, "sort", order)
            } else {
                g_key_file_remove_key(file, Group.view, "sort", nil)
            }
        }
        let (new, previous) = (settings.resumePositions.entries, old.resumePositions.entries)
        for path in previous.keys where new[path] == nil {
            if let key = SettingsStore.escape(path) { g_key_file_remove_key(file, Group.resume, key, nil) }
        }
        for (path, entry) in new where previous[path] != entry {
            if let key = SettingsStore.escape(path) {
                g_key_file_set_string(file, Group.resume, key, "\(entry.positionMs);\(entry.updated)")
            }
        }
        let (picks, earlier) = (settings.trackChoices.entries, old.trackChoices.entries)
        for path in earlier.keys where picks[path] == nil {
            if let key = SettingsStore.escape(path) { g_key_file_remove_key(file, Group.tracks, key, nil) }
        }
        for (path, entry) in picks where earlier[path] != entry {
            if let key = SettingsStore.escape(path) {
                g_key_file_set_string(file, Group.tracks, key, "\(entry.updated);\(entry.choice.encoded)")
            }
        }
    }

    // MARK: GKeyFile helpers

    private func string(_ file: OpaquePointer, _ group: String, _ key: String) -> String? {
        guard let value = g_key_file_get_string(file, group, key, nil) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    private func integer(_ file: OpaquePointer, _ group: String, _ key: String) -> Int? {
        var error: UnsafeMutablePointer<GError>?
        let value = g_key_file_get_integer(file, group, key, &error)
        guard error == nil else { g_clear_error(&error); return nil }
        return Int(value)
    }

    private func strings(_ file: OpaquePointer, _ group: String, _ key: String) -> [String] {
        var count: gsize = 0
        guard let list = g_key_file_get_string_list(file, group, key, &count, nil) else { return [] }
        defer { g_strfreev(list) }
        return (0..<Int(count)).compactMap { list[$0].map { String(cString: $0) } }
    }

    private func setStrings(_ file: OpaquePointer, _ group: String, _ key: String, _ values: [String]) {
        var pointers = values.map { UnsafePointer(strdup($0)) }
        defer { pointers.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        pointers.withUnsafeMutableBufferPointer { g_key_file_set_string_list(file, group, key, $0.baseAddress, gsize($0.count)) }
    }

    private func keys(_ file: OpaquePointer, _ group: String) -> [String] {
        var count: gsize = 0
        guard let list = g_key_file_get_keys(file, group, &count, nil) else { return [] }
        defer { g_strfreev(list) }
        return (0..<Int(count)).compactMap { list[$0].map { String(cString: $0) } }
    }

    /// A path as a key: key-file keys cannot hold `=`, `[`, `]` or line breaks, so all but `/` and
    /// unreserved characters are percent-escaped (non-ASCII letters stay readable).
    private static func escape(_ path: String) -> String? {
        guard let escaped = g_uri_escape_string(path, "/", 1) else { return nil }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    /// A screen's identity as one key: connector, manufacturer and model separated by tabs.
    private static func audioKey(_ screen: ScreenID) -> String {
        [screen.connector, screen.manufacturer, screen.model].joined(separator: "\t")
    }

    private static func screen(audioKey key: String) -> ScreenID? {
        let parts = key.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts[0].isEmpty else { return nil }
        return ScreenID(connector: parts[0], manufacturer: parts[1], model: parts[2])
    }

    private static func unescape(_ key: String) -> String? {
        guard let path = g_uri_unescape_string(key, nil) else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }
}
