import CGtk
import Testing
import VideoToyCore

@testable import VideoToyGtk

/// The paintable a video view draws through: with cairo it paints the frame's own memory into a cairo node (no
/// texture, whose download GTK 4.8 does pixel by pixel in floats), as a texture otherwise; the picture drawn is the
/// frame, and a frame's memory goes back to the player once no drawing needs it. Cairo nodes are cairo recordings,
/// made here without GTK's renderer, which needs a display.
@MainActor
@Suite("Frame paintable")
struct FramePaintableTests {
    /// Memory a frame owns; tells when the last holder let it go.
    private final class Pixels {
        let bytes: UnsafeMutableRawPointer
        let released: () -> Void
        init(count: Int, released: @escaping () -> Void) {
            bytes = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
            self.released = released
        }
        deinit {
            bytes.deallocate()
            released()
        }
    }

    /// How many frames went back.
    private final class Releases {
        var count = 0
    }

    /// A frame of four vertical bars (blue, green, red, white in BGRA), with spare bytes at the end of every row.
    private func bars(width: Int = 64, height: Int = 36, releases: Releases) -> VideoFrame {
        let stride = width * 4 + 32
        let pixels = Pixels(count: stride * height) { releases.count += 1 }
        let colours: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]]
        for y in 0..<height {
            for x in 0..<width {
                let colour = colours[x * 4 / width]
                for c in 0..<4 { pixels.bytes.storeBytes(of: colour[c], toByteOffset: y * stride + x * 4 + c, as: UInt8.self) }
            }
        }
        return VideoFrame(width: width, height: height, stride: stride, bytes: pixels.bytes, owner: pixels)
    }

    /// A cairo drawing made as GTK makes a cairo node: a recording, replayed when the window is drawn.
    private func record(_ content: FrameContent, _ frame: VideoFrame, width: Double, height: Double) throws -> OpaquePointer {
        let surface = try #require(content.surfaceToDraw())
        var extents = cairo_rectangle_t(x: 0, y: 0, width: width, height: height)
        let recording = try #require(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents))
        let cr = try #require(cairo_create(recording))
        FrameContent.paint(surface, of: frame, into: cr, width: width, height: height)
        cairo_destroy(cr)
        return recording
    }

    /// What `source` (a recording or a surface) draws at `width` × `height`, as BGRA bytes with rows `width * 4` apart.
    private func render(_ source: OpaquePointer, width: Int, height: Int) throws -> [UInt8] {
        let target = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
        defer { cairo_surface_destroy(target) }
        let cr = try #require(cairo_create(target))
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(target)
        let stride = Int(cairo_image_surface_get_stride(target))
        let data = try #require(cairo_image_surface_get_data(target))
        return (0..<height).flatMap { y in (0..<width * 4).map { data[y * stride + $0] } }
    }

    private func pixel(_ bytes: [UInt8], x: Int, y: Int, width: Int) -> [UInt8] {
        Array(bytes[(y * width + x) * 4..<(y * width + x) * 4 + 4])
    }

    @Test("with cairo the frame is painted from its own memory, and the picture drawn is the frame, byte for byte")
    func cairoSameSize() throws {
        let content = FrameContent(cairo: true)
        let frame = bars(releases: Releases())
        #expect(content.show(frame))
        #expect(content.size == (64, 36))
        let recording = try record(content, frame, width: 64, height: 36)
        defer { cairo_surface_destroy(recording) }
        let drawn = try render(recording, width: 64, height: 36)
        for y in [0, 17, 35] {
            for x in 0..<64 {
                let source = frame.bytes.advanced(by: y * frame.stride + x * 4).assumingMemoryBound(to: UInt8.self)
                #expect(pixel(drawn, x: x, y: y, width: 64) == (0..<4).map { source[$0] }, "pixel \(x),\(y)")
            }
        }
    }

    @Test("a view twice the frame's size shows the same bars, each twice as wide, padded at the edges")
    func cairoScaled() throws {
        let content = FrameContent(cairo: true)
        let frame = bars(releases: Releases())
        _ = content.show(frame)
        let recording = try record(content, frame, width: 128, height: 72)
        defer { cairo_surface_destroy(recording) }
        let drawn = try render(recording, width: 128, height: 72)
        let expected: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]]
        for (bar, colour) in expected.enumerated() {
            #expect(pixel(drawn, x: bar * 32 + 16, y: 36, width: 128) == colour, "bar \(bar)")
        }
        // Not faded into transparency at the edges.
        #expect(pixel(drawn, x: 0, y: 0, width: 128) == expected[0])
        #expect(pixel(drawn, x: 127, y: 71, width: 128) == expected[3])
    }

    @Test("a frame of another size says so; the same size does not")
    func resize() {
        let content = FrameContent(cairo: true)
        let releases = Releases()
        #expect(content.show(bars(releases: releases)))
        #expect(!content.show(bars(releases: releases)))
        #expect(content.show(bars(width: 32, height: 18, releases: releases)))
        #expect(content.size == (32, 18))
    }

    @Test("the paintable's size and current image are the frame's: a texture sharing its memory")
    func paintable() throws {
        let paintable = FramePaintable()
        #expect(gdk_paintable_get_intrinsic_width(paintable.paintable) == 0)
        #expect(FramePaintable.currentTexture(of: paintable.paintable) == nil)
        paintable.show(bars(releases: Releases()))
        #expect(gdk_paintable_get_intrinsic_width(paintable.paintable) == 64)
        #expect(gdk_paintable_get_intrinsic_height(paintable.paintable) == 36)
        let image = try #require(gdk_paintable_get_current_image(paintable.paintable))
        defer { g_object_unref(UnsafeMutableRawPointer(image)) }
        #expect(g_type_check_instance_is_a(UnsafeMutablePointer(image), gdk_texture_get_type()) != 0)
        #expect(gdk_texture_get_width(image) == 64)
        let texture = try #require(FramePaintable.currentTexture(of: paintable.paintable))
        #expect(gdk_texture_get_height(OpaquePointer(texture.pointer)) == 36)
        // A texture is not a frame paintable.
        #expect(!FramePaintable.isFramePaintable(OpaquePointer(texture.pointer)))
    }

    @Test("a frame goes back once two later drawings replaced it; frames never drawn go back at once")
    func release() throws {
        let releases = Releases()
        let content = FrameContent(cairo: true)
        var recordings: [OpaquePointer] = []
        for shown in 1...4 {
            let frame = bars(releases: releases)
            _ = content.show(frame)
            recordings.append(try record(content, frame, width: 64, height: 36))
            // GTK lets a drawing's nodes go once the next one is on screen.
            if recordings.count > 1 { cairo_surface_destroy(recordings.removeFirst()) }
            #expect(releases.count == max(0, shown - 2), "after frame \(shown)")
        }
        _ = content.show(bars(releases: releases))
        _ = content.show(bars(releases: releases))
        #expect(releases.count == 3, "the frame shown and never drawn went back when the next came")
        recordings.forEach { cairo_surface_destroy($0) }
    }

    @Test("a drawing kept after its frame went back still shows the frame's picture")
    func drawingOutlivesFrame() throws {
        let releases = Releases()
        let content = FrameContent(cairo: true)
        let frame = bars(releases: releases)
        _ = content.show(frame)
        let first = try record(content, frame, width: 64, height: 36)
        defer { cairo_surface_destroy(first) }
        for _ in 0..<3 {
            let later = bars(width: 32, height: 18, releases: releases)
            _ = content.show(later)
            cairo_surface_destroy(try record(content, later, width: 32, height: 18))
        }
        #expect(releases.count >= 1)
        let drawn = try render(first, width: 64, height: 36)
        #expect(pixel(drawn, x: 40, y: 10, width: 64) == [0, 0, 255, 255])
    }
}
