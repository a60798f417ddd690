import VideoToyCore

/// One `RendererAction` as UPnP sees it: which service, which action, which arguments, which results to read, and
/// how the results become a `RendererReply`.
struct UPnPRequest {
    /// The three services a renderer is driven through.
    enum Service: String, CaseIterable {
        case avTransport = "urn:schemas-upnp-org:service:AVTransport:1"
        case renderingControl = "urn:schemas-upnp-org:service:RenderingControl:1"
        case connectionManager = "urn:schemas-upnp-org:service:ConnectionManager:1"
    }

    let service: Service
    let name: String
    let arguments: [(String, String)]
    let results: [String]

    init(_ action: RendererAction) {
        let instance = ("InstanceID", "0")
        switch action {
        case .setURI(let url, let metadata):
            self.init(.avTransport, "SetAVTransportURI", [instance, ("CurrentURI", url), ("CurrentURIMetaData", metadata)])
        case .play: self.init(.avTransport, "Play", [instance, ("Speed", "1")])
        case .pause: self.init(.avTransport, "Pause", [instance])
        case .stop: self.init(.avTransport, "Stop", [instance])
        case .seek(let ms):
            self.init(.avTransport, "Seek", [instance, ("Unit", "REL_TIME"), ("Target", UPnPTime.string(milliseconds: ms))])
        case .setVolume(let percent):
            self.init(
                .renderingControl, "SetVolume", [instance, ("Channel", "Master"), ("DesiredVolume", String(min(max(percent, 0), 100)))])
        case .setMute(let muted):
            self.init(.renderingControl, "SetMute", [instance, ("Channel", "Master"), ("DesiredMute", muted ? "1" : "0")])
        case .getPositionInfo: self.init(.avTransport, "GetPositionInfo", [instance], results: ["RelTime", "TrackDuration"])
        case .getTransportInfo: self.init(.avTransport, "GetTransportInfo", [instance], results: ["CurrentTransportState"])
        case .getProtocolInfo: self.init(.connectionManager, "GetProtocolInfo", [], results: ["Sink"])
        }
    }

    private init(_ service: Service, _ name: String, _ arguments: [(String, String)], results: [String] = []) {
        self.service = service
        self.name = name
        self.arguments = arguments
        self.results = results
    }

    /// The reply made of the named results (nil where the renderer left one out).
    func reply(_ values: [String: String]) -> RendererReply {
        switch name {
        case "GetPositionInfo":
            // A duration of zero is what renderers say when they do not know it.
            let duration = values["TrackDuration"].flatMap(UPnPTime.milliseconds).flatMap { $0 > 0 ? $0 : nil }
            return .position(milliseconds: values["RelTime"].flatMap(UPnPTime.milliseconds), durationMilliseconds: duration)
        case "GetTransportInfo":
            let state = values["CurrentTransportState"].map { NetworkText.cleaned($0, limit: 64) } ?? ""
            return .transportState(TransportState(rawValue: state) ?? .other)
        case "GetProtocolInfo":
            // Bounded before splitting: 512 entries of 512 bytes at most are kept anyway.
            return .sinkProtocols(
                ProtocolInfo.entries(String((values["Sink"] ?? "").prefix(ProtocolInfo.maxEntries * (ProtocolInfo.maxEntryLength + 1)))))
        default:
            return .done
        }
    }
}
