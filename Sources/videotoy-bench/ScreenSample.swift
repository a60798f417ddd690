import Foundation
import VideoToyAppTesting

/// The whole screen shrunk to 192×108 pixels: enough to tell the test picture from a player's grey chrome and to see it
/// move, at a fraction of a full screenshot's cost to the machine being measured.
struct ScreenSample {
    /// RGB bytes, row by row.
    let pixels: [UInt8]

    /// Samples the root window of the display whose environment is `environment`; nil when the grab fails.
    static func take(_ environment: [String: String], file: URL) -> ScreenSample? {
        try? FileManager.default.removeItem(at: file)
        let grab = ["import", "-silent", "-window", "root", "-filter", "point", "-resize", "192x108!", "-depth", "8", "rgb:\(file.path)"]
        guard let result = try? Command.run(grab, extraEnvironment: environment), result.status == 0,
            let data = try? Data(contentsOf: file), data.count == 192 * 108 * 3
        else { return nil }
        return ScreenSample(pixels: [UInt8](data))
    }

    /// The share of pixels with strong colour (channels more than 100 apart): testsrc2's bars and circles, never a
    /// player's grey or black chrome.
    var colourful: Double {
        var count = 0
        for i in stride(from: 0, to: pixels.count, by: 3) {
            let (r, g, b) = (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
            if max(r, g, b) - min(r, g, b) > 100 { count += 1 }
        }
        return Double(count) / Double(pixels.count / 3)
    }

    /// Whether the test picture is on screen at all: its bars cover almost every sample of their own area.
    var showsVideo: Bool { colourful > 0.05 }

    /// Whether the test picture fills the screen, as it does fullscreen (a 16:9 picture on a 16:9 screen): colour
    /// along all four edges too, where a maximised window still has its title bar, borders or letterbox bars.
    var videoFillsScreen: Bool {
        let (width, height) = (192, 108)
        let edges = [
            (0..<width).map { ($0, 1) }, (0..<width).map { ($0, height - 2) },
            (0..<height).map { (1, $0) }, (0..<height).map { (width - 2, $0) },
        ]
        return colourful > 0.85
            && edges.allSatisfy { edge in
                Double(edge.count { isColourful(x: $0.0, y: $0.1) }) > 0.75 * Double(edge.count)
            }
    }

    private func isColourful(x: Int, y: Int) -> Bool {
        let i = (y * 192 + x) * 3
        let (r, g, b) = (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
        return max(r, g, b) - min(r, g, b) > 100
    }

    /// The share of pixels that changed by more than 40 in some channel since `other`.
    func changed(since other: ScreenSample) -> Double {
        guard other.pixels.count == pixels.count else { return 1 }
        var count = 0
        for i in stride(from: 0, to: pixels.count, by: 3)
        where (0..<3).contains(where: { abs(Int(pixels[i + $0]) - Int(other.pixels[i + $0])) > 40 }) {
            count += 1
        }
        return Double(count) / Double(pixels.count / 3)
    }
}
