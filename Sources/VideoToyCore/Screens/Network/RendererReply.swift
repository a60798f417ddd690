/// What a renderer answered to one `RendererAction`, already checked and converted by the adapter.
public enum RendererReply: Hashable, Sendable {
    /// The action was carried out and returns nothing the core reads.
    case done
    /// `GetPositionInfo`: where the renderer is and how long it thinks the track is; nil where it said
    /// `NOT_IMPLEMENTED` or something unreadable.
    case position(milliseconds: Int?, durationMilliseconds: Int?)
    /// `GetTransportInfo`: the transport's state.
    case transportState(TransportState)
    /// `GetProtocolInfo`: the sink protocols (`http-get:*:video/mp4:*` and the like), at most a bounded number.
    case sinkProtocols([String])
    /// The renderer answered with a UPnP error (714 "illegal MIME-type", 716 "resource not found"…), or the call
    /// failed on the way (no answer in time, a refused connection, a reply that is not SOAP): `code` is nil then.
    case failed(code: Int?, description: String)
}
