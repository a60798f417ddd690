/// One request to a renderer's AVTransport, RenderingControl or ConnectionManager service (instance 0).
public enum RendererAction: Hashable, Sendable, CustomStringConvertible {
    /// `AVTransport.SetAVTransportURI` with the URL to fetch and its DIDL-Lite description.
    case setURI(url: String, metadata: String)
    /// `AVTransport.Play` at normal speed.
    case play
    /// `AVTransport.Pause`.
    case pause
    /// `AVTransport.Stop`.
    case stop
    /// `AVTransport.Seek` in `REL_TIME` units to this position.
    case seek(milliseconds: Int)
    /// `RenderingControl.SetVolume` on the master channel, 0…100.
    case setVolume(percent: Int)
    /// `RenderingControl.SetMute` on the master channel.
    case setMute(Bool)
    /// `AVTransport.GetPositionInfo`: answered by `.position`.
    case getPositionInfo
    /// `AVTransport.GetTransportInfo`: answered by `.transportState`.
    case getTransportInfo
    /// `ConnectionManager.GetProtocolInfo`: answered by `.sinkProtocols`.
    case getProtocolInfo

    /// The UPnP action's name, for logs.
    public var description: String {
        switch self {
        case .setURI: "SetAVTransportURI"
        case .play: "Play"
        case .pause: "Pause"
        case .stop: "Stop"
        case .seek: "Seek"
        case .setVolume: "SetVolume"
        case .setMute: "SetMute"
        case .getPositionInfo: "GetPositionInfo"
        case .getTransportInfo: "GetTransportInfo"
        case .getProtocolInfo: "GetProtocolInfo"
        }
    }
}
