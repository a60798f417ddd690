/// The facts of an H.264 stream that its sequence parameter set fixes, read from the avcC configuration that
/// MP4 and Matroska store in the header: bit depth, whether pictures may be fields, and the VUI transfer.
///
/// Only what the SPS states is read. A configuration without an SPS, with SPSs that disagree, or that cannot be
/// parsed gives nil, and the caller leaves the file to GStreamer.
struct AVCSequenceTraits: Equatable {
    /// Bits per luma sample (8 to 14).
    let bitDepth: Int
    /// False when pictures may be coded as fields (`frame_mbs_only_flag` 0): whether a file then decodes as
    /// interlaced depends on its pictures, which only decoding shows.
    let framesOnly: Bool
    /// True when picture timing SEI may say how a frame is shown (`pic_struct_present_flag`), which decoders take
    /// as a hint for interlacing.
    let pictureStructure: Bool
    /// The VUI's `transfer_characteristics` (ISO/IEC 23091-2 codes), or nil when the VUI does not give one.
    let transfer: Int?

    /// The traits shared by every SPS of an `avcC` record, or nil.
    init?(avcC bytes: [UInt8]) {
        // configurationVersion 1, profile, compatibility, level, lengthSizeMinusOne, then the SPS count.
        guard bytes.count > 6, bytes[0] == 1 else { return nil }
        let count = Int(bytes[5] & 0x1F)
        var offset = 6
        var found: AVCSequenceTraits?
        for _ in 0..<count {
            guard offset + 2 <= bytes.count else { return nil }
            let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            offset += 2
            guard length > 0, offset + length <= bytes.count else { return nil }
            guard let traits = Self(sps: bytes[offset..<offset + length]) else { return nil }
            if let found, found != traits { return nil }
            found = traits
            offset += length
        }
        guard let found else { return nil }
        self = found
    }

    private init(bitDepth: Int, framesOnly: Bool, pictureStructure: Bool, transfer: Int?) {
        self.bitDepth = bitDepth
        self.framesOnly = framesOnly
        self.pictureStructure = pictureStructure
        self.transfer = transfer
    }

    /// Parses one SPS NAL unit (header byte included), following ITU-T H.264 7.3.2.1.1 and E.1.1.
    private init?(sps nal: ArraySlice<UInt8>) {
        guard let first = nal.first, first & 0x1F == 7 else { return nil }
        var bits = BitReader(rbsp: nal.dropFirst())
        guard let profile = bits.read(8), bits.skip(16), bits.ue() != nil else { return nil }
        var bitDepth = 8
        if [100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135].contains(profile) {
            guard let chroma = bits.ue(), chroma <= 3 else { return nil }
            if chroma == 3 { guard bits.skip(1) else { return nil } }
            guard let lumaMinus8 = bits.ue(), lumaMinus8 <= 6, bits.ue() != nil, bits.skip(1) else { return nil }
            bitDepth = lumaMinus8 + 8
            guard let matrices = bits.read(1) else { return nil }
            if matrices == 1 {
                for list in 0..<(chroma == 3 ? 12 : 8) {
                    guard let present = bits.read(1) else { return nil }
                    if present == 1 { guard bits.skipScalingList(size: list < 6 ? 16 : 64) else { return nil } }
                }
            }
        }
        guard bits.ue() != nil, let orderType = bits.ue() else { return nil }
        switch orderType {
        case 0: guard bits.ue() != nil else { return nil }
        case 1:
            guard bits.skip(1), bits.se() != nil, bits.se() != nil, let cycle = bits.ue(), cycle <= 255 else { return nil }
            for _ in 0..<cycle { guard bits.se() != nil else { return nil } }
        case 2: break
        default: return nil
        }
        guard bits.ue() != nil, bits.skip(1), bits.ue() != nil, bits.ue() != nil, let framesOnly = bits.read(1) else { return nil }
        if framesOnly == 0 { guard bits.skip(1) else { return nil } }
        guard bits.skip(1), let cropping = bits.read(1) else { return nil }
        if cropping == 1 { for _ in 0..<4 { guard bits.ue() != nil else { return nil } } }
        guard let vui = bits.read(1) else { return nil }
        var transfer: Int?
        var pictureStructure = false
        if vui == 1 {
            guard let aspect = bits.read(1) else { return nil }
            if aspect == 1 {
                guard let idc = bits.read(8) else { return nil }
                if idc == 255 { guard bits.skip(32) else { return nil } }
            }
            guard let overscan = bits.read(1) else { return nil }
            if overscan == 1 { guard bits.skip(1) else { return nil } }
            guard let signal = bits.read(1) else { return nil }
            if signal == 1 {
                guard bits.skip(4), let colour = bits.read(1) else { return nil }
                if colour == 1 {
                    guard bits.skip(8), let code = bits.read(8), bits.skip(8) else { return nil }
                    transfer = code
                }
            }
            guard let location = bits.read(1) else { return nil }
            if location == 1 { guard bits.ue() != nil, bits.ue() != nil else { return nil } }
            guard let timing = bits.read(1) else { return nil }
            if timing == 1 { guard bits.skip(65) else { return nil } }
            guard let nalHRD = bits.read(1) else { return nil }
            if nalHRD == 1 { guard bits.skipHRD() else { return nil } }
            guard let vclHRD = bits.read(1) else { return nil }
            if vclHRD == 1 { guard bits.skipHRD() else { return nil } }
            if nalHRD == 1 || vclHRD == 1 { guard bits.skip(1) else { return nil } }
            guard let structure = bits.read(1) else { return nil }
            pictureStructure = structure == 1
        }
        self.init(bitDepth: bitDepth, framesOnly: framesOnly == 1, pictureStructure: pictureStructure, transfer: transfer)
    }

