import CGLib
import CGUPnP
import VideoToyCore
import VideoToyGObject

/// Media renderers found over SSDP on every IPv4 interface that is up, driven through GUPnP's service proxies.
///
/// Main actor only: GUPnP's sockets and calls belong to the default main context, whose loop runs on the main thread.
@MainActor
public final class UPnPRenderers: NetworkRendering {
    /// One interface's control point: the context GUPnP made for it, and the devices it found there.
    private final class Point {
        let context: GObjectRef
        let controlPoint: GObjectRef
        var signals: [SignalConnection] = []

        init(context: GObjectRef, controlPoint: GObjectRef) {
            self.context = context
            self.controlPoint = controlPoint
        }
    }

    /// A renderer as one interface sees it, with the service proxies its actions go through.
    struct Device {
        let context: UnsafeMutableRawPointer
        let proxy: UnsafeMutableRawPointer
        let renderer: NetworkRenderer
        let hostAddress: String
        let services: [UPnPRequest.Service: GObjectRef]
    }

    private var manager: GObjectRef?
    private var managerSignals: [SignalConnection] = []
    private var points: [Point] = []
    private var devices: [Device] = []
    private var published: [NetworkRenderer] = []
    private var changed: (@MainActor ([NetworkRenderer]) -> Void)?
    /// Calls in flight, so `stop` can cancel them.
    var calls: [Int: PendingCall] = [:]
    var nextCall = 0

    /// Creates an idle finder; nothing is sent until `start`.
    public init() {}

    /// Starts looking on every IPv4 interface that is up, and on each that comes up later.
    public func start(changed: @escaping @MainActor ([NetworkRenderer]) -> Void) {
        stop()
        self.changed = changed
        guard let created = gupnp_context_manager_create_full(GSSDP_UDA_VERSION_1_0, G_SOCKET_FAMILY_IPV4, 0) else { return }
        let manager = GObjectRef(adopting: UnsafeMutableRawPointer(created))
        self.manager = manager
        managerSignals = [
            Signal.connectObject(manager.pointer, "context-available") { [weak self] context in self?.contextAvailable(context) },
            Signal.connectObject(manager.pointer, "context-unavailable") { [weak self] context in self?.contextUnavailable(context) },
        ]
    }

    /// Stops looking, forgets every device and cancels the calls in flight, whose answers never come.
    public func stop() {
        managerSignals.forEach { $0.cancel() }
        managerSignals = []
        for point in points { point.signals.forEach { $0.cancel() } }
        points = []
        devices = []
        published = []
        changed = nil
        let pending = calls.values
        calls = [:]
        for call in pending { call.abandon() }
        manager = nil
    }

    /// The IPv4 address of this machine on the interface where `udn` was found, for a server it should reach.
    public func hostAddress(facing udn: String) -> String? {
        // A renderer heard on loopback as well (its announcements loop back) is served where it really listens.
        let found = devices.filter { $0.renderer.udn == udn && !$0.hostAddress.isEmpty }
        return (found.first { !$0.hostAddress.hasPrefix("127.") } ?? found.first)?.hostAddress
    }

    /// The known renderers, each once.
    public var renderers: [NetworkRenderer] { published }

    func device(_ udn: String) -> Device? { devices.first { $0.renderer.udn == udn } }

