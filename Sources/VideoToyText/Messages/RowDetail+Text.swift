import VideoToyCore

extension RowDetail {
    /// The row's second line in the user's language (`.user`) or English (`.english`).
    public func text(in catalogue: Catalogue = .user) -> String {
        switch self {
        // TRANSLATORS: a row's file is still being read.
        case .reading: return catalogue.tr("Reading…")
        case .summary(let summary): return summary
        case .failed(let failure): return failure.text(in: catalogue)
        }
    }
}
