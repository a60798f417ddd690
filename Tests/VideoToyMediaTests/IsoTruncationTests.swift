import Testing

@testable import VideoToyMedia

/// One layout of top-level boxes, the file size, and what the truncation check must find.
struct IsoLayout: Sendable, CustomTestStringConvertible {
    enum Expect: Sendable {
        case whole
        case incomplete(says: String)
        case damaged(says: String)
    }
    let name: String
    let boxes: [IsoBox]
    let size: Int
    let expect: Expect
    var testDescription: String { name }
}

@Suite("ISO-BMFF truncation")
struct IsoTruncationTests {
    static let ftyp = IsoBox(type: "ftyp", offset: 0, length: 32)
    static let moovFirst = IsoBox(type: "moov", offset: 32, length: 968)
    /// 1000 bytes of media data after a fast-start index.
    static let mdat = IsoBox(type: "mdat", offset: 1000, length: 1008)

    static let layouts: [IsoLayout] = [
        IsoLayout(name: "whole, index first", boxes: [ftyp, moovFirst, mdat], size: 2008, expect: .whole),
        IsoLayout(
            name: "whole, index last",
            boxes: [
                ftyp, IsoBox(type: "mdat", offset: 32, length: 1000),
                IsoBox(type: "moov", offset: 1032, length: 500),
            ], size: 1532, expect: .whole),
        IsoLayout(
            name: "no index at all", boxes: [ftyp, IsoBox(type: "mdat", offset: 32, length: 1000)], size: 1032,
            expect: .incomplete(says: "the 'moov' index is missing")),
        IsoLayout(
            name: "cut in the data before the index", boxes: [ftyp, IsoBox(type: "mdat", offset: 32, length: 10_000)], size: 5000,
            expect: .incomplete(says: "the 'mdat' box needs 10032 bytes but the file ends at 5000; the 'moov' index is missing")),
        IsoLayout(
            name: "cut in the index", boxes: [ftyp, IsoBox(type: "moov", offset: 32, length: 2000)], size: 1000,
            expect: .incomplete(says: "the 'moov' index is cut short: it needs 2032 bytes but the file ends at 1000")),
        IsoLayout(
            name: "cut halfway through the data", boxes: [ftyp, moovFirst, mdat], size: 1508,
            expect: .damaged(says: "cut short at 50 % of its media data (the file ends at byte 1508 of 2008)")),
        IsoLayout(
            name: "one byte short, rounded down", boxes: [ftyp, moovFirst, mdat], size: 2007,
            expect: .damaged(says: "cut short at 99 % of its media data")),
        IsoLayout(
            name: "cut right after the data's header", boxes: [ftyp, moovFirst, mdat], size: 1008,
            expect: .incomplete(says: "none of the media data is there")),
        IsoLayout(
            name: "cut in a 64-bit data box", boxes: [ftyp, moovFirst, IsoBox(type: "mdat", offset: 1000, headerLength: 16, length: 1016)],
            size: 1266, expect: .damaged(says: "cut short at 25 % of its media data")),
        IsoLayout(
            name: "cut in a trailing box after whole data",
            boxes: [ftyp, moovFirst, mdat, IsoBox(type: "free", offset: 2008, length: 100)],
            size: 2050,
            expect: .damaged(says: "cut short in a trailing 'free' box after the media data (the file ends at byte 2050 of 2108)")),
        IsoLayout(
            name: "cut in a box after the index, before any data",
            boxes: [ftyp, moovFirst, IsoBox(type: "free", offset: 1000, length: 100)],
            size: 1050, expect: .incomplete(says: "none of the media data is there")),
        IsoLayout(
            name: "fragmented, cut in the second fragment's data",
            boxes: [
                ftyp, moovFirst, IsoBox(type: "moof", offset: 1000, length: 100), IsoBox(type: "mdat", offset: 1100, length: 1008),
                IsoBox(type: "moof", offset: 2108, length: 100), IsoBox(type: "mdat", offset: 2208, length: 1008),
            ],
            size: 2716, expect: .damaged(says: "cut short at 75 % of its media data")),
        IsoLayout(
            name: "a box whose size cannot hold its header", boxes: [ftyp, moovFirst, IsoBox(type: "junk", offset: 1000, length: 3)],
            size: 2000, expect: .incomplete(says: "box 'junk' at byte 1000 has an invalid size")),
    ]

    @Test("Each layout of top-level boxes is whole, damaged or incomplete", arguments: layouts)
    func finding(_ layout: IsoLayout) {
        let finding = IsoTruncation.finding(boxes: layout.boxes, size: layout.size)
        switch (layout.expect, finding) {
        case (.whole, nil):
            break
        case (.incomplete(let says), .incomplete(let detail)?), (.damaged(let says), .damaged(let detail)?):
            #expect(detail.contains(says), "\(detail)")
        default:
            Issue.record("expected \(layout.expect), got \(String(describing: finding))")
        }
    }

    @Test("Box headers: 32-bit, 64-bit, to the end of the file, and too small")
    func headers() {
        let plain: [UInt8] = [0, 0, 0x01, 0x00] + Array("mdat".utf8)
        #expect(IsoBox.parse(plain, at: 40, fileSize: 1000) == IsoBox(type: "mdat", offset: 40, length: 256))
        let large: [UInt8] = [0, 0, 0, 1] + Array("mdat".utf8) + [0, 0, 0, 1, 0, 0, 0, 0]
        #expect(IsoBox.parse(large, at: 40, fileSize: 1000) == IsoBox(type: "mdat", offset: 40, headerLength: 16, length: 1 << 32))
        let toEnd: [UInt8] = [0, 0, 0, 0] + Array("mdat".utf8)
        #expect(IsoBox.parse(toEnd, at: 40, fileSize: 1000) == IsoBox(type: "mdat", offset: 40, length: 960))
        let shortLarge: [UInt8] = [0, 0, 0, 1] + Array("mdat".utf8)
        #expect(!IsoBox.parse(shortLarge, at: 40, fileSize: 1000).isValid)
        let huge: [UInt8] = [0, 0, 0, 1] + Array("mdat".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        #expect(!IsoBox.parse(huge, at: 40, fileSize: 1000).isValid)
    }
}