    private func contextAvailable(_ context: UnsafeMutableRawPointer) {
        guard let manager, !points.contains(where: { $0.context.pointer == context }) else { return }
        // Loopback only finds renderers on this machine, which its other interfaces find too: each would show twice
        // and, were loopback first, be served a URL on 127.0.0.1.
        let client: UnsafeMutablePointer<GSSDPClient> = gcast(context)
        guard let host = gssdp_client_get_host_ip(client).map({ String(cString: $0) }), !host.hasPrefix("127.") else { return }
        // GUPnP switches a context off when its interface goes down, and hands back the same context when the
        // interface comes up with its address kept, still off: nothing would be sent or heard on it.
        if gssdp_client_get_active(client) == 0 { GProperty.set(context, "active", true) }
        guard let created = gupnp_control_point_new(gcast(context), "urn:schemas-upnp-org:device:MediaRenderer:1") else { return }
        let point = Point(context: GObjectRef(retaining: context), controlPoint: GObjectRef(adopting: UnsafeMutableRawPointer(created)))
        point.signals = [
            Signal.connectObject(point.controlPoint.pointer, "device-proxy-available") { [weak self] proxy in
                self?.deviceAvailable(proxy, context: context)
            },
            Signal.connectObject(point.controlPoint.pointer, "device-proxy-unavailable") { [weak self] proxy in
                self?.deviceUnavailable(proxy, context: context)
            },
        ]
        points.append(point)
        gssdp_resource_browser_set_active(gcast(point.controlPoint.pointer), 1)
        gupnp_context_manager_manage_control_point(gcast(manager.pointer), gcast(point.controlPoint.pointer))
        // An interface's address often comes a moment before its routes (DHCP, a link coming up): the first searches
        // can fail, and a TV may not announce itself again for many minutes. One more search a little later.
        MainLoop.after(milliseconds: 3000) { [weak point] in
            guard let point else { return }
            gssdp_resource_browser_rescan(gcast(point.controlPoint.pointer))
        }
    }

    private func contextUnavailable(_ context: UnsafeMutableRawPointer) {
        // The interface went down: what was found through it is gone, even if its devices never said goodbye.
        for point in points where point.context.pointer == context {
            point.signals.forEach { $0.cancel() }
            gssdp_resource_browser_set_active(gcast(point.controlPoint.pointer), 0)
        }
        points.removeAll { $0.context.pointer == context }
        devices.removeAll { $0.context == context }
        publish()
    }

    private func deviceAvailable(_ proxy: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer) {
        let info: UnsafeMutablePointer<GUPnPDeviceInfo> = gcast(proxy)
        let udn = NetworkText.cleaned(gupnp_device_info_get_udn(info).map { String(cString: $0) } ?? "")
        guard !udn.isEmpty else { return }
        let name = Self.taking(gupnp_device_info_get_friendly_name(info))
        let renderer = NetworkRenderer(
            udn: udn, friendlyName: name.isEmpty ? udn : name, manufacturer: Self.taking(gupnp_device_info_get_manufacturer(info)),
            model: Self.taking(gupnp_device_info_get_model_name(info)))
        var services: [UPnPRequest.Service: GObjectRef] = [:]
        for service in UPnPRequest.Service.allCases {
            if let found = gupnp_device_info_get_service(info, service.rawValue) {
                services[service] = GObjectRef(adopting: UnsafeMutableRawPointer(found))
            }
        }
        let client: UnsafeMutablePointer<GSSDPClient> = gcast(context)
        let host = gssdp_client_get_host_ip(client).map { String(cString: $0) } ?? ""
        devices.removeAll { $0.context == context && ($0.proxy == proxy || $0.renderer.udn == udn) }
        devices.append(Device(context: context, proxy: proxy, renderer: renderer, hostAddress: host, services: services))
        publish()
    }

    private func deviceUnavailable(_ proxy: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer) {
        let info: UnsafeMutablePointer<GUPnPDeviceInfo> = gcast(proxy)
        let udn = NetworkText.cleaned(gupnp_device_info_get_udn(info).map { String(cString: $0) } ?? "")
        devices.removeAll { $0.context == context && ($0.proxy == proxy || $0.renderer.udn == udn) }
        publish()
    }

    /// Tells `changed` the list, each UDN once (a renderer seen on two interfaces is one screen), when it changed.
    private func publish() {
        var seen = Set<String>()
        let list = devices.map(\.renderer).filter { seen.insert($0.udn).inserted }
        guard list != published else { return }
        published = list
        changed?(list)
    }

    /// A GLib string the caller owns, cleaned and freed.
    private static func taking(_ text: UnsafeMutablePointer<CChar>?) -> String {
        guard let text else { return "" }
        defer { g_free(text) }
        return NetworkText.cleaned(String(cString: text))
    }
}
