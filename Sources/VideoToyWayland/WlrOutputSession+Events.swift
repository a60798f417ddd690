import CWayland
import Glibc
import VideoToyCore

/// The compositor's events, as the dispatchers below hand them over: they update the heads and modes, and
/// record the answers `roundTrip` and `apply` wait for.
extension WlrOutputSession {
    func registryEvent(_ opcode: UInt32, _ args: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case UInt32(VT_WL_REGISTRY_GLOBAL.rawValue):
            if let interface = args[1].s, String(cString: interface) == "zwlr_output_manager_v1" {
                managerGlobal = (args[0].u, args[2].u)
            }
        case UInt32(VT_WL_REGISTRY_GLOBAL_REMOVE.rawValue):
            if managerGlobal?.name == args[0].u, manager != nil { lose(.managementWithdrawn) }
        default:
            break
        }
    }

    func managerEvent(_ opcode: UInt32, _ args: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case UInt32(VT_WLR_MANAGER_HEAD.rawValue):
            guard let proxy = args[0].o as OpaquePointer? else { return }
            let head = HeadRecord(proxy: proxy)
            heads.append(head)
            wl_proxy_add_dispatcher(proxy, headDispatcher, opaque, Unmanaged.passUnretained(head).toOpaque())
        case UInt32(VT_WLR_MANAGER_DONE.rawValue):
            serial = args[0].u
        case UInt32(VT_WLR_MANAGER_FINISHED.rawValue):
            // A destructor event: the compositor has dropped the manager already.
            if let manager { wl_proxy_destroy(manager) }
            manager = nil
            lose(.managementStopped)
        default:
            break
        }
    }

    func headEvent(_ head: HeadRecord, _ opcode: UInt32, _ args: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case UInt32(VT_WLR_HEAD_NAME.rawValue): head.name = args[0].s.map { String(cString: $0) } ?? ""
        case UInt32(VT_WLR_HEAD_DESCRIPTION.rawValue): head.description = args[0].s.map { String(cString: $0) } ?? ""
        case UInt32(VT_WLR_HEAD_MODE.rawValue):
            guard let proxy = args[0].o as OpaquePointer? else { return }
            let mode = ModeRecord(proxy: proxy, head: head)
            head.modes.append(mode)
            wl_proxy_add_dispatcher(proxy, modeDispatcher, opaque, Unmanaged.passUnretained(mode).toOpaque())
        case UInt32(VT_WLR_HEAD_ENABLED.rawValue):
            head.isEnabled = args[0].i != 0
            if !head.isEnabled { head.current = nil }
        case UInt32(VT_WLR_HEAD_CURRENT_MODE.rawValue):
            let proxy: OpaquePointer? = args[0].o
            head.current = head.modes.first { $0.proxy == proxy }
        case UInt32(VT_WLR_HEAD_POSITION.rawValue):
            head.x = Int(args[0].i)
            head.y = Int(args[1].i)
        case UInt32(VT_WLR_HEAD_TRANSFORM.rawValue): head.transform = Int(args[0].i)
        case UInt32(VT_WLR_HEAD_SCALE.rawValue): head.scale = Double(args[0].f) / 256
        case UInt32(VT_WLR_HEAD_FINISHED.rawValue):
            heads.removeAll { $0 === head }
            release(head)
        default:
            // Physical size, make, model, serial number and adaptive sync say nothing about modes.
            break
        }
    }

    func modeEvent(_ mode: ModeRecord, _ opcode: UInt32, _ args: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case UInt32(VT_WLR_MODE_SIZE.rawValue):
            mode.width = Int(args[0].i)
            mode.height = Int(args[1].i)
        case UInt32(VT_WLR_MODE_REFRESH.rawValue): mode.refreshMilliHz = Int(args[0].i)
        case UInt32(VT_WLR_MODE_PREFERRED.rawValue): mode.isPreferred = true
        case UInt32(VT_WLR_MODE_FINISHED.rawValue):
            let head = mode.head
            head.modes.removeAll { $0 === mode }
            if head.current === mode { head.current = nil }
            vt_wlr_mode_release(mode.proxy)
        default:
            break
        }
    }

    func callbackEvent() { syncDone = true }

    func configurationEvent(_ opcode: UInt32) {
        switch opcode {
        case UInt32(VT_WLR_CONFIGURATION_SUCCEEDED.rawValue): answer = .succeeded
        case UInt32(VT_WLR_CONFIGURATION_FAILED.rawValue): answer = .failed
        case UInt32(VT_WLR_CONFIGURATION_CANCELLED.rawValue): answer = .cancelled
        default: break
        }
    }

    func release(_ head: HeadRecord) {
        head.modes.forEach { vt_wlr_mode_release($0.proxy) }
        head.modes = []
        head.current = nil
        vt_wlr_head_release(head.proxy)
    }
}

/// The session an event's dispatcher was registered with.
private func session(_ implementation: UnsafeRawPointer?) -> WlrOutputSession? {
    implementation.map { Unmanaged<WlrOutputSession>.fromOpaque($0).takeUnretainedValue() }
}

let registryDispatcher: wl_dispatcher_func_t = { implementation, _, opcode, _, args in
    if let args { session(implementation)?.registryEvent(opcode, args) }
    return 0
}

let managerDispatcher: wl_dispatcher_func_t = { implementation, _, opcode, _, args in
    if let args { session(implementation)?.managerEvent(opcode, args) }
    return 0
}

let headDispatcher: wl_dispatcher_func_t = { implementation, target, opcode, _, args in
    guard let args, let target, let data = wl_proxy_get_user_data(OpaquePointer(target)) else { return 0 }
    session(implementation)?.headEvent(Unmanaged<HeadRecord>.fromOpaque(data).takeUnretainedValue(), opcode, args)
    return 0
}

let modeDispatcher: wl_dispatcher_func_t = { implementation, target, opcode, _, args in
    guard let args, let target, let data = wl_proxy_get_user_data(OpaquePointer(target)) else { return 0 }
    session(implementation)?.modeEvent(Unmanaged<ModeRecord>.fromOpaque(data).takeUnretainedValue(), opcode, args)
    return 0
}

let callbackDispatcher: wl_dispatcher_func_t = { implementation, _, _, _, _ in
    session(implementation)?.callbackEvent()
    return 0
}

let configurationDispatcher: wl_dispatcher_func_t = { implementation, _, opcode, _, _ in
    session(implementation)?.configurationEvent(opcode)
    return 0
}
