/// One subtitle cue a generated fixture holds: `text` shows from `startMs` until just before `endMs`.
public struct FixtureCue: Hashable, Sendable {
    /// When the cue appears, in milliseconds from the start of the clip.
    public let startMs: Int
    /// When it goes, in milliseconds; the next cue may start at this very moment.
    public let endMs: Int
    /// The text as it must be shown: plain, without the format's tags or override blocks.
    public let text: String

    /// Describes a cue.
    public init(startMs: Int, endMs: Int, text: String) {
        self.startMs = startMs
        self.endMs = endMs
        self.text = text
    }

    /// Whether the cue shows at `ms` milliseconds into the clip.
    public func covers(ms: Int) -> Bool { startMs <= ms && ms < endMs }

    /// The cue as a SubRip block numbered `number`, lines ending with `newline`.
    func subRip(number: Int, newline: String = "\n") -> String {
        [String(number), "\(Self.clock(startMs, ",")) --> \(Self.clock(endMs, ","))", text, ""].joined(separator: newline) + newline
    }

    /// The cue as a WebVTT block.
    var webVTT: String { "\(Self.clock(startMs, ".")) --> \(Self.clock(endMs, "."))\n\(text)\n\n" }

    /// The cue as an ASS `Dialogue` line in the `Default` style, `line` standing for its text (tags allowed).
    func assDialogue(line: String) -> String {
        "Dialogue: 0,\(Self.assClock(startMs)),\(Self.assClock(endMs)),Default,,0,0,0,,\(line)\n"
    }

    /// "HH:MM:SS,mmm" (SubRip) or "HH:MM:SS.mmm" (WebVTT).
    private static func clock(_ ms: Int, _ separator: String) -> String {
        let (hours, minutes, seconds) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60)
        return two(hours) + ":" + two(minutes) + ":" + two(seconds) + separator + String(String(ms % 1000 + 1000).dropFirst())
    }

    /// "H:MM:SS.cc": ASS counts centiseconds.
    private static func assClock(_ ms: Int) -> String {
        "\(ms / 3_600_000):" + two(ms / 60_000 % 60) + ":" + two(ms / 1000 % 60) + "." + two(ms / 10 % 100)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
