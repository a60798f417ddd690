/// What the remote page shows of the app, as the JSON its script reads: the current video, the screens, the
/// presenter's state and the show's next video. Made from the snapshot and the current position, nothing else.
public enum RemoteStatus {
    /// The status for `snapshot`, with the current video at `positionMs` and its sound as given.
    public static func json(_ snapshot: AppSnapshot, positionMs: Int?, volume: Double?, muted: Bool?) -> JSONValue {
        var current: JSONValue = .null
        if let video = snapshot.current {
            let state: String
            switch video.playback {
            case .playing?: state = "playing"
            case .paused?: state = "paused"
            case .finished?: state = "finished"
            case .failed?: state = "failed"
            case nil: state = "stopped"
            }
            current = .object([
                ("id", .int(video.id.rawValue)), ("title", .string(video.title)), ("state", .string(state)),
                ("position_ms", positionMs.map(JSONValue.int) ?? .null), ("duration_ms", video.durationMs.map(JSONValue.int) ?? .null),
                ("volume", volume.map(JSONValue.double) ?? .null), ("muted", muted.map(JSONValue.bool) ?? .null),
                ("screen", video.screen.map(JSONValue.string) ?? .null),
            ])
        }
        let screens: [JSONValue] = snapshot.screens.external.map { screen in
            .object([
                ("connector", .string(screen.id.connector)), ("name", .string(screen.name.isEmpty ? screen.id.description : screen.name)),
                ("kind", .string(screen.kind == .network ? "network" : "monitor")),
                ("chosen", .bool(snapshot.screens.chosen == screen.id)),
            ])
        }
        let presenter = snapshot.presenter
        var upNext: JSONValue = .null
        if let next = presenter.upNext {
            upNext = .object([("title", .string(next.entry.title)), ("id", next.id.map { .int($0.rawValue) } ?? .null)])
        }
        return .object([
            ("current", current), ("screens", .array(screens)),
            ("presenter", .object([("state", .string(presenter.state.rawValue)), ("presenting", .bool(presenter.presenting))])),
            (
                "show",
                .object([("running", .bool(presenter.show.running)), ("length", .int(presenter.show.entries.count)), ("up_next", upNext)])
            ),
        ])
    }
}
