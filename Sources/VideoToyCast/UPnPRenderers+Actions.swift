import CGLib
import CGUPnP
import VideoToyCore
import VideoToyGObject

extension UPnPRenderers {
    /// What GUPnP's completion callback needs: whom to tell, which call, what to read, and the action to release.
    private final class CallBox: @unchecked Sendable {
        weak var owner: UPnPRenderers?
        let id: Int
        let request: UPnPRequest
        let action: OpaquePointer

        init(owner: UPnPRenderers, id: Int, request: UPnPRequest, action: OpaquePointer) {
            self.owner = owner
            self.id = id
            self.request = request
            self.action = action
        }
    }

    /// Sends `action` to the renderer `udn` and answers once, on the main actor, within `timeoutMilliseconds`.
    public func perform(
        _ action: RendererAction, on udn: String, timeoutMilliseconds: Int, answer: @escaping @MainActor (RendererReply) -> Void
    ) {
        let request = UPnPRequest(action)
        // Answers never come from inside this call, so a caller's state is settled before its answer arrives.
        guard let device = device(udn) else { return Self.later(answer, "no renderer \(udn)") }
        guard let service = device.services[request.service] else { return Self.later(answer, "\(udn) has no \(request.service.rawValue)") }
        guard let upnpAction = Self.makeAction(request), let cancellable = g_cancellable_new() else {
            return Self.later(answer, "cannot build \(request.name)")
        }
        nextCall += 1
        let id = nextCall
        let call = PendingCall(answer: answer, cancellable: GObjectRef(adopting: UnsafeMutableRawPointer(cancellable)))
        calls[id] = call
        call.expire(after: timeoutMilliseconds) { [weak self] in self?.calls[id] = nil }
        let box = CBox.retain(CallBox(owner: self, id: id, request: request, action: upnpAction))
        gupnp_service_proxy_call_action_async(gcast(service.pointer), upnpAction, cancellable, Self.completed, box)
    }

    /// Answers a failure from the main loop, not from inside `perform`.
    private static func later(_ answer: @escaping @MainActor (RendererReply) -> Void, _ description: String) {
        MainLoop.after(milliseconds: 0) { answer(.failed(code: nil, description: description)) }
    }

    private static let completed: GAsyncReadyCallback = { source, result, data in
        // GUPnP calls back exactly once per call, on the main context's thread, where the call was made.
        let box = Unmanaged<CallBox>.fromOpaque(data!).takeRetainedValue()
        defer { gupnp_service_proxy_action_unref(box.action) }
        var error: UnsafeMutablePointer<GError>?
        let finished = gupnp_service_proxy_call_action_finish(gcast(UnsafeMutableRawPointer(source)), result, &error)
        let reply: RendererReply
        if finished == nil {
            reply = UPnPRenderers.failure(error, fallback: "\(box.request.name) failed")
        } else {
            reply = UPnPRenderers.results(of: box.action, for: box.request)
        }
        MainActor.assumeIsolated {
            guard let owner = box.owner, let call = owner.calls.removeValue(forKey: box.id) else { return }
            call.finish(reply)
        }
    }

    /// Reads the named results, or the UPnP error the renderer answered.
    private static func results(of action: OpaquePointer, for request: UPnPRequest) -> RendererReply {
        let names = request.results.map { strdup($0) }
        defer { names.forEach { free($0) } }
        var values = [UnsafeMutablePointer<CChar>?](repeating: nil, count: names.count)
        var error: UnsafeMutablePointer<GError>?
        let constNames = names.map { UnsafePointer($0) }
        let ok = constNames.withUnsafeBufferPointer { namePointer in
            values.withUnsafeMutableBufferPointer { valuePointer in
                vt_upnp_action_results(action, namePointer.baseAddress, Int32(names.count), valuePointer.baseAddress, &error)
            }
        }
        defer { values.forEach { g_free($0) } }
        guard ok != 0 else { return failure(error, fallback: "\(request.name) answered nothing readable") }
        var read: [String: String] = [:]
        for (name, value) in zip(request.results, values) {
            // The largest value read is the sink list, bounded again by its parser.
            if let value { read[name] = String(cString: value) }
        }
        return request.reply(read)
    }

    /// A `.failed` from a GError (freed here): the UPnP error code when the renderer sent one.
    private static func failure(_ error: UnsafeMutablePointer<GError>?, fallback: String) -> RendererReply {
        guard let error else { return .failed(code: nil, description: fallback) }
        defer { g_error_free(error) }
        let message = NetworkText.cleaned(error.pointee.message.map { String(cString: $0) } ?? fallback)
        let code = error.pointee.domain == vt_upnp_control_error() ? Int(error.pointee.code) : nil
        return .failed(code: code, description: message.isEmpty ? fallback : message)
    }

    /// A GUPnP action with the request's string arguments.
    private static func makeAction(_ request: UPnPRequest) -> OpaquePointer? {
        let names = request.arguments.map { strdup($0.0) }, values = request.arguments.map { strdup($0.1) }
        defer { (names + values).forEach { free($0) } }
        let constNames = names.map { UnsafePointer($0) }, constValues = values.map { UnsafePointer($0) }
        return constNames.withUnsafeBufferPointer { n in
            constValues.withUnsafeBufferPointer { v in
                vt_upnp_action_new(request.name, n.baseAddress, v.baseAddress, Int32(request.arguments.count))
            }
        }
    }
}
