import CXext
import Foundation
import VideoToyCore

/// A 32-bit X image in a shared-memory segment that the X server has attached, kept for one picture size.
final class SharedImage {
    /// The image, whose data is the segment.
    let image: UnsafeMutablePointer<XImage>
    /// Its width in pixels.
    let width: Int
    /// Its height in pixels.
    let height: Int
    // XShmCreateImage keeps a pointer to the segment's description in the image: it must not move.
    private let info: UnsafeMutablePointer<XShmSegmentInfo>
    private let byteCount: Int

    private init(image: UnsafeMutablePointer<XImage>, info: UnsafeMutablePointer<XShmSegmentInfo>, width: Int, height: Int, byteCount: Int)
    {
        self.image = image
        self.info = info
        self.width = width
        self.height = height
        self.byteCount = byteCount
    }

    /// The largest side accepted: beyond any screen, and small enough that a segment's size fits every integer type.
    static let maxSide = 16_384

    /// Makes an image of `width` × `height` attached to the server, or nil when the server refuses the segment or the
    /// image is not 32 bits per pixel, least significant byte first (the frames' BGRx).
    static func make(on display: OpaquePointer, visual: UnsafeMutablePointer<Visual>, depth: Int32, width: Int, height: Int) -> SharedImage?
    {
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else { return nil }
        let info = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard let image = XShmCreateImage(display, visual, UInt32(depth), ZPixmap, nil, info, UInt32(width), UInt32(height)) else {
            info.deallocate()
            return nil
        }
        let rowBytes = Int(image.pointee.bytes_per_line)
        let byteCount = rowBytes * height
        guard image.pointee.bits_per_pixel == 32, image.pointee.byte_order == LSBFirst, rowBytes >= width * 4 else {
            vt_ximage_destroy(image)
            info.deallocate()
            return nil
        }
        info.pointee.shmid = vt_shm_create(byteCount)
        guard info.pointee.shmid >= 0 else {
            vt_ximage_destroy(image)
            info.deallocate()
            return nil
        }
        guard let address = vt_shm_attach(info.pointee.shmid) else {
            _ = vt_shm_remove(info.pointee.shmid)
            vt_ximage_destroy(image)
            info.deallocate()
            return nil
        }
        info.pointee.shmaddr = address
        info.pointee.readOnly = 1
        image.pointee.data = address
        let attached = XShmAttach(display, info) != 0
        XSync(display, 0)
        // Marked for removal once both sides hold it: the segment cannot outlive the app, however it ends.
        _ = vt_shm_remove(info.pointee.shmid)
        guard attached, XErrorTrap.takeError(on: display) == nil else {
            shmdt(address)
            vt_ximage_destroy(image)
            info.deallocate()
            return nil
        }
        return SharedImage(image: image, info: info, width: width, height: height, byteCount: byteCount)
    }

    /// Copies `frame`'s pixels in, row by row when the strides differ; false when the frame does not match.
    func copy(from frame: VideoFrame) -> Bool {
        let rowBytes = Int(image.pointee.bytes_per_line)
        let used = width * 4
        guard frame.width == width, frame.height == height, frame.stride >= used, let data = image.pointee.data else { return false }
        if frame.stride == rowBytes {
            memcpy(data, frame.bytes, byteCount)
        } else {
            for row in 0..<height {
                memcpy(data + row * rowBytes, frame.bytes + row * frame.stride, used)
            }
        }
        return true
    }

    /// Detaches the segment from the server and from this process.
    func release(on display: OpaquePointer) {
        XShmDetach(display, info)
        XSync(display, 0)
        if let data = image.pointee.data { shmdt(data) }
        vt_ximage_destroy(image)
        info.deallocate()
    }
}
