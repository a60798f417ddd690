/// The high-dynamic-range transfer function of a video, from its colorimetry.
public enum VideoTransfer: String, Hashable, Sendable, CaseIterable {
    /// SMPTE ST 2084, "perceptual quantizer": HDR10 and Dolby Vision files.
    case pq
    /// ARIB STD-B67, hybrid log-gamma: broadcast HDR and phone recordings.
    case hlg

    /// How the metadata line names it.
    public var label: String {
        switch self {
        case .pq: return "HDR (PQ)"
        case .hlg: return "HDR (HLG)"
        }
    }
}
