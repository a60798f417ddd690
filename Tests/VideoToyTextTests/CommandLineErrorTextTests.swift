import Testing
import VideoToyCore
import VideoToyText

/// Each command-line mistake reads, in English, as the sentence the terminal always showed.
@Suite struct CommandLineErrorTextTests {
    static let sentences: [(CommandLineError, String)] = [
        (
            .argumentTooLong(bytes: 8194, limit: 8192),
            "An argument of 8194 bytes is longer than any path or option (at most 8192)"
        ),
        (.unknownOption("--bogus"), "Unknown option --bogus"),
        (.unknownOption("-pfile.mp4"), "Unknown option -pfile.mp4"),
        (.missingArgument(option: "--play"), "Missing argument for --play"),
        (.missingArgument(option: "--gst-debug-level"), "Missing argument for --gst-debug-level"),
        (.unexpectedValue(option: "--demo"), "Option --demo takes no value"),
        (.invalidValue(.onEnd, value: "pause"), "Invalid --on-end value “pause”: use stop, next or loop"),
        (.invalidValue(.onEnd, value: ""), "Invalid --on-end value “”: use stop, next or loop"),
        (.invalidValue(.audioOutput, value: ""), "Invalid --audio-output value “”: use follow, default or an output's name"),
        (
            .invalidValue(.audioLanguage, value: "french"),
            "Invalid --audio-language value “french”: use language codes such as en or fre, separated by commas"
        ),
        (
            .invalidValue(.subtitles, value: "yes please"),
            "Invalid --subtitles value “yes please”: use auto, off or language codes such as en,fr"
        ),
        (.invalidValue(.controls, value: "some"), "Invalid --controls value “some”: use none, embedded or full"),
        (.invalidValue(.scaling, value: "zoom"), "Invalid --scaling value “zoom”: use fit, fill, stretch or none"),
        (.invalidValue(.renderer, value: "vulkan"), "Invalid --renderer value “vulkan”: use auto, gl or cairo"),
        (.invalidValue(.reconnectGrace, value: "-1"), "Invalid --reconnect-grace value “-1”: use seconds from 0 to 3600"),
        (.invalidValue(.reconnectGrace, value: "100%s"), "Invalid --reconnect-grace value “100%s”: use seconds from 0 to 3600"),
    ]

    @Test(arguments: sentences)
    func englishIsTodaysSentence(mistake: CommandLineError, sentence: String) {
        #expect(mistake.text(in: .english) == sentence)
    }

    @Test func everyCheckedOptionHasASentence() {
        let covered = Set(
            Self.sentences.compactMap { mistake, _ -> CommandLineError.InvalidValue? in
                if case .invalidValue(let option, _) = mistake { return option }
                return nil
            })
        #expect(covered == Set(CommandLineError.InvalidValue.allCases))
    }

    @Test func parsedMistakesReadAsBefore() {
        do throws(CommandLineError) {
            _ = try CommandLineParser.parse(["--scaling", "zoom"])
            Issue.record("--scaling zoom was accepted")
        } catch {
            #expect(error.text(in: .english) == "Invalid --scaling value “zoom”: use fit, fill, stretch or none")
        }
    }
}
