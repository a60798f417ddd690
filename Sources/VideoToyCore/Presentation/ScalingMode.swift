/// How a video fills its view (`--scaling`).
public enum ScalingMode: String, Sendable, CaseIterable {
    /// Keep the aspect ratio and letterbox.
    case fit
    /// Keep the aspect ratio and crop.
    case fill
    /// Ignore the aspect ratio.
    case stretch
    /// Natural size, centred, shrunk only when it does not fit.
    case none
}
