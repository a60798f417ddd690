import Testing
import VideoToyCore

/// Commands from the remote page: what parses, and what is refused without a trap.
@Suite("Remote commands")
struct RemoteCommandTests {
    static let accepted: [(String, RemoteCommand)] = [
        (#"{"command":"toggle-play"}"#, .togglePlay),
        (#"{"command":"next"}"#, .next),
        (#"{"command":"previous"}"#, .previous),
        (#"{"command":"toggle-mute"}"#, .toggleMute),
        (#"{"command":"seek","ms":61000}"#, .seek(61_000)),
        (#"{"command":"seek-by","ms":-5000}"#, .seekBy(-5_000)),
        (#"{"command":"volume","value":0.25}"#, .volume(0.25)),
        (#"{"command":"volume","value":1}"#, .volume(1)),
        (#"{"command":"cover","cover":"black"}"#, .cover(.black)),
        (#"{"command":"cover","cover":"none"}"#, .cover(.none)),
        (#"{"command":"play","id":12}"#, .play(ItemID(12))),
        (#" { "id" : 3 , "command" : "play" } "#, .play(ItemID(3))),
        (#"{"command":"screen","connector":"HDMI-1"}"#, .chooseScreen("HDMI-1")),
        (#"{"command":"screen","connector":"upnp:uuid:tv-1"}"#, .chooseScreen("upnp:uuid:tv-1")),
    ]

    static let refused: [(String, RemoteRefusal)] = [
        ("", .notJSON),
        ("[]", .notJSON),
        (#""play""#, .notJSON),
        (#"{"command":"play","id":12"#, .notJSON),
        (#"{}"#, .unknownCommand),
        (#"{"command":3}"#, .unknownCommand),
        (#"{"command":"rm -rf"}"#, .unknownCommand),
        (#"{"command":"play","id":"/home/user/film.mkv"}"#, .badArgument("id")),
        (#"{"command":"play","path":"/etc/passwd"}"#, .badArgument("id")),
        (#"{"command":"play","id":-1}"#, .badArgument("id")),
        (#"{"command":"play","id":1.5}"#, .badArgument("id")),
        (#"{"command":"play","id":99999999999999999999}"#, .badArgument("id")),
        (#"{"command":"seek","ms":-1}"#, .badArgument("ms")),
        (#"{"command":"seek","ms":86400001}"#, .badArgument("ms")),
        (#"{"command":"seek-by","ms":-9223372036854775808}"#, .badArgument("ms")),
        (#"{"command":"seek","ms":"10"}"#, .badArgument("ms")),
        (#"{"command":"volume","value":1.5}"#, .badArgument("value")),
        (#"{"command":"volume","value":-0.1}"#, .badArgument("value")),
        (#"{"command":"cover","cover":"red"}"#, .badArgument("cover")),
        (#"{"command":"screen","connector":""}"#, .badArgument("connector")),
        (#"{"command":"screen","connector":"HDMI\u0000"}"#, .badArgument("connector")),
    ]

    @Test("Commands the page sends", arguments: accepted.indices)
    func accepts(index: Int) throws {
        let (body, expected) = Self.accepted[index]
        #expect(try RemoteCommand(parsing: Array(body.utf8)) == expected)
    }

    @Test("Bodies that are refused, and why", arguments: refused.indices)
    func refuses(index: Int) {
        let (body, expected) = Self.refused[index]
        #expect(throws: expected) { try RemoteCommand(parsing: Array(body.utf8)) }
    }

    @Test("A body larger than a command, or not UTF-8, is refused unread")
    func bounds() {
        let padding = String(repeating: " ", count: RemoteCommand.maximumBytes)
        #expect(throws: RemoteRefusal.tooLarge) { try RemoteCommand(parsing: Array((#"{"command":"next"}"# + padding).utf8)) }
        #expect(throws: RemoteRefusal.notJSON) { try RemoteCommand(parsing: [0x7B, 0xFF, 0x7D]) }
        let nested = String(repeating: "[", count: 500)
        #expect(throws: RemoteRefusal.notJSON) { try RemoteCommand(parsing: Array(nested.utf8)) }
    }

    /// Path, query, expected route.
    static let routes: [(String, String, [String: String], RemoteRoute?)] = [
        ("GET", "/", [:], .page),
        ("GET", "/pair", ["t": "x"], .pair),
        ("GET", "/app.js", [:], .asset("app.js")),
        ("GET", "/../../etc/passwd", [:], nil),
        ("GET", "/app.js/../secret", [:], nil),
        ("GET", "/api/poster/42", [:], .poster(ItemID(42))),
        ("GET", "/api/poster/-1", [:], nil),
        ("GET", "/api/poster/%2Fetc", [:], nil),
        ("GET", "/api/poster/99999999999", [:], nil),
        ("GET", "/api/library", ["q": "talk", "offset": "50"], .library(query: "talk", offset: 50)),
        ("GET", "/api/library", ["offset": "-3"], nil),
        ("POST", "/api/command", [:], .command),
        ("GET", "/api/command", [:], nil),
        ("PUT", "/", [:], nil),
        ("GET", "/ws", [:], .socket),
        ("GET", "/home/user/film.mkv", [:], nil),
    ]

    @Test("Routes: the page's own files, posters by item, and nothing by path", arguments: routes.indices)
    func route(index: Int) {
        let (method, path, query, expected) = Self.routes[index]
        #expect(RemoteRoute(method: method, path: path, query: query) == expected)
    }
}
