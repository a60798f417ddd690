import Testing
import VideoToyCore
import VideoToyTesting

@Suite("Picture fit")
struct PictureFitTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let aspect: (width: Int, height: Int)
        let view: (width: Int, height: Int)
        let size: (width: Int, height: Int)?
        var testDescription: String { "\(aspect) into \(view)" }
    }

    static let cases: [Case] = [
        Case(aspect: (1920, 1080), view: (1920, 1080), size: (1920, 1080)),
        // Smaller pictures are scaled up, larger down.
        Case(aspect: (1280, 720), view: (1920, 1080), size: (1920, 1080)),
        Case(aspect: (3840, 2160), view: (1920, 1080), size: (1920, 1080)),
        // Pillarboxed and letterboxed.
        Case(aspect: (640, 480), view: (1920, 1080), size: (1440, 1080)),
        Case(aspect: (1920, 800), view: (1920, 1080), size: (1920, 800)),
        Case(aspect: (1080, 1920), view: (1920, 1080), size: (608, 1080)),
        // Anamorphic: 720×576 with 16:15 pixels shows at 768×576 (4:3), so 1440×1080 here.
        Case(aspect: (720 * 16, 576 * 15), view: (1920, 1080), size: (1440, 1080)),
        // Rounded to the nearest pixel, never past the view, never empty.
        Case(aspect: (1000, 3), view: (333, 1000), size: (333, 1)),
        Case(aspect: (1, 100_000), view: (1920, 1080), size: (1, 1080)),
        // Numbers nobody should believe.
        Case(aspect: (0, 1080), view: (1920, 1080), size: nil),
        Case(aspect: (1920, -1), view: (1920, 1080), size: nil),
        Case(aspect: (1920, 1080), view: (0, 1080), size: nil),
        Case(aspect: (1920, 1080), view: (40_000, 1080), size: nil),
        Case(aspect: (Int.max, 1080), view: (1920, 1080), size: nil),
    ]

    @Test("Fitted sizes", arguments: cases)
    func fitted(_ example: Case) {
        let size = PictureFit.size(aspect: example.aspect, view: example.view)
        #expect(size?.width == example.size?.width)
        #expect(size?.height == example.size?.height)
    }

    @Test("A fitted picture meets the view on one side, fits on the other, and keeps its aspect within a pixel")
    func invariants() {
        var generator = SeededGenerator(seed: 0xF17_0002)
        for _ in 0..<5_000 {
            let aspect = (width: Int.random(in: 1...8_000, using: &generator), height: Int.random(in: 1...8_000, using: &generator))
            let view = (width: Int.random(in: 1...4_000, using: &generator), height: Int.random(in: 1...4_000, using: &generator))
            guard let size = PictureFit.size(aspect: aspect, view: view) else {
                Issue.record("no size for \(aspect) in \(view)")
                continue
            }
            #expect(size.width >= 1 && size.height >= 1 && size.width <= view.width && size.height <= view.height)
            #expect(size.width == view.width || size.height == view.height)
            // Drawn unscaled and centred in the view, as the direct picture needs.
            #expect(UnscaledPlacement.origin(picture: size, area: view, mode: .fit) != nil)
            // The other side is the exact one rounded: within half a pixel, or 1 where it rounds to nothing.
            if size.width == view.width {
                let exact = Double(view.width) * Double(aspect.height) / Double(aspect.width)
                #expect(abs(Double(size.height) - min(Double(view.height), max(1, exact))) <= 0.5 + 1e-9)
            } else {
                let exact = Double(view.height) * Double(aspect.width) / Double(aspect.height)
                #expect(abs(Double(size.width) - min(Double(view.width), max(1, exact))) <= 0.5 + 1e-9)
            }
        }
    }
}
