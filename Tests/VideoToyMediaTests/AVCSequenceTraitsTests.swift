import Testing

@testable import VideoToyMedia

/// The avcC records of real x264 output (as GStreamer's caps print them), read for bit depth, fields and transfer.
@Suite("AVC sequence traits")
struct AVCSequenceTraitsTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let hex: String
        let bitDepth: Int
        let framesOnly: Bool
        let transfer: Int?
        var pictureStructure = false
        var testDescription: String { name }
    }

    static let rows = [
        Row(
            name: "constrained baseline, 8-bit",
            hex: "0142c00dffe100166742c00dda0507ec0440000003004000000c83c50aa801000468ce0fc8", bitDepth: 8, framesOnly: true,
            transfer: nil),
        Row(
            name: "High 10", hex: "016e000dffe10018676e000da6cb40a0fd80880000030008000003019078a15501000468ce0fc8", bitDepth: 10,
            framesOnly: true, transfer: nil),
        Row(
            name: "High 10, PQ in the VUI",
            hex: "016e000dffe1001b676e000da6cb40a0fd80b509100940000003004000000c83c50aa801000468ce0fc8", bitDepth: 10,
            framesOnly: true, transfer: 16),
        Row(
            name: "Main, field-coded", hex: "014d4015ffe10017674d4015f40a087e5c0440000003004000000c87c50aa801000468de0fc8",
            bitDepth: 8, framesOnly: false, transfer: nil, pictureStructure: true),
    ]

    static func bytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    @Test("each record gives the SPS's bit depth, frame coding and transfer", arguments: rows)
    func reads(_ row: Row) throws {
        let traits = try #require(AVCSequenceTraits(avcC: Self.bytes(row.hex)))
        #expect(traits.bitDepth == row.bitDepth)
        #expect(traits.framesOnly == row.framesOnly)
        #expect(traits.transfer == row.transfer)
        #expect(traits.pictureStructure == row.pictureStructure)
    }

    @Test("a record cut anywhere inside its SPS, or without an SPS, gives nothing", arguments: rows)
    func truncated(_ row: Row) {
        let bytes = Self.bytes(row.hex)
        let spsLength = Int(bytes[6]) << 8 | Int(bytes[7])
        for length in 0..<(8 + spsLength) {
            #expect(AVCSequenceTraits(avcC: Array(bytes.prefix(length))) == nil, "cut at \(length)")
        }
        var noSPS = bytes
        noSPS[5] = 0xE0
        #expect(AVCSequenceTraits(avcC: noSPS) == nil)
    }
}
