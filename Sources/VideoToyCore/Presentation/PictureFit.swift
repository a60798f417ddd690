/// The size a video's pictures are scaled to for a view: the largest that keeps the display aspect inside the view.
///
/// Scaled to that size by the media pipeline, a picture needs no scaling in the toolkit (which cost the main thread
/// more than decoding at 1080p) and can go to the screen past it; the toolkit still fills, crops or stretches it for
/// the other scaling modes.
public enum PictureFit {
    /// The largest side accepted from a stream; larger (or empty) sizes and aspects are not believed.
    public static let maxSide = 32_768

    /// The size of a picture whose display aspect is `aspect` (its width and height in pixels multiplied by the pixel
    /// aspect ratio's numerator and denominator) fitted into `view`; nil when a number is out of range.
    public static func size(aspect: (width: Int, height: Int), view: (width: Int, height: Int)) -> (width: Int, height: Int)? {
        let limit = maxSide * maxSide
        guard (1...limit).contains(aspect.width), (1...limit).contains(aspect.height), (1...maxSide).contains(view.width),
            (1...maxSide).contains(view.height)
        else { return nil }
        // Cross-multiplied, in integers: at most 2^30 × 2^15, well inside 64 bits.
        if view.width * aspect.height <= view.height * aspect.width {
            let height = (view.width * aspect.height * 2 + aspect.width) / (aspect.width * 2)
            return (view.width, min(view.height, max(1, height)))
        }
        let width = (view.height * aspect.width * 2 + aspect.height) / (aspect.height * 2)
        return (min(view.width, max(1, width)), view.height)
    }
}
