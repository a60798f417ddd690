import Foundation
import Testing
import VideoToyCore

@testable import VideoToyMedia

/// Subtitle files in the legacy encodings people still download, written with iconv from known text and read back
/// through the backend the app uses, whose media helper runs uchardet: every one must give exactly that text.
@Suite("Legacy subtitle encodings")
struct LegacyEncodingTests {
    /// One fixture: the text, the encoding iconv writes it in, and the name of the file.
    struct Case: CustomTestStringConvertible, Sendable {
        let encoding: TextEncoding
        let text: String
        var testDescription: String { encoding.rawValue }
    }

    static let chinese = "我们今天晚上去看电影吧。你想看什么电影？我听说这部电影非常好看，很多人都推荐。那我们七点在电影院门口见面。好的，不要迟到。"
    static let traditional = "我們今天晚上去看電影吧。你想看什麼電影？我聽說這部電影非常好看，很多人都推薦。那我們七點在電影院門口見面。好的，不要遲到。"
    static let japanese = "今日はとても良い天気ですね。明日は雨が降るかもしれません。駅の前で待っています。ありがとうございました。また会いましょう。"
    static let korean = "오늘 날씨가 정말 좋네요. 내일은 비가 올지도 모릅니다. 역 앞에서 기다리고 있을게요. 감사합니다. 다음에 또 만나요."
    static let russian =
        "Сегодня очень хорошая погода. Завтра, возможно, пойдёт дождь. Я буду ждать тебя у вокзала. Спасибо большое. До встречи!"
    static let greek =
        "Σήμερα ο καιρός είναι πολύ ωραίος. Αύριο μπορεί να βρέξει. Θα σε περιμένω στον σταθμό. Ευχαριστώ πολύ. Τα λέμε σύντομα!"
    static let arabic = "الطقس جميل جدا اليوم. قد تمطر غدا. سأنتظرك أمام المحطة. شكرا جزيلا لك يا صديقي. إلى اللقاء!"
    static let hebrew = "מזג האוויר יפה מאוד היום. מחר אולי ירד גשם. אחכה לך ליד התחנה. תודה רבה. להתראות!"
    static let polish =
        "Dzisiaj jest bardzo ładna pogoda. Jutro może padać deszcz. Będę czekać na ciebie przed dworcem. Dziękuję bardzo. Do zobaczenia!"
    static let czech =
        "Dnes je opravdu krásné počasí. Zítra možná bude pršet. Budu na tebe čekat před nádražím. Děkuji mnohokrát. Na shledanou!"
    static let french = "Déjà vu à la fenêtre, 20 €. Ça coûte très cher, n'est-ce pas ? Où est la gare ? À bientôt, ma sœur."
    static let german = "Grüße aus Köln! Die Straße ist schön, und das Bier schmeckt großartig. Übermorgen fahren wir weiter."

    static let cases: [Case] = [
        Case(encoding: .gbk, text: chinese), Case(encoding: .gb18030, text: chinese), Case(encoding: .big5, text: traditional),
        Case(encoding: .shiftJIS, text: japanese), Case(encoding: .eucJP, text: japanese), Case(encoding: .eucKR, text: korean),
        Case(encoding: .windows1251, text: russian), Case(encoding: .koi8R, text: russian), Case(encoding: .isoCyrillic, text: russian),
        Case(encoding: .windows1253, text: greek), Case(encoding: .isoGreek, text: greek), Case(encoding: .windows1256, text: arabic),
        Case(encoding: .isoArabic, text: arabic), Case(encoding: .windows1255, text: hebrew), Case(encoding: .windows1250, text: polish),
        Case(encoding: .isoLatin2, text: polish), Case(encoding: .windows1250, text: czech), Case(encoding: .windows1252, text: french),
        Case(encoding: .isoLatin1, text: german),
    ]

    /// Six cues of the text's sentences, in SubRip, as UTF-8.
    static func subRip(_ text: String) -> String {
        let sentences = text.split(whereSeparator: { "。？.!?".contains($0) }).map { $0.trimmingCharacters(in: .whitespaces) }
        return sentences.enumerated().map { index, sentence in
            "\(index + 1)\n00:00:0\(index),000 --> 00:00:0\(index),900\n\(sentence)\n"
        }.joined(separator: "\n")
    }

