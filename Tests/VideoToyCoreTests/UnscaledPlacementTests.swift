import Testing
import VideoToyCore
import VideoToyTesting

@Suite("Unscaled placement")
struct UnscaledPlacementTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let picture: (width: Int, height: Int)
        let area: (width: Int, height: Int)
        let mode: ScalingMode
        let origin: (x: Int, y: Int)?
        var testDescription: String { "\(picture) in \(area) \(mode)" }
    }

    static let cases: [Case] = [
        // The size of the view: drawn as it is, whatever the mode.
        Case(picture: (1920, 1080), area: (1920, 1080), mode: .fit, origin: (0, 0)),
        Case(picture: (1920, 1080), area: (1920, 1080), mode: .fill, origin: (0, 0)),
        Case(picture: (1920, 1080), area: (1920, 1080), mode: .stretch, origin: (0, 0)),
        Case(picture: (1920, 1080), area: (1920, 1080), mode: .none, origin: (0, 0)),
        // Letterboxed and pillarboxed by fit: one side meets the view.
        Case(picture: (1440, 1080), area: (1920, 1080), mode: .fit, origin: (240, 0)),
        Case(picture: (1920, 800), area: (1920, 1080), mode: .fit, origin: (0, 140)),
        Case(picture: (1921, 1080), area: (1920, 1080), mode: .fit, origin: nil),
        Case(picture: (1440, 1081), area: (1920, 1080), mode: .fit, origin: nil),
        // Smaller on both sides: fit scales it up; natural size centres it.
        Case(picture: (1280, 720), area: (1920, 1080), mode: .fit, origin: nil),
        Case(picture: (1280, 720), area: (1920, 1080), mode: .none, origin: (320, 180)),
        Case(picture: (1281, 721), area: (1920, 1080), mode: .none, origin: (319, 179)),
        Case(picture: (2560, 1440), area: (1920, 1080), mode: .none, origin: nil),
        // Fill crops and stretch distorts anything but the view's own size.
        Case(picture: (1440, 1080), area: (1920, 1080), mode: .fill, origin: nil),
        Case(picture: (1440, 1080), area: (1920, 1080), mode: .stretch, origin: nil),
        // Empty sizes place nothing.
        Case(picture: (0, 1080), area: (1920, 1080), mode: .fit, origin: nil),
        Case(picture: (1920, 1080), area: (1920, 0), mode: .none, origin: nil),
        Case(picture: (-1920, 1080), area: (1920, 1080), mode: .none, origin: nil),
    ]

    @Test("Where the toolkit would draw a picture at its own size", arguments: cases)
    func origin(_ example: Case) {
        let origin = UnscaledPlacement.origin(picture: example.picture, area: example.area, mode: example.mode)
        #expect(origin?.x == example.origin?.x)
        #expect(origin?.y == example.origin?.y)
        #expect((origin == nil) == (example.origin == nil))
    }

    @Test("A placed picture lies inside the view", arguments: ScalingMode.allCases)
    func inside(_ mode: ScalingMode) {
        var generator = SeededGenerator(seed: 0x5EED_0001)
        for _ in 0..<2_000 {
            let area = (width: Int.random(in: 1...64, using: &generator), height: Int.random(in: 1...64, using: &generator))
            let picture = (width: Int.random(in: 1...72, using: &generator), height: Int.random(in: 1...72, using: &generator))
            guard let origin = UnscaledPlacement.origin(picture: picture, area: area, mode: mode) else { continue }
            #expect(origin.x >= 0 && origin.y >= 0)
            #expect(origin.x + picture.width <= area.width && origin.y + picture.height <= area.height)
            // Centred: the margins differ by at most the spare pixel.
            #expect(abs((area.width - picture.width - origin.x) - origin.x) <= 1)
            #expect(abs((area.height - picture.height - origin.y) - origin.y) <= 1)
        }
    }
}
