import VideoToyCore
import VideoToyGObject

/// What a client asks the player to do: the methods of both interfaces and the writable properties, carried out on
/// the player and announced to clients.
@MainActor
struct MPRISCommands {
    /// A method's failure as a D-Bus error name and message.
    struct Failure: Error, Sendable {
        /// The D-Bus error name.
        let name: String
        /// What the client is told.
        let message: String

        /// The error for a property that cannot be written.
        static let readOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
        /// The error for a value the property cannot take.
        static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    }

    /// The player the commands go to.
    let target: MPRISPlayerTarget
    /// Where the changes a command makes are announced (the server).
    let announcer: MPRISAnnouncer

    /// Carries out `method` of `interface` with `arguments`; the failure to answer with, nil for success.
    func call(_ interface: String, _ method: String, _ arguments: [DBusValue]) -> Failure? {
        switch (interface, method) {
        case (MPRISInterface.root, "Raise"): target.raise()
        case (MPRISInterface.root, "Quit"):
            // After the reply is queued: quitting stops the server, whose flush then delivers the reply.
            MainLoop.after(milliseconds: 0) { [weak target] in target?.quit() }
        case (_, "Play"): if target.canPlay { target.play() }
        case (_, "Pause"): if target.canPause { target.pause() }
        case (_, "PlayPause"): target.playPause()
        case (_, "Stop"): target.stop()
        case (_, "Next"): if target.canGoNext { target.next() }
        case (_, "Previous"): if target.canGoPrevious { target.previous() }
        case (_, "Seek"):
            seek(by: arguments.first?.int64 ?? 0)
        case (_, "SetPosition"):
            let track = arguments.first?.string
            let position = arguments.dropFirst().first?.int64 ?? -1
            // The spec: a stale track id or a position outside the track is ignored.
            guard target.canSeek, track == target.metadata?.trackID,
                case .seek(let ms) = MPRISPosition.setPosition(microseconds: position, durationMs: target.metadata?.durationMs)
            else { break }
            // The bridge hears the seek from the app, as it hears the window's, and announces `Seeked` once.
            target.seek(toMs: ms)
        case (_, "OpenUri"):
            let uri = arguments.first?.string ?? ""
            guard uri.lowercased().hasPrefix("file:") else {
                return Failure(name: "org.freedesktop.DBus.Error.NotSupported", message: "only file:// URIs can be opened")
            }
            guard target.open(path: PathArgument.path(fromArgument: uri)) else {
                return Failure(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "cannot open \(uri)")
            }
        default:
            return Failure(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no method \(method)")
        }
        // Commands change state right away in the policy; clients hear it without waiting for the next poll.
        announcer.invalidate(.all)
        return nil
    }

    /// Sets the property `name` of `interface` to `value`; why it cannot be set, nil when it was.
    func set(_ interface: String, _ name: String, _ value: DBusValue) -> Failure? {
        switch (interface, name, value) {
        case (MPRISInterface.player, "Volume", .double(let volume)):
            // The spec says a negative volume means 0; VideoToy's players top out at 1.
            target.volume = min(1, max(0, volume))
            announcer.invalidate(.volume)
        case (MPRISInterface.player, "Rate", .double(let rate)):
            // Only 1.0 is supported (Minimum = Maximum = 1); the spec defines 0 as a pause.
            if rate == 0 { target.pause(); announcer.invalidate(.all) }
        case (MPRISInterface.player, "LoopStatus", .string(let text)):
            guard let status = MPRISLoopStatus(rawValue: text) else {
                return Failure(name: Failure.invalidArgs, message: "LoopStatus is None, Track or Playlist, not \(text)")
            }
            target.onEnd = status.onEnd
            // Playlist makes the last video lead to the first: CanGoNext may change with it.
            announcer.invalidate([.playOrder, .capabilities])
        case (MPRISInterface.player, "Shuffle", .bool(let on)):
            target.shuffle = on
            announcer.invalidate([.playOrder, .capabilities])
        case (MPRISInterface.root, "Fullscreen", .bool(let on)):
            target.fullscreen = on
            announcer.invalidate(.fullscreen)
        default:
            return Failure(name: Failure.readOnly, message: "\(name) is read-only")
        }
        return nil
    }

    /// `Seek`: moves by `offsetUs` within the video, or on to the next one past its end.
    private func seek(by offsetUs: Int64) {
        guard target.canSeek else { return }
        switch MPRISPosition.seek(
            fromMs: target.positionMs, byMicroseconds: offsetUs, durationMs: target.metadata?.durationMs, canGoNext: target.canGoNext)
        {
        case .seek(let ms):
            target.seek(toMs: ms)
        case .next:
            // The spec: seeking past the end acts like Next.
            target.next()
        case .ignore:
            break
        }
    }
}
