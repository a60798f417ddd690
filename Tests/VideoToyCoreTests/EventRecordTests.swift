import Foundation
import Synchronization
import Testing
import VideoToyCore

/// The `--events` JSON-lines format: exact text, key order and escaping.
struct EventRecordTests {
    /// Parses one log line with Foundation, proving it is valid JSON.
    private func parse(_ line: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func recordWithPathAndFieldsHasExactText() {
        let record = EventRecord(
            name: "probe", tMs: 1_234, path: "/v/clip 2.mp4",
            fields: [
                ("duration_ms", .int(61_000)), ("width", .int(1920)), ("codec", .string("H.264")),
                ("audio_codec", .null), ("ok", .bool(true)), ("muted", .bool(false)), ("ratio", .double(1.5)),
                ("tags", .array([.string("a"), .int(-1), .array([])])), ("extra", .object([("k", .string("v")), ("n", .null)])),
                ("empty", .object([])),
            ])
        #expect(
            record.jsonLine
                == #"{"event":"probe","t_ms":1234,"path":"/v/clip 2.mp4","duration_ms":61000,"width":1920,"codec":"H.264","audio_codec":null,"ok":true,"muted":false,"ratio":1.5,"tags":["a",-1,[]],"extra":{"k":"v","n":null},"empty":{}}"#
        )
    }

    @Test func recordWithoutPathOmitsIt() {
        #expect(
            EventRecord(name: "library", tMs: 0, fields: [("count", .int(3))]).jsonLine
                == #"{"event":"library","t_ms":0,"count":3}"#)
        #expect(EventRecord(name: "quit", tMs: 7).jsonLine == #"{"event":"quit","t_ms":7}"#)
    }

    @Test func fieldsKeepTheirOrder() {
        let forward = EventRecord(name: "e", tMs: 1, fields: [("b", .int(1)), ("a", .int(2))])
        let backward = EventRecord(name: "e", tMs: 1, fields: [("a", .int(2)), ("b", .int(1))])
        #expect(forward.jsonLine == #"{"event":"e","t_ms":1,"b":1,"a":2}"#)
        #expect(forward != backward)
        #expect(forward == EventRecord(name: "e", tMs: 1, fields: [("b", .int(1)), ("a", .int(2))]))
    }

