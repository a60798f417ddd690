import Testing
import VideoToyCore

@Suite("Screens")
struct RoutingScreenTests {
    @Test func modesOrderByPixelsThenRefresh() {
        let hd50 = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 50000)
        let hd60 = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 60000)
        let uhd30 = ScreenMode(width: 3840, height: 2160, refreshMilliHz: 30000)
        #expect([uhd30, hd60, hd50].sorted() == [hd50, hd60, uhd30])
        #expect(hd60.pixels == 2_073_600)
        #expect(hd60.description == "1920x1080@60.000")
    }
}
