import Testing
import VideoToyCore
import VideoToyText

/// `--help` goes through the catalogue line by line, and reads in English exactly as GLib-style help always did.
@Suite struct CommandLineHelpTextTests {
    @Test func everyHelpLineIsMarked() {
        #expect(CommandLineParser.markedHelpWords == CommandLineParser.helpWords)
    }

    @Test func englishHelpIsUnchanged() {
        #expect(CommandLineParser.helpText(program: "vt", in: .english) == CommandLineParser.help(program: "vt"))
    }

    @Test func eachLineIsWorded() {
        let text = CommandLineParser.helpText(program: "vt", in: .english)
        let worded = CommandLineParser.help(program: "vt") { "⟦\($0)⟧" }
        #expect(worded.hasPrefix("⟦Usage:⟧\n  vt [OPTION…] [PATH…]\n"))
        #expect(worded.contains("  -p, --play=FILE  ") && text.contains("  -p, --play=FILE  "))
        for line in CommandLineParser.helpWords { #expect(worded.contains("⟦\(line)⟧"), "\(line)") }
    }
}