    @Test(arguments: [
        ("say \"hi\"", #""say \"hi\"""#),
        (#"C:\dir\file"#, #""C:\\dir\\file""#),
        ("line 1\nline 2", #""line 1\nline 2""#),
        ("a\rb\tc", #""a\rb\tc""#),
        ("\u{0}\u{1}\u{8}\u{C}\u{1B}\u{1F}", #""\u0000\u0001\u0008\u000c\u001b\u001f""#),
        ("space and / slash", #""space and / slash""#),
        ("\u{7F}", "\"\u{7F}\""),
        ("café ñ 日本 🎬", "\"café ñ 日本 🎬\""),
        ("e\u{301}", "\"e\u{301}\""),
        ("", #""""#),
    ])
    func stringsAreEscaped(text: String, encoded: String) throws {
        #expect(JSONValue.string(text).encoded == encoded)
        let line = EventRecord(name: "error", tMs: 5, path: text, fields: [("message", .string(text)), (text, .int(1))]).jsonLine
        let object = try parse(line)
        #expect(object["path"] as? String == text)
        #expect(object["message"] as? String == text)
        #expect(object[text] as? Int == 1 || text == "message", "keys are escaped too")
        #expect(!line.contains("\n") && !line.contains("\r"), "one record is one line")
    }

    @Test func everyControlCharacterRoundTrips() throws {
        let text = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        let line = EventRecord(name: "e", tMs: 0, fields: [("all", .string(text))]).jsonLine
        #expect(line.unicodeScalars.allSatisfy { $0.value >= 0x20 }, "no raw control characters")
        #expect(try parse(line)["all"] as? String == text)
    }

    @Test func producedLineParsesBackWithFoundation() throws {
        let record = EventRecord(
            name: "first-frame", tMs: 42, path: "/v/\"odd\"\\name\n.mp4",
            fields: [
                ("window", .string("HDMI-1")), ("position_ms", .int(0)), ("on", .bool(true)), ("gone", .null),
                ("list", .array([.int(1), .string("two")])), ("scale", .double(0.25)),
            ])
        let object = try parse(record.jsonLine)
        #expect(object.count == 9)
        #expect(object["event"] as? String == "first-frame")
        #expect(object["t_ms"] as? Int == 42)
        #expect(object["path"] as? String == "/v/\"odd\"\\name\n.mp4")
        #expect(object["window"] as? String == "HDMI-1")
        #expect(object["position_ms"] as? Int == 0)
        #expect(object["on"] as? Bool == true)
        #expect(object["gone"] is NSNull)
        #expect((object["list"] as? [Any])?.count == 2)
        #expect(object["scale"] as? Double == 0.25)
    }

    @Test(arguments: [
        (0.0, "0.0"), (-2.5, "-2.5"), (1e21, "1e+21"), (0.1, "0.1"),
        (Double.infinity, "null"), (-Double.infinity, "null"), (Double.nan, "null"),
    ])
    func doublesAreValidJSON(value: Double, encoded: String) throws {
        #expect(JSONValue.double(value).encoded == encoded)
        let object = try parse(EventRecord(name: "e", tMs: 0, fields: [("v", .double(value))]).jsonLine)
        if value.isFinite {
            #expect(object["v"] as? Double == value)
        } else {
            #expect(object["v"] is NSNull)
        }
    }

    @Test func extremeIntegers() throws {
        #expect(JSONValue.int(Int.min).encoded == "-9223372036854775808")
        #expect(JSONValue.int(Int.max).encoded == "9223372036854775807")
    }

    @Test func jsonValuesCompareByTheirText() {
        #expect(JSONValue.object([("a", .int(1))]) == .object([("a", .int(1))]))
        #expect(JSONValue.object([("a", .int(1))]) != .object([("a", .int(2))]))
        #expect(JSONValue.string("1") != .int(1))
    }

    @MainActor
    @Test func logStampsKeepsAndWritesLines() throws {
        let lines = Mutex<[String]>([])
        let said = Mutex<[String]>([])
        var now = 10
        let log = EventLog(
            clock: {
                now += 5; return now
            }, keep: true,
            sink: { line in lines.withLock { $0.append(line) } },
            terminal: { message in said.withLock { $0.append(message) } })
        log.emit(.library, fields: [(.count, .int(2))])
        log.emit(.play, path: "/v/a.mp4", fields: [(.positionMs, .int(0))])
        log.terminal("/v/b.mp4: The file is empty (0 bytes).")
        #expect(log.records.map(\.tMs) == [15, 20])
        #expect(
            lines.withLock { $0 } == [
                #"{"event":"library","t_ms":15,"count":2}"#,
                #"{"event":"play","t_ms":20,"path":"/v/a.mp4","position_ms":0}"#,
            ])
        #expect(said.withLock { $0 } == ["/v/b.mp4: The file is empty (0 bytes)."])
    }

    @MainActor
    @Test func logWithoutSinkOrKeepRecordsNothing() {
        var ticks = 0
        let log = EventLog(
            clock: {
                ticks += 1; return ticks
            }, keep: false, sink: nil, terminal: { _ in })
        log.emit(.play, path: "/v/a.mp4")
        #expect(log.records.isEmpty)
        #expect(ticks == 0, "the clock is not even read")
    }

    @Test func linesReadBackAsTheRecordsWritten() throws {
        let record = EventRecord(
            name: "probe", tMs: 1_234, path: "/v/\u{e9}t\u{e9} \"2\"\\\n.mp4",
            fields: [
                ("duration_ms", .int(61_000)), ("codec", .string("H.264 \u{1F3A5}")), ("audio_codec", .null), ("ok", .bool(true)),
                ("ratio", .double(1.5)), ("tags", .array([.string("a"), .int(-1), .array([])])),
                ("extra", .object([("k", .string("v\u{01}")), ("n", .null)])),
            ])
        let read = try #require(EventRecord(jsonLine: record.jsonLine))
        #expect(read == record)
        #expect(read.path == record.path)
        #expect(read[.codec]?.string == "H.264 \u{1F3A5}")
        #expect(read["t_ms"]?.int == 1_234)
        #expect(read["extra"]?["k"]?.string == "v\u{01}")
        #expect(read.eventName == .probe)
    }

    @Test func readingAcceptsOtherWritersAndRefusesNonRecords() {
        let spaced = EventRecord(jsonLine: #" { "event" : "stall", "t_ms" : 5, "ms": 2.0e2, "why": "\ud83c\udfa5\/" } "#)
        #expect(spaced?.name == "stall")
        #expect(spaced?[.ms]?.int == 200)
        #expect(spaced?["why"]?.string == "\u{1F3A5}/")
        #expect(EventRecord(jsonLine: #"{"event":"ready"}"#) == nil, "no t_ms")
        #expect(EventRecord(jsonLine: #"{"event":"ready","t_ms":1"#) == nil, "cut off mid-write")
        #expect(EventRecord(jsonLine: #"{"event":"ready","t_ms":1} x"#) == nil)
        #expect(EventRecord(jsonLine: "") == nil)
    }
}
