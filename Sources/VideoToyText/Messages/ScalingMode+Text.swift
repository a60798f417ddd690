import VideoToyCore

extension ScalingMode {
    /// The mode's name in the scaling menu, in the user's language (`.user`) or English (`.english`).
    public func text(in catalogue: Catalogue = .user) -> String {
        switch self {
        // TRANSLATORS: a scaling mode: the whole picture shows, with bars where its shape differs from the view's.
        case .fit: return catalogue.trp("scaling", "Fit")
        // TRANSLATORS: a scaling mode: the picture fills the view, its edges cut off where its shape differs.
        case .fill: return catalogue.trp("scaling", "Fill (crop)")
        // TRANSLATORS: a scaling mode: the picture is stretched to the view's shape.
        case .stretch: return catalogue.trp("scaling", "Stretch")
        // TRANSLATORS: a scaling mode: the picture at its own size, shrunk only when it does not fit.
        case .none: return catalogue.trp("scaling", "Natural size")
        }
    }
}
