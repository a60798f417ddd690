import Foundation
import VideoToyCore

/// The brightness of one picture, one byte a pixel, for measuring what a viewer would see.
struct LumaPicture: Sendable {
    let width: Int
    let height: Int
    let luma: [UInt8]

    /// Copies the luma of a BGRA frame (Rec. 601 weights).
    init(bgra frame: VideoFrame) {
        width = frame.width
        height = frame.height
        var values = [UInt8](repeating: 0, count: frame.width * frame.height)
        for y in 0..<frame.height {
            let row = frame.bytes + y * frame.stride
            for x in 0..<frame.width {
                let b = Int(row.load(fromByteOffset: x * 4, as: UInt8.self))
                let g = Int(row.load(fromByteOffset: x * 4 + 1, as: UInt8.self))
                let r = Int(row.load(fromByteOffset: x * 4 + 2, as: UInt8.self))
                values[y * frame.width + x] = UInt8((29 * b + 150 * g + 77 * r) >> 8)
            }
        }
        luma = values
    }

    /// Reads a raw GRAY8 picture of `width`×`height` from `path`.
    init(gray8 path: String, width: Int, height: Int) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard data.count == width * height else { throw CocoaError(.fileReadCorruptFile) }
        self.width = width
        self.height = height
        luma = [UInt8](data)
    }

    /// How much neighbouring lines differ compared with lines two apart.
    ///
    /// Two fields of a moving picture woven into one frame alternate line by line, so each line differs more from
    /// its neighbours (the other field, another moment) than from the line two below (its own field): the ratio is
    /// well above 1. In a progressive or deinterlaced picture neighbours are the closest lines, and it stays below 1.
    var combing: Double {
        var adjacent = 0, apart = 0
        for y in 0..<(height - 2) {
            let line = y * width
            for x in Swift.stride(from: 0, to: width, by: 2) {
                let here = Int(luma[line + x])
                adjacent += abs(here - Int(luma[line + width + x]))
                apart += abs(here - Int(luma[line + 2 * width + x]))
            }
        }
        return Double(adjacent) / Double(max(1, apart))
    }
}
