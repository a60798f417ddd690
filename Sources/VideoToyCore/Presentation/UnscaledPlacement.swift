/// Where a picture lands in its view when the toolkit would draw it at its own size, or nil when it would be scaled.
///
/// A fullscreen video can go to the screen past the toolkit's renderer, which cannot scale: only while the player
/// already delivers pictures at the size the view would draw them, and where the view would draw them.
public enum UnscaledPlacement {
    /// The top-left corner of a `picture`-sized picture in an `area`-sized view filled as `mode` says, in pixels from
    /// the view's corner; nil when the view would scale it, or a size is empty.
    public static func origin(
        picture: (width: Int, height: Int), area: (width: Int, height: Int), mode: ScalingMode
    ) -> (x: Int, y: Int)? {
        guard picture.width > 0, picture.height > 0, area.width > 0, area.height > 0 else { return nil }
        let fits = picture.width <= area.width && picture.height <= area.height
        let unscaled: Bool
        switch mode {
        case .fill, .stretch:
            unscaled = picture == area
        case .fit:
            // Scaled by the smaller of the two ratios: 1 when one side meets the view and the other fits.
            unscaled = fits && (picture.width == area.width || picture.height == area.height)
        case .none:
            unscaled = fits
        }
        guard unscaled else { return nil }
        // Centred, as the toolkit centres it; an odd margin puts the spare pixel after the picture.
        return ((area.width - picture.width) / 2, (area.height - picture.height) / 2)
    }
}
