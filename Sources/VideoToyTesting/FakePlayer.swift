import VideoToyCore

/// A media player that only records what it is told and emits the messages a test scripts.
@MainActor
public final class FakePlayer: MediaPlayer {
    /// One call the controller made on the player, in order.
    public enum Command: Hashable, Sendable {
        /// `play()` was called.
        case play
        /// `pause()` was called.
        case pause
        /// `seek(toMs:)` was called with this position.
        case seek(Int)
        /// `volume` was set to this value.
        case volume(Double)
        /// `muted` was set to this value.
        case muted(Bool)
        /// `selectAudio(index:)` was called.
        case selectAudio(Int)
        /// `selectSubtitles(index:)` was called.
        case selectSubtitles(Int)
        /// `close()` was called.
        case close
    }

    /// The file the player was made for.
    public let path: String
    /// Where the player's pictures would go.
    public let output: VideoOutput
    /// Every call made on the player, oldest first.
    public private(set) var commands: [Command] = []
    /// The position reported to the controller; `seek` and position-carrying messages update it.
    public var positionMs: Int?
    /// The duration reported to the controller; a `.duration` message updates it.
    public var durationMs: Int?
    /// The volume last set, from 0 to 1.
    public var volume: Double = 1 { didSet { commands.append(.volume(volume)) } }
    /// Whether sound is muted.
    public var muted = false { didSet { commands.append(.muted(muted)) } }
    private let onMessage: @MainActor (PlayerMessage) -> Void

    /// Creates a paused player that delivers emitted messages to `onMessage`.
    public init(
        path: String, output: VideoOutput, durationMs: Int? = nil,
        onMessage: @escaping @MainActor (PlayerMessage) -> Void
    ) {
        self.path = path
        self.output = output
        self.durationMs = durationMs
        self.onMessage = onMessage
    }

    /// True after an emitted `.endOfStream`, until the next `play()`.
    public private(set) var reachedEnd = false

    /// Records a play request.
    public func play() {
        commands.append(.play)
        reachedEnd = false
    }

    /// Records a pause request.
    public func pause() { commands.append(.pause) }

    /// Records a seek and moves the reported position there.
    public func seek(toMs ms: Int) {
        commands.append(.seek(ms))
        positionMs = ms
    }

    /// The last picture bound the controller asked for.
    public private(set) var pictureLimit: (width: Int, height: Int)?

    /// Records the picture bound.
    public func limitPictureSize(width: Int, height: Int) { pictureLimit = (width, height) }

    /// Records the soundtrack asked for.
    public func selectAudio(index: Int) { commands.append(.selectAudio(index)) }

    /// The embedded subtitle track decoded; playbin starts with the first.
    public private(set) var subtitleIndex = 0

    /// Records the embedded subtitle track asked for; true when it is another than before.
    @discardableResult
    public func selectSubtitles(index: Int) -> Bool {
        commands.append(.selectSubtitles(index))
        defer { subtitleIndex = index }
        return index != subtitleIndex
    }

    /// Records that the player was released.
    public func close() { commands.append(.close) }

    /// True once `close()` has been called.
    public var isClosed: Bool { commands.contains(.close) }

    /// True when the latest play, pause or close call was a play and the stream has not ended since.
    public var isPlaying: Bool {
        !reachedEnd && commands.last(where: { $0 == .play || $0 == .pause || $0 == .close }) == .play
    }

    /// The play, pause, seek and close calls only, without volume and mute changes.
    public var transport: [Command] {
        commands.filter {
            switch $0 {
            case .volume, .muted, .selectAudio, .selectSubtitles: return false
            default: return true
            }
        }
    }

    /// Sends `message` to the controller as the real player would on the main thread, updating position and duration first.
    public func emit(_ message: PlayerMessage) {
        switch message {
        case .playing(let position), .paused(let position), .prerolled(let position): positionMs = position
        case .duration(let ms): durationMs = ms
        case .endOfStream:
            positionMs = durationMs ?? positionMs
            reachedEnd = true
        case .firstFrame, .error, .tracks, .cue: break
        }
        onMessage(message)
    }
}
