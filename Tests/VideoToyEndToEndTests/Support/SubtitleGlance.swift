import Foundation
import VideoToyAppTesting
import VideoToyMediaTesting

/// What one screenshot shows where subtitles go, in a video view over a flat dark clip (`TrackClips`): how much of the
/// lower band is lit by text, how much of the upper part is (none, when the text is where it belongs), how wide the lit
/// run is, and the colour of the picture itself, which tells a drawn video from a view still empty.
struct SubtitleGlance: Sendable, CustomStringConvertible {
    /// The least level, in every channel, of a pixel counted as text: far above the picture (16) and the subtitles'
    /// translucent box over it (about 8), far below the white text (255).
    static let textLevel: UInt8 = 160
    /// The picture's level as drawn: `TrackClips.pictureLevel` decodes to 14…16.
    static let picture = RGB(r: UInt8(TrackClips.pictureLevel), g: UInt8(TrackClips.pictureLevel), b: UInt8(TrackClips.pictureLevel))

    /// The part of the screenshot the view covers.
    let view: Rect
    /// The fraction of the lower band (the view's bottom 30 %) that is text.
    let lower: Double
    /// The fraction of the view's upper half that is text.
    let upper: Double
    /// The width of the lit pixels in the lower band, in pixels (0 when nothing is lit).
    let litWidth: Int
    /// Their height, from the top of the highest to the bottom of the lowest: about the text size for one line.
    let litHeight: Int
    /// The mean colour of the view's middle, where no subtitle goes: the picture once the video is drawn.
    let middle: MeanColor
    /// The width of each word of the lit line taken as five words (as every line of `tracks.mkv` is), left to right:
    /// what tells one line from another of about the same length ("Bonjour de la…" from "Hello from the…").
    let words: [Int]

    /// Measures `view` in `image`.
    init(_ image: Image, view: Rect) {
        self.view = view
        let lowerBand = Rect(x: view.x, y: view.y + view.height * 7 / 10, width: view.width, height: view.height * 3 / 10)
        let upperBand = Rect(x: view.x, y: view.y, width: view.width, height: view.height / 2)
        let isText: (RGB) -> Bool = { min($0.r, $0.g, $0.b) >= SubtitleGlance.textLevel }
        lower = image.fraction(in: lowerBand, where: isText)
        upper = image.fraction(in: upperBand, where: isText)
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        var litColumns = Set<Int>()
        for y in lowerBand.y..<min(image.height, lowerBand.y + lowerBand.height) {
            for x in lowerBand.x..<min(image.width, lowerBand.x + lowerBand.width) where isText(image[x: x, y: y]) {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                litColumns.insert(x)
            }
        }
        litWidth = maxX < 0 ? 0 : maxX - minX + 1
        litHeight = maxY < 0 ? 0 : maxY - minY + 1
        words = Self.words(litColumns.sorted(), count: 5)
        middle = image.meanColor(in: Rect(x: view.x, y: view.y + view.height * 3 / 10, width: view.width, height: view.height / 5))
    }

    /// The widths of `columns` (sorted) split at its `count - 1` widest gaps: the spaces of a line of `count` words,
    /// wider than any gap between two letters of a word.
    static func words(_ columns: [Int], count: Int) -> [Int] {
        guard columns.count > count else { return [] }
        let gaps = zip(columns, columns.dropFirst()).enumerated().map { (index: $0.offset, width: $0.element.1 - $0.element.0) }
        let cuts = gaps.sorted { $0.width > $1.width }.prefix(count - 1).map(\.index).sorted()
        var widths: [Int] = []
        var start = 0
        for cut in cuts {
            widths.append(columns[cut] - columns[start] + 1)
            start = cut + 1
        }
        widths.append(columns[columns.count - 1] - columns[start] + 1)
        return widths
    }

    /// Whether the words' widths are those of a five-word line whose second word is much narrower than its first
    /// ("Bonjour de la piste française": "de" a third of "Bonjour"), against one whose second is nearly as wide
    /// ("Hello from the English track": "from" four fifths of "Hello").
    var showsShortSecondWord: Bool? {
        guard words.count == 5, words.allSatisfy({ $0 > 0 }) else { return nil }
        return Double(words[1]) < 0.45 * Double(words[0])
    }

    /// Whether the view shows the clip's dark picture (and not an empty or black view).
    var showsPicture: Bool { middle.isClose(to: SubtitleGlance.picture, tolerance: 6) }

    /// The figures, for failure messages and the log.
    var description: String {
        String(
            format: "lower %.4f, upper %.4f, lit %dx%d in a %dx%d view, middle ", lower, upper, litWidth, litHeight, view.width,
            view.height) + "\(middle), words \(words)"
    }

    /// The playing video in a row: the bounding box, inside `area` (the rows' video slots), of pixels at the clip's
    /// picture level, shrunk past the slot's rounded corners. Nil when no such box is there.
    static func pictureBox(in image: Image, within area: Rect) -> Rect? {
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        for y in max(0, area.y)..<min(image.height, area.y + area.height) {
            for x in max(0, area.x)..<min(image.width, area.x + area.width) where image[x: x, y: y].distance(to: picture) <= 4 {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        guard maxX - minX > 100, maxY - minY > 60 else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1).insetBy(6)
    }
}
