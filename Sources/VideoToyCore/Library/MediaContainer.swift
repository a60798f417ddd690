/// The kind of file a video is wrapped in, as far as it matters to the people who have it.
public enum MediaContainer: String, Hashable, Sendable, CaseIterable {
    /// Material eXchange Format: what broadcast cameras and editors (Avid, DNxHD) write.
    case mxf
    /// MPEG transport stream with 192-byte packets: AVCHD camcorders and Blu-ray discs.
    case m2ts
    /// MPEG transport stream with 188-byte packets: TV recordings.
    case mpegTS = "ts"
    /// Any container everyone knows by its extension (MP4, Matroska, AVI…): not worth naming on the row.
    case common

    /// The name the metadata line gives it for a video of `videoCodec`, or nil when it tells the user nothing.
    public func label(videoCodec: String?) -> String? {
        switch self {
        case .mxf: return "MXF"
        // AVCHD is H.264 in M2TS; a Blu-ray rip with another codec is just M2TS.
        case .m2ts: return videoCodec == "H.264" ? "AVCHD" : "M2TS"
        case .mpegTS: return "MPEG-TS"
        case .common: return nil
        }
    }
}