    /// Reads bits, most significant first, from a NAL payload with its emulation-prevention bytes removed.
    private struct BitReader {
        private var bytes: [UInt8] = []
        private var position = 0

        init(rbsp nal: ArraySlice<UInt8>) {
            var zeros = 0
            bytes.reserveCapacity(nal.count)
            for byte in nal {
                // 00 00 03 stands for 00 00 in the payload.
                if zeros >= 2 && byte == 3 {
                    zeros = 0
                    continue
                }
                zeros = byte == 0 ? zeros + 1 : 0
                bytes.append(byte)
            }
        }

        mutating func read(_ count: Int) -> Int? {
            guard count <= 32, position + count <= bytes.count * 8 else { return nil }
            var value = 0
            for _ in 0..<count {
                value = value << 1 | Int(bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1)
                position += 1
            }
            return value
        }

        mutating func skip(_ count: Int) -> Bool {
            guard position + count <= bytes.count * 8 else { return false }
            position += count
            return true
        }

        /// An unsigned Exp-Golomb number, nil when longer than 32 bits.
        mutating func ue() -> Int? {
            var zeros = 0
            while true {
                guard let bit = read(1) else { return nil }
                if bit == 1 { break }
                zeros += 1
                guard zeros <= 31 else { return nil }
            }
            guard let rest = read(zeros) else { return nil }
            return (1 << zeros) - 1 + rest
        }

        /// A signed Exp-Golomb number.
        mutating func se() -> Int? {
            guard let code = ue() else { return nil }
            return code & 1 == 1 ? (code + 1) / 2 : -(code / 2)
        }

        mutating func skipScalingList(size: Int) -> Bool {
            var last = 8, next = 8
            for _ in 0..<size {
                if next != 0 {
                    guard let delta = se() else { return false }
                    next = ((last + delta) % 256 + 256) % 256
                }
                last = next == 0 ? last : next
            }
            return true
        }

        /// Skips hrd_parameters() (E.1.2).
        mutating func skipHRD() -> Bool {
            guard let count = ue(), count <= 31, skip(8) else { return false }
            for _ in 0...count {
                guard ue() != nil, ue() != nil, skip(1) else { return false }
            }
            return skip(20)
        }
    }
}
