import Testing
import VideoToyCore

/// The manual page is the help's option table in roff, dated by `SOURCE_DATE_EPOCH` for reproducible packages.
struct ManPageTests {
    private func page(_ environment: [String: String] = [:]) throws -> String {
        let request = try CommandLineParser.parse([ManPage.option], program: "videotoy", environment: environment)
        guard case .print(let text) = request else {
            Issue.record("expected the page, got \(request)")
            return ""
        }
        return text
    }

    @Test func listsEveryOptionTheHelpLists() throws {
        let text = try page()
        #expect(text.hasPrefix(".TH VIDEOTOY 1 \"\" \"VideoToy \(AppIdentity.version)\" \"User Commands\"\n"))
        #expect(text.contains(".SH NAME\nvideotoy \\- "))
        for spec in CommandLineParser.specs {
            #expect(text.contains("\\fB\\-\\-\(spec.long.replacing("-", with: "\\-"))\\fR"), "\(spec.long)")
        }
        #expect(text.contains("\\fB\\-p\\fR, \\fB\\-\\-play\\fR=\\fIFILE\\fR\nStart with FILE selected and playing\n"))
        #expect(text.contains("\\fB\\-\\-audio\\-language\\fR=\\fILANG[,LANG...]\\fR"))
        #expect(text.contains("\\fB\\-\\-help\\-all\\fR"))
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("'") }, "no line starts as a control line by accident")
        #expect(!text.contains("…"))
    }

    @Test func isDatedBySourceDateEpoch() throws {
        #expect(try page(["SOURCE_DATE_EPOCH": "1764892800"]).hasPrefix(".TH VIDEOTOY 1 \"2025-12-05\" "))
        #expect(ManPage.date(epoch: "0") == "1970-01-01")
        #expect(ManPage.date(epoch: "951782400") == "2000-02-29")
        #expect(ManPage.date(epoch: "1709251199") == "2024-02-29")
        #expect(ManPage.date(epoch: "soon") == nil)
    }
}
