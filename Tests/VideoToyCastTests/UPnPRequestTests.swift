import Testing
import VideoToyCore
import VideoToyGObject

@testable import VideoToyCast

/// How each action is spelled for UPnP, and how replies become typed answers: no network needed.
struct UPnPRequestTests {
    @Test(
        "Actions go to their service with instance 0 and the arguments UPnP names",
        arguments: [
            (
                RendererAction.setURI(url: "http://h/v", metadata: "<DIDL-Lite/>"), UPnPRequest.Service.avTransport, "SetAVTransportURI",
                [["InstanceID", "0"], ["CurrentURI", "http://h/v"], ["CurrentURIMetaData", "<DIDL-Lite/>"]]
            ),
            (.play, .avTransport, "Play", [["InstanceID", "0"], ["Speed", "1"]]),
            (.pause, .avTransport, "Pause", [["InstanceID", "0"]]),
            (.stop, .avTransport, "Stop", [["InstanceID", "0"]]),
            (
                .seek(milliseconds: 3_723_004), .avTransport, "Seek",
                [["InstanceID", "0"], ["Unit", "REL_TIME"], ["Target", "1:02:03.004"]]
            ),
            (.seek(milliseconds: -1), .avTransport, "Seek", [["InstanceID", "0"], ["Unit", "REL_TIME"], ["Target", "0:00:00.000"]]),
            (
                .setVolume(percent: 40), .renderingControl, "SetVolume",
                [["InstanceID", "0"], ["Channel", "Master"], ["DesiredVolume", "40"]]
            ),
            (
                .setVolume(percent: 250), .renderingControl, "SetVolume",
                [["InstanceID", "0"], ["Channel", "Master"], ["DesiredVolume", "100"]]
            ),
            (
                .setVolume(percent: -3), .renderingControl, "SetVolume",
                [["InstanceID", "0"], ["Channel", "Master"], ["DesiredVolume", "0"]]
            ),
            (.setMute(true), .renderingControl, "SetMute", [["InstanceID", "0"], ["Channel", "Master"], ["DesiredMute", "1"]]),
            (.setMute(false), .renderingControl, "SetMute", [["InstanceID", "0"], ["Channel", "Master"], ["DesiredMute", "0"]]),
            (.getPositionInfo, .avTransport, "GetPositionInfo", [["InstanceID", "0"]]),
            (.getTransportInfo, .avTransport, "GetTransportInfo", [["InstanceID", "0"]]),
            (.getProtocolInfo, .connectionManager, "GetProtocolInfo", []),
        ])
    func spelling(action: RendererAction, service: UPnPRequest.Service, name: String, arguments: [[String]]) {
        let request = UPnPRequest(action)
        #expect(request.service == service)
        #expect(request.name == name)
        #expect(request.arguments.map { [$0.0, $0.1] } == arguments)
        #expect(action.description == name)
    }

    @Test(
        "Position replies: NOT_IMPLEMENTED, junk and a zero duration read as unknown",
        arguments: [
            (["RelTime": "0:00:05", "TrackDuration": "0:01:00"], RendererReply.position(milliseconds: 5000, durationMilliseconds: 60_000)),
            (["RelTime": "NOT_IMPLEMENTED", "TrackDuration": "NOT_IMPLEMENTED"], .position(milliseconds: nil, durationMilliseconds: nil)),
            (["RelTime": "0:00:05", "TrackDuration": "0:00:00"], .position(milliseconds: 5000, durationMilliseconds: nil)),
            (["RelTime": "<script>", "TrackDuration": "-1"], .position(milliseconds: nil, durationMilliseconds: nil)),
            ([:], .position(milliseconds: nil, durationMilliseconds: nil)),
        ])
    func positions(values: [String: String], reply: RendererReply) {
        #expect(UPnPRequest(.getPositionInfo).reply(values) == reply)
    }

    @Test(
        "Transport states: the five known, anything else is other",
        arguments: [
            ("PLAYING", TransportState.playing), ("PAUSED_PLAYBACK", .paused), ("STOPPED", .stopped), ("TRANSITIONING", .transitioning),
            ("NO_MEDIA_PRESENT", .noMedia), ("RECORDING", .other), ("playing", .other), ("", .other),
            (String(repeating: "PLAYING", count: 10_000), .other), ("PLAYING\u{0}", .playing),
        ])
    func states(text: String, state: TransportState) {
        #expect(UPnPRequest(.getTransportInfo).reply(["CurrentTransportState": text]) == .transportState(state))
    }

    @Test("Sink replies are split and bounded; actions without results are done")
    func sinksAndDone() {
        let sinks = UPnPRequest(.getProtocolInfo).reply(["Sink": "http-get:*:video/mp4:*,http-get:*:video/webm:*"])
        #expect(sinks == .sinkProtocols(["http-get:*:video/mp4:*", "http-get:*:video/webm:*"]))
        let many = Array(repeating: "http-get:*:video/mp4:*", count: 100_000).joined(separator: ",")
        #expect(
            UPnPRequest(.getProtocolInfo).reply(["Sink": many]) == .sinkProtocols(Array(repeating: "http-get:*:video/mp4:*", count: 512)))
        #expect(UPnPRequest(.getProtocolInfo).reply([:]) == .sinkProtocols([]))
        #expect(UPnPRequest(.play).reply([:]) == .done)
    }

    @Test(
        "The served name's extension: the file's own when short and plain, else one for the MIME type",
        arguments: [
            ("/v/a.mp4", "video/mp4", "mp4"), ("/v/A.MKV", "video/x-matroska", "mkv"), ("/v/noext", "video/webm", "webm"),
            ("/v/a.b c", "video/mp4", "mp4"), ("/v/a.verylong", "video/quicktime", "mov"), ("/v/a.", "application/x-what", "bin"),
            ("/v/../../etc/passwd", "video/mp4", "mp4"), ("/v/a.m%2f", "video/mp4", "mp4"), ("/v/clip.tar.gz", "video/mp4", "gz"),
        ])
    func servedExtension(path: String, mime: String, ext: String) {
        #expect(CastServer.fileExtension(path: path, mimeType: mime) == ext)
    }

    @Test("An action for an unknown renderer fails, and never from inside perform")
    @MainActor
    func unknownRenderer() {
        let renderers = UPnPRenderers()
        var answers: [RendererReply] = []
        renderers.perform(.play, on: "uuid:nobody", timeoutMilliseconds: 1000) { answers.append($0) }
        #expect(answers.isEmpty)
        let deadline = ContinuousClock.now + .seconds(10)
        while answers.isEmpty, ContinuousClock.now < deadline { MainLoop.dispatchPending() }
        #expect(answers == [.failed(code: nil, description: "no renderer uuid:nobody")])
    }
}
