import CGLib
import VideoToyCore

/// The values of the MPRIS properties, read from the player when a client asks for them or a change is announced.
@MainActor
enum MPRISProperties {
    /// The player properties whose changes `PropertiesChanged` announces; the others are constant, or (`Position`)
    /// read only when asked.
    static let announced = [
        "PlaybackStatus", "Metadata", "Volume", "CanPlay", "CanPause",
        "CanSeek", "CanGoNext", "CanGoPrevious", "LoopStatus", "Shuffle",
    ]

    /// The root properties whose changes `PropertiesChanged` announces; the others never change.
    static let announcedRoot = ["Fullscreen"]

    /// The names of the player properties in the groups `changed`, in the order they are announced.
    static func names(_ changed: MPRISChange) -> [String] {
        var names: [String] = []
        if changed.contains(.playbackStatus) { names.append("PlaybackStatus") }
        if changed.contains(.metadata) { names.append("Metadata") }
        if changed.contains(.volume) { names.append("Volume") }
        if changed.contains(.capabilities) { names += ["CanPlay", "CanPause", "CanSeek", "CanGoNext", "CanGoPrevious"] }
        if changed.contains(.playOrder) { names += ["LoopStatus", "Shuffle"] }
        return names
    }

    /// The names of the root properties in the groups `changed`.
    static func rootNames(_ changed: MPRISChange) -> [String] {
        changed.contains(.fullscreen) ? ["Fullscreen"] : []
    }

    /// The property `name` of `interface` (the root one or the player), or nil when there is no such property.
    static func value(_ interface: String, _ name: String, of target: MPRISPlayerTarget?) -> DBusValue? {
        interface == MPRISInterface.root ? root(name, of: target) : player(name, of: target)
    }

    /// A property of the root interface; all but `Fullscreen` never change, and that one needs a player.
    static func root(_ name: String, of target: MPRISPlayerTarget?) -> DBusValue? {
        switch name {
        case "Fullscreen": target.map { .bool($0.fullscreen) }
        case "CanSetFullscreen": .bool(true)
        case "CanQuit", "CanRaise": .bool(true)
        case "HasTrackList": .bool(false)
        case "Identity": .string(MPRISInterface.identity)
        case "DesktopEntry": .string(MPRISInterface.desktopEntry)
        case "SupportedUriSchemes": .strings(["file"])
        case "SupportedMimeTypes": .strings(MPRISInterface.supportedMimeTypes)
        default: nil
        }
    }

    /// A property of the player interface as `target` has it now; nil without a player.
    static func player(_ name: String, of target: MPRISPlayerTarget?) -> DBusValue? {
        guard let target else { return nil }
        switch name {
        case "PlaybackStatus": return .string(target.playbackStatus.rawValue)
        case "Rate", "MinimumRate", "MaximumRate": return .double(1)
        case "Metadata": return .dictionary(dictionary(target.metadata))
        case "Volume": return .double(target.volume)
        case "Position": return .int64(MPRISPosition.microseconds(ms: target.positionMs))
        case "CanGoNext": return .bool(target.canGoNext)
        case "CanGoPrevious": return .bool(target.canGoPrevious)
        case "CanPlay": return .bool(target.canPlay)
        case "CanPause": return .bool(target.canPause)
        case "CanSeek": return .bool(target.canSeek)
        case "CanControl": return .bool(true)
        case "LoopStatus": return .string(MPRISLoopStatus(target.onEnd).rawValue)
        case "Shuffle": return .bool(target.shuffle)
        default: return nil
        }
    }

    /// The `Metadata` map for the current video, or the spec's "no track" one without a video.
    private static func dictionary(_ metadata: MPRISMetadata?) -> [String: DBusValue] {
        guard let metadata else { return ["mpris:trackid": .objectPath(MPRISMetadata.noTrack)] }
        var entries: [String: DBusValue] = [
            "mpris:trackid": .objectPath(metadata.trackID),
            "xesam:title": .string(metadata.title),
        ]
        if let url = fileURI(metadata.path) { entries["xesam:url"] = .string(url) }
        if let length = metadata.lengthMicroseconds { entries["mpris:length"] = .int64(length) }
        if let art = metadata.artPath, let url = fileURI(art) { entries["mpris:artUrl"] = .string(url) }
        // The spec makes the comment a list of strings; clients that show one show the row's line.
        if let comment = metadata.comment { entries["xesam:comment"] = .strings([comment]) }
        // The presenter's state, for remote controls and tests: custom keys, as the spec allows in a namespace of ours.
        entries["videotoy:cover"] = .string(metadata.cover.rawValue)
        entries["videotoy:frozen"] = .bool(metadata.frozen)
        if let position = metadata.showPosition { entries["videotoy:show-position"] = .int32(Int32(clamping: position)) }
        if let length = metadata.showLength { entries["videotoy:show-length"] = .int32(Int32(clamping: length)) }
        return entries
    }

    /// The `file://` URI of `path`, escaped as GLib does, or nil when it has none.
    private static func fileURI(_ path: String) -> String? {
        guard let uri = PathBytes.withCString(path, { g_filename_to_uri($0, nil, nil) }) else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }
}
