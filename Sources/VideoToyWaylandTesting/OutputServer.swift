import CWaylandServer
import Glibc
import VideoToyCore

/// The protocol side of `FakeOutputCompositor`: heads and their modes as a wlroots compositor announces them,
/// configurations checked and applied the way the protocol describes. Used on the compositor's thread only.
final class OutputServer {
    var heads: [OutputHead]
    var serial: UInt32 = 1
    /// How many of the next configurations to cancel, as if an output had been plugged meanwhile.
    var cancelNext = 0
    /// Whether to refuse the next configuration.
    var failNext = false
    var log: [FakeConfiguration] = []
    var protocolErrors: [String] = []
    private var bindings: [ManagerBinding] = []

    init(heads: [OutputHead]) { self.heads = heads }

    var opaque: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }

    // MARK: Binding and announcing

    func bind(_ client: OpaquePointer, version: UInt32, id: UInt32) {
        guard let resource = wl_resource_create(client, vt_server_manager_interface(), Int32(version), id) else { return }
        let binding = ManagerBinding(resource: resource, version: Int32(version), server: self)
        attach(resource, serverDispatcher, binding)
        bindings.append(binding)
        for index in heads.indices { announce(index, to: binding) }
        post(resource, VT_WLR_MANAGER_DONE.rawValue, [.uint(serial)])
    }

    func forget(_ binding: ManagerBinding) { bindings.removeAll { $0 === binding } }

    private func announce(_ index: Int, to binding: ManagerBinding) {
        let client = wl_resource_get_client(binding.resource)
        guard let resource = wl_resource_create(client, vt_server_head_interface(), binding.version, 0) else { return }
        attach(resource, serverDispatcher, HeadData(binding: binding, index: index))
        while binding.heads.count <= index { binding.heads.append(nil); binding.modes.append([]) }
        binding.heads[index] = resource
        post(binding.resource, VT_WLR_MANAGER_HEAD.rawValue, [.object(resource)])
        let head = heads[index]
        post(resource, VT_WLR_HEAD_NAME.rawValue, [.string(head.name)])
        post(resource, VT_WLR_HEAD_DESCRIPTION.rawValue, [.string(head.description)])
        binding.modes[index] = []
        for (modeIndex, mode) in head.modes.enumerated() {
            guard let modeResource = wl_resource_create(client, vt_server_mode_interface(), binding.version, 0) else { continue }
            attach(modeResource, serverDispatcher, ModeData(binding: binding, head: index, index: modeIndex))
            binding.modes[index].append(modeResource)
            post(resource, VT_WLR_HEAD_MODE.rawValue, [.object(modeResource)])
            post(modeResource, VT_WLR_MODE_SIZE.rawValue, [.int(mode.mode.width), .int(mode.mode.height)])
            if mode.mode.refreshMilliHz > 0 { post(modeResource, VT_WLR_MODE_REFRESH.rawValue, [.int(mode.mode.refreshMilliHz)]) }
            if mode.isPreferred { post(modeResource, VT_WLR_MODE_PREFERRED.rawValue, []) }
        }
        sendState(index, to: binding)
    }

    private func sendState(_ index: Int, to binding: ManagerBinding) {
        guard binding.heads.indices.contains(index), let resource = binding.heads[index] else { return }
        let head = heads[index]
        post(resource, VT_WLR_HEAD_ENABLED.rawValue, [.int(head.isEnabled ? 1 : 0)])
        guard head.isEnabled else { return }
        if let current = head.currentModeIndex, binding.modes[index].indices.contains(current), let mode = binding.modes[index][current] {
            post(resource, VT_WLR_HEAD_CURRENT_MODE.rawValue, [.object(mode)])
        }
        post(resource, VT_WLR_HEAD_POSITION.rawValue, [.int(head.x), .int(head.y)])
        post(resource, VT_WLR_HEAD_TRANSFORM.rawValue, [.int(head.transform)])
        post(resource, VT_WLR_HEAD_SCALE.rawValue, [.fixed(head.scale)])
    }

    /// Tells every client about the heads' state now, under a new serial.
    func announceChange() {
        serial += 1
        for binding in bindings {
            for index in heads.indices { sendState(index, to: binding) }
            post(binding.resource, VT_WLR_MANAGER_DONE.rawValue, [.uint(serial)])
        }
    }

    // MARK: Requests

    func request(_ data: ResourceData, _ resource: OpaquePointer, _ opcode: UInt32, _ args: UnsafeMutablePointer<wl_argument>) {
        switch data {
        case let binding as ManagerBinding: managerRequest(binding, opcode, args)
        case let configuration as ConfigurationData: configurationRequest(configuration, resource, opcode, args)
        case let head as ConfigurationHeadData: configurationHeadRequest(head, resource, opcode, args)
        case is HeadData, is ModeData:
            // The only request either has is release.
            wl_resource_destroy(resource)
        default: break
        }
    }

    private func managerRequest(_ binding: ManagerBinding, _ opcode: UInt32, _ args: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case VT_WLR_MANAGER_CREATE_CONFIGURATION.rawValue:
            let client = wl_resource_get_client(binding.resource)
            guard let resource = wl_resource_create(client, vt_server_configuration_interface(), binding.version, args[0].n) else { return }
            attach(resource, serverDispatcher, ConfigurationData(serial: args[1].u, version: binding.version))
        case VT_WLR_MANAGER_STOP.rawValue:
            post(binding.resource, VT_WLR_MANAGER_FINISHED.rawValue, [])
            wl_resource_destroy(binding.resource)
        default: break
        }
    }

    private func configurationRequest(
        _ configuration: ConfigurationData, _ resource: OpaquePointer, _ opcode: UInt32, _ args: UnsafeMutablePointer<wl_argument>
    ) {
        switch opcode {
        case VT_WLR_CONFIGURATION_ENABLE_HEAD.rawValue, VT_WLR_CONFIGURATION_DISABLE_HEAD.rawValue:
            let enable = opcode == VT_WLR_CONFIGURATION_ENABLE_HEAD.rawValue
            guard let headResource = (enable ? args[1].o : args[0].o) as OpaquePointer?, let head = data(of: headResource) as? HeadData
            else { return }
            let name = heads[head.index].name
            guard !configuration.settings.contains(where: { $0.head == name }) else {
                return error(resource, 1, "\(name) configured twice")
            }
            configuration.settings.append(HeadSetting(head: name, isEnabled: enable))
            configuration.positions.append(nil)
            configuration.transforms.append(nil)
            configuration.scales.append(nil)
            guard enable else { return }
            let client = wl_resource_get_client(resource)
            guard let configHead = wl_resource_create(client, vt_server_configuration_head_interface(), configuration.version, args[0].n)
            else { return }
            attach(
                configHead, serverDispatcher, ConfigurationHeadData(configuration: configuration, index: configuration.settings.count - 1))
        case VT_WLR_CONFIGURATION_APPLY.rawValue, VT_WLR_CONFIGURATION_TEST.rawValue:
            finish(configuration, resource, apply: opcode == VT_WLR_CONFIGURATION_APPLY.rawValue)
        case VT_WLR_CONFIGURATION_DESTROY.rawValue:
            wl_resource_destroy(resource)
        default: break
        }
    }

    private func configurationHeadRequest(
        _ head: ConfigurationHeadData, _ resource: OpaquePointer, _ opcode: UInt32, _ args: UnsafeMutablePointer<wl_argument>
    ) {
        let configuration = head.configuration
        let index = head.index
        switch opcode {
        case VT_WLR_CONFIGURATION_HEAD_SET_MODE.rawValue:
            guard let modeResource = args[0].o as OpaquePointer?, let mode = data(of: modeResource) as? ModeData,
                heads[mode.head].name == configuration.settings[index].head
            else { return error(resource, 2, "mode of another head") }
            configuration.settings[index].mode = .listed(mode.index)
        case VT_WLR_CONFIGURATION_HEAD_SET_CUSTOM_MODE.rawValue:
            configuration.settings[index].mode = .custom(
                ScreenMode(width: Int(args[0].i), height: Int(args[1].i), refreshMilliHz: Int(args[2].i)))
        case VT_WLR_CONFIGURATION_HEAD_SET_POSITION.rawValue: configuration.positions[index] = (Int(args[0].i), Int(args[1].i))
        case VT_WLR_CONFIGURATION_HEAD_SET_TRANSFORM.rawValue: configuration.transforms[index] = Int(args[0].i)
        case VT_WLR_CONFIGURATION_HEAD_SET_SCALE.rawValue: configuration.scales[index] = Double(args[0].f) / 256
        default: break
        }
    }

    /// Answers `apply` or `test` as a compositor would: cancelled for a stale serial, failed for a mode it cannot
    /// show (a custom mode none of its modes equals), else applied and announced.
    private func finish(_ configuration: ConfigurationData, _ resource: OpaquePointer, apply: Bool) {
        guard !configuration.isUsed else { return error(resource, 3, "configuration used twice") }
        configuration.isUsed = true
        for index in configuration.settings.indices {
            let name = configuration.settings[index].head
            guard let head = heads.first(where: { $0.name == name }) else { continue }
            let parts = (configuration.positions[index], configuration.transforms[index], configuration.scales[index])
            if parts.0 != nil || parts.1 != nil || parts.2 != nil {
                configuration.settings[index].placement = HeadSetting.Placement(
                    x: parts.0?.x ?? head.x, y: parts.0?.y ?? head.y, transform: parts.1 ?? head.transform, scale: parts.2 ?? head.scale)
            }
        }
        let answer: FakeConfiguration.Answer
        if Set(configuration.settings.map(\.head)) != Set(heads.map(\.name)) {
            return error(resource, 2, "not every head is configured")
        } else if cancelNext > 0 {
            cancelNext -= 1
            // Something changed meanwhile: the serial moves on and the client is told.
            announceChange()
            answer = .cancelled
        } else if configuration.serial != serial {
            answer = .cancelled
        } else if failNext || !configuration.settings.allSatisfy(isShowable) {
            failNext = false
            answer = .failed
        } else {
            if apply { take(configuration.settings) }
            answer = .succeeded
        }
        log.append(FakeConfiguration(heads: configuration.settings, isApply: apply, serial: configuration.serial, answer: answer))
        let opcode: UInt32
        switch answer {
        case .succeeded: opcode = VT_WLR_CONFIGURATION_SUCCEEDED.rawValue
        case .failed: opcode = VT_WLR_CONFIGURATION_FAILED.rawValue
        case .cancelled: opcode = VT_WLR_CONFIGURATION_CANCELLED.rawValue
        }
        post(resource, opcode, [])
    }

    private func isShowable(_ setting: HeadSetting) -> Bool {
        guard case .custom(let mode) = setting.mode else { return true }
        return heads.first { $0.name == setting.head }?.index(of: mode) != nil
    }

    private func take(_ settings: [HeadSetting]) {
        for setting in settings {
            guard let index = heads.firstIndex(where: { $0.name == setting.head }) else { continue }
            heads[index].isEnabled = setting.isEnabled
            switch setting.mode {
            case .listed(let mode): heads[index].currentModeIndex = mode
            case .custom(let mode): heads[index].currentModeIndex = heads[index].index(of: mode)
            case nil: break
            }
            if let placement = setting.placement {
                heads[index].x = placement.x
                heads[index].y = placement.y
                heads[index].transform = placement.transform
                heads[index].scale = placement.scale
            }
        }
        announceChange()
    }

    // MARK: libwayland

    private func error(_ resource: OpaquePointer, _ code: UInt32, _ message: String) {
        protocolErrors.append(message)
        vt_server_post_error(resource, code, message)
    }

    private func attach(_ resource: OpaquePointer, _ dispatcher: wl_dispatcher_func_t, _ data: ResourceData) {
        wl_resource_set_dispatcher(resource, dispatcher, opaque, Unmanaged.passRetained(data).toOpaque(), resourceDestroyed)
    }

    private func data(of resource: OpaquePointer) -> ResourceData? {
        wl_resource_get_user_data(resource).map { Unmanaged<ResourceData>.fromOpaque($0).takeUnretainedValue() }
    }

    private func post(_ resource: OpaquePointer, _ opcode: UInt32, _ values: [EventArgument]) {
        var strings: [UnsafeMutablePointer<CChar>] = []
        defer { strings.forEach { free($0) } }
        var args = values.map { value -> wl_argument in
            var arg = wl_argument()
            switch value {
            case .int(let number): arg.i = Int32(number)
            case .uint(let number): arg.u = number
            case .fixed(let number): arg.f = Int32((number * 256).rounded())
            case .string(let text):
                let copy = strdup(text)!
                strings.append(copy)
                arg.s = UnsafePointer(copy)
            case .object(let object): arg.o = object
            }
            return arg
        }
        wl_resource_post_event_array(resource, opcode, &args)
    }
}

private let serverDispatcher: wl_dispatcher_func_t = { implementation, target, opcode, _, args in
    guard let implementation, let target, let args, let data = wl_resource_get_user_data(OpaquePointer(target)) else { return 0 }
    let server = Unmanaged<OutputServer>.fromOpaque(implementation).takeUnretainedValue()
    server.request(Unmanaged<ResourceData>.fromOpaque(data).takeUnretainedValue(), OpaquePointer(target), opcode, args)
    return 0
}

private let resourceDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let data = wl_resource_get_user_data(resource) else { return }
    let owned = Unmanaged<ResourceData>.fromOpaque(data)
    owned.takeUnretainedValue().destroyed()
    owned.release()
}
