import Testing
import VideoToyCore

@testable import VideoToyDesktop

/// What a client's method calls and property writes do to the player, what they announce, and which calls are refused
/// before they are read; without a bus.
@MainActor
@Suite("MPRIS commands")
struct MPRISCommandsTests {
    @Test("Each method carries out its command only when the player can, and announces everything after")
    func methods() {
        let all = RecordingAnnouncer.Call.invalidate(MPRISChange.all.rawValue)
        let rows: [(interface: String, method: String, arguments: [DBusValue], commands: [String], failure: String?)] = [
            (MPRISInterface.player, "Play", [], ["play"], nil),
            // The recording player cannot pause, seek or move on.
            (MPRISInterface.player, "Pause", [], [], nil),
            (MPRISInterface.player, "PlayPause", [], ["playPause"], nil),
            (MPRISInterface.player, "Stop", [], ["stop"], nil),
            (MPRISInterface.player, "Next", [], [], nil),
            (MPRISInterface.player, "Previous", [], [], nil),
            (MPRISInterface.player, "Seek", [.int64(5_000_000)], [], nil),
            (MPRISInterface.player, "SetPosition", [.objectPath("/x"), .int64(0)], [], nil),
            (MPRISInterface.root, "Raise", [], ["raise"], nil),
            (MPRISInterface.player, "Raise", [], [], "org.freedesktop.DBus.Error.UnknownMethod"),
            (MPRISInterface.player, "Rewind", [], [], "org.freedesktop.DBus.Error.UnknownMethod"),
            (MPRISInterface.player, "OpenUri", [.string("http://example.com/a.mp4")], [], "org.freedesktop.DBus.Error.NotSupported"),
        ]
        for row in rows {
            let target = RecordingPlayerTarget()
            let announcer = RecordingAnnouncer()
            let failure = MPRISCommands(target: target, announcer: announcer).call(row.interface, row.method, row.arguments)
            #expect(failure?.name == row.failure, "\(row)")
            #expect(target.commands == row.commands, "\(row)")
            #expect(announcer.calls == (row.failure == nil ? [all] : []), "\(row)")
        }
    }

    @Test("OpenUri opens the file a file:// URI names")
    func openUri() {
        let target = RecordingPlayerTarget()
        let announcer = RecordingAnnouncer()
        let commands = MPRISCommands(target: target, announcer: announcer)
        #expect(commands.call(MPRISInterface.player, "OpenUri", [.string("file:///films/a%20b.mp4")]) == nil)
        #expect(target.opened == ["/films/a b.mp4"])
        #expect(announcer.calls == [.invalidate(MPRISChange.all.rawValue)])
    }

    @Test("Volume is held within 0 and 1, a rate of 0 pauses, the play order and fullscreen are set, and the rest is read-only")
    func writes() {
        let readOnly = "org.freedesktop.DBus.Error.PropertyReadOnly", invalid = "org.freedesktop.DBus.Error.InvalidArgs"
        let rows: [(interface: String, name: String, value: DBusValue, failure: String?, volume: Double, commands: [String])] = [
            (MPRISInterface.player, "Volume", .double(0.25), nil, 0.25, []),
            (MPRISInterface.player, "Volume", .double(2), nil, 1, []),
            (MPRISInterface.player, "Volume", .double(-1), nil, 0, []),
            (MPRISInterface.player, "Rate", .double(0), nil, 1, ["pause"]),
            (MPRISInterface.player, "Rate", .double(1), nil, 1, []),
            (MPRISInterface.player, "LoopStatus", .string("Track"), nil, 1, ["onEnd loop"]),
            (MPRISInterface.player, "LoopStatus", .string("Playlist"), nil, 1, ["onEnd next"]),
            (MPRISInterface.player, "LoopStatus", .string("None"), nil, 1, ["onEnd stop"]),
            (MPRISInterface.player, "LoopStatus", .string("Sometimes"), invalid, 1, []),
            (MPRISInterface.player, "Shuffle", .bool(true), nil, 1, ["shuffle true"]),
            (MPRISInterface.root, "Fullscreen", .bool(true), nil, 1, ["fullscreen true"]),
            (MPRISInterface.player, "Fullscreen", .bool(true), readOnly, 1, []),
            (MPRISInterface.root, "CanSetFullscreen", .bool(false), readOnly, 1, []),
            (MPRISInterface.player, "CanPlay", .bool(false), readOnly, 1, []),
            (MPRISInterface.root, "Volume", .double(0.5), readOnly, 1, []),
        ]
        for row in rows {
            let target = RecordingPlayerTarget()
            let announcer = RecordingAnnouncer()
            let failure = MPRISCommands(target: target, announcer: announcer).set(row.interface, row.name, row.value)
            #expect(failure?.name == row.failure, "\(row)")
            #expect(target.volume == row.volume, "\(row)")
            #expect(target.commands == row.commands, "\(row)")
        }
    }

    @Test("The groups of changes name the announced properties, all of them for every group")
    func changedNames() {
        #expect(MPRISProperties.names([]) == [])
        #expect(MPRISProperties.names(.volume) == ["Volume"])
        #expect(MPRISProperties.names([.metadata, .playbackStatus]) == ["PlaybackStatus", "Metadata"])
        #expect(MPRISProperties.names(.all) == MPRISProperties.announced)
    }

    @Test("Root properties are constant and need no player; player properties need one")
    func properties() {
        #expect(MPRISProperties.value(MPRISInterface.root, "Identity", of: nil) == .string("VideoToy"))
        #expect(MPRISProperties.value(MPRISInterface.root, "CanQuit", of: nil) == .bool(true))
        #expect(MPRISProperties.value(MPRISInterface.root, "HasTrackList", of: nil) == .bool(false))
        #expect(MPRISProperties.value(MPRISInterface.root, "Volume", of: nil) == nil)
        #expect(MPRISProperties.value(MPRISInterface.player, "Volume", of: nil) == nil)
        let target = RecordingPlayerTarget()
        target.volume = 0.5
        #expect(MPRISProperties.value(MPRISInterface.player, "Volume", of: target) == .double(0.5))
        #expect(MPRISProperties.value(MPRISInterface.player, "PlaybackStatus", of: target) == .string("Stopped"))
        #expect(
            MPRISProperties.value(MPRISInterface.player, "Metadata", of: target)
                == .dictionary(["mpris:trackid": .objectPath(MPRISMetadata.noTrack)]))
        #expect(MPRISProperties.value(MPRISInterface.player, "Identity", of: target) == nil)
    }

    @Test("A call is refused before it is read only when its arguments pass the bound")
    func argumentBound() {
        for size in [0, 1, 4096, MPRISServer.largestArguments] {
            #expect(MPRISCallbacks.refusal(argumentsOfSize: size) == nil, "\(size) bytes")
        }
        for size in [MPRISServer.largestArguments + 1, 1 << 20] {
            let refusal = MPRISCallbacks.refusal(argumentsOfSize: size)
            #expect(refusal?.name == "org.freedesktop.DBus.Error.InvalidArgs", "\(size) bytes")
            #expect(refusal?.message.contains("\(size) bytes") == true)
        }
    }
}