    /// `text` in `encoding`, as iconv (glibc's, as the app's converter) writes it.
    static func iconv(_ text: String, to encoding: TextEncoding) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/iconv")
        process.arguments = ["-f", "UTF-8", "-t", encoding.rawValue]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "iconv cannot write \(encoding.rawValue)")
        return Array(data)
    }

    /// The helpers every case shares, as the app's workers share theirs.
    static let helpers: HelperBackend? =
        FileManager.default.isExecutableFile(atPath: MediaHelperTests.app) ? HelperBackend(executable: MediaHelperTests.app) : nil

    /// Writes `bytes` as `film.srt` beside `film.mkv` in a fresh folder and reads it with `backend` (the shared
    /// helpers by default), as the app does.
    static func read(
        _ bytes: [UInt8], reading: SubtitleReading = SubtitleReading(), backend: HelperBackend? = nil
    ) throws -> (SidecarSubtitles, TrackID) {
        let backend = try #require(backend ?? helpers, "build the app first: \(MediaHelperTests.app)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("legacy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(bytes).write(to: folder.appendingPathComponent("film.srt"))
        let sidecars = backend.sidecars(path: folder.appendingPathComponent("film.mkv").path, reading: reading)
        return (sidecars, .sidecar("film.srt"))
    }

    static func texts(_ sidecars: SidecarSubtitles, _ id: TrackID) -> [String] {
        guard let timeline = sidecars.timelines[id] else { return [] }
        return (0..<8).flatMap { timeline.cues(atMs: $0 * 1000 + 500).map(\.text) }
    }

    @Test("each encoding's file reads back exactly, its encoding detected", arguments: cases)
    func readsBack(_ fixture: Case) throws {
        let source = Self.subRip(fixture.text)
        let bytes = try Self.iconv(source, to: fixture.encoding)
        #expect(bytes != Array(source.utf8), "the fixture must not be UTF-8")
        let (sidecars, id) = try Self.read(bytes)
        let expected = Self.subRip(fixture.text).split(separator: "\n").filter { !$0.contains("-->") && Int($0) == nil }.map(String.init)
        #expect(Self.texts(sidecars, id) == expected, "\(fixture.encoding.rawValue) read as \(Self.texts(sidecars, id))")
        #expect(sidecars.encodings[id]?.reason == .detected, "\(String(describing: sidecars.encodings[id]))")
    }

    @Test("a forced encoding wins over detection, and the right one forced reads exactly")
    func forced() throws {
        let bytes = try Self.iconv(Self.subRip(Self.russian), to: .windows1251)
        let (wrong, id) = try Self.read(bytes, reading: SubtitleReading(forced: .koi8R))
        #expect(wrong.encodings[id] == EncodingDecision(.koi8R, .forced))
        #expect(!Self.texts(wrong, id).joined().contains("Сегодня"))
        let (right, _) = try Self.read(bytes, reading: SubtitleReading(forced: .windows1251))
        #expect(Self.texts(right, id).first == "Сегодня очень хорошая погода")
    }

    /// uchardet cannot tell ISO-8859-15 from Latin-1 (they differ in eight letters and signs): "€" reads as "¤"
    /// until the user picks the encoding.
    @Test("ISO-8859-15 forced reads exactly")
    func latin9() throws {
        let bytes = try Self.iconv(Self.subRip(Self.french), to: .isoLatin9)
        let (sidecars, id) = try Self.read(bytes, reading: SubtitleReading(forced: .isoLatin9))
        #expect(Self.texts(sidecars, id).first == "Déjà vu à la fenêtre, 20 €")
    }

    @Test("invalid bytes in the forced encoding read as U+FFFD and the rest goes on")
    func invalidBytes() {
        let text = LegacyTextDecoder().convert([0x41, 0x81, 0x42][...], from: .shiftJIS)
        #expect(text.hasPrefix("A"))
        #expect(text.contains("\u{FFFD}") || text.count == 2, "\(text.unicodeScalars.map(\.value))")
    }

    @Test("a file in UTF-8 never reaches the detector")
    func utf8() throws {
        let (sidecars, id) = try Self.read(Array(Self.subRip(Self.chinese).utf8))
        #expect(sidecars.encodings[id] == EncodingDecision(.utf8, .unicode))
        #expect(Self.texts(sidecars, id).first == "我们今天晚上去看电影吧")
    }
}
