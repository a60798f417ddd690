import Foundation
import Synchronization
import Testing
import VideoToyCore
import VideoToyDesktop

/// Art for MPRIS clients: a poster frame is encoded and written off the main thread, then offered.
@MainActor
struct MPRISArtworkTests {
    /// A 2×2 BGRA frame.
    private static func frame() -> VideoFrame {
        let pixels = [UInt8](repeating: 0x80, count: 16)
        let owner = NSData(bytes: pixels, length: pixels.count)
        return VideoFrame(width: 2, height: 2, stride: 8, bytes: owner.bytes, owner: owner)
    }

    private static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-art-\(UUID())").path
    }

    @Test("a poster frame becomes a file in the background; the ready callback comes first, then the path")
    func writesInTheBackground() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let encoded: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        let artwork = MPRISArtwork(folder: folder, encode: { frame in frame.width == 2 ? encoded : nil })
        var ready = 0
        artwork.onArtReady = { ready += 1 }
        var asked = 0
        #expect(
            artwork.path(forVideo: "/v/a.mp4") {
                asked += 1; return Self.frame()
            } == nil, "written later, not now")
        #expect(
            artwork.path(forVideo: "/v/a.mp4") {
                asked += 1; return Self.frame()
            } == nil)
        #expect(asked == 1, "one write in flight per video")
        let deadline = ContinuousClock.now + .seconds(20)
        while ready == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(ready == 1)
        let path = try #require(artwork.path(forVideo: "/v/a.mp4") { nil })
        #expect(FileManager.default.contents(atPath: path).map([UInt8].init) == encoded)
    }

    @Test("a frame that cannot be encoded leaves no file and no art, and is not retried before its time")
    func encodingFails() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tried = Mutex(0)
        // A retry period far beyond the test, so a slow machine cannot reach it.
        let artwork = MPRISArtwork(
            folder: folder, retryAfterMs: 3_600_000,
            encode: { _ in
                tried.withLock { $0 += 1 }
                return nil
            })
        var asked = 0
        #expect(
            artwork.path(forVideo: "/v/b.mp4") {
                asked += 1; return Self.frame()
            } == nil)
        let deadline = ContinuousClock.now + .seconds(20)
        while tried.withLock({ $0 }) == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        // Whether the failure has reached the main thread yet or not, the video is not asked for again.
        for _ in 0..<5 {
            #expect(
                artwork.path(forVideo: "/v/b.mp4") {
                    asked += 1; return Self.frame()
                } == nil)
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(asked == 1 && tried.withLock { $0 } == 1)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty)
    }
}
