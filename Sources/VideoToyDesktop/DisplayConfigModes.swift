import Dispatch
import VideoToyCore
import VideoToyGObject

/// Reads and sets display modes through GNOME's compositor (`org.gnome.Mutter.DisplayConfig`) on a thread of its
/// own; `DisplayConfigChanges` decides what to apply and restore, this only carries it out.
///
/// Every call is a blocking round trip to the compositor, which may be busy switching modes: none of it runs on the
/// main loop. The machine is used only on `queue`, one call at a time.
public final class DisplayConfigModes: DisplayModeSetter, @unchecked Sendable {
    /// The D-Bus name, object and interface of the API.
    public static let busName = "org.gnome.Mutter.DisplayConfig"
    static let objectPath = "/org/gnome/Mutter/DisplayConfig"

    /// The API's name for the capability report.
    public let apiName = "GNOME DisplayConfig"
    /// True: mutter lists only the monitors it has, each active one with its current mode.
    public var reportsDrivenOutputs: Bool { true }
    private let bus: DBusConnection
    private let queue = DispatchQueue(label: "org.videotoy.displayconfig")
    private var changes = DisplayConfigChanges()

    /// Connects to the session bus (or the bus at `address`) and reads the configuration once; throws why the API
    /// cannot be used.
    public init(address: String? = nil) throws(ModeSettingUnavailable) {
        do {
            bus = try DBusConnection.connect(address: address)
            _ = try Self.layout(bus.call(Self.busName, Self.objectPath, Self.busName, "GetCurrentState"))
        } catch {
            throw .noDisplayConfig(detail: "\(error)")
        }
    }

    /// The compositor's configuration now, waiting for it; any thread.
    public func currentLayout() throws(DBusCallError) -> DisplayLayout {
        try Self.layout(bus.call(Self.busName, Self.objectPath, Self.busName, "GetCurrentState"))
    }

    /// Reads every connector's modes off the main loop and hands them to `done` on the main actor.
    public func readModes(then done: @escaping @MainActor @Sendable ([String: OutputModes]) -> Void) {
        queue.answerOnMain({ [self] in modesOnQueue() }, then: done)
    }

    /// Reads every connector's modes, waiting for them.
    public func readModesNow() -> [String: OutputModes] {
        queue.sync { modesOnQueue() }
    }

    /// Sets or restores a mode off the main loop; `done` receives why not, or nil, on the main actor.
    public func setMode(
        _ mode: ScreenMode, connector: String, restoring: Bool, then done: @escaping @MainActor @Sendable (ModeSettingUnavailable?) -> Void
    ) {
        queue.answerOnMain({ [self] in changeOnQueue(mode, connector, restoring: restoring) }, then: done)
    }

    /// Sets or restores a mode, waiting for it; returns why not, or nil.
    public func setModeNow(_ mode: ScreenMode, connector: String, restoring: Bool) -> ModeSettingUnavailable? {
        queue.sync { changeOnQueue(mode, connector, restoring: restoring) }
    }

    private func modesOnQueue() -> [String: OutputModes] {
        guard let layout = try? currentLayout() else { return [:] }
        // Whatever changed the configuration, if it was not us, ends our claim to put it back.
        changes.observe(layout)
        return layout.outputModes
    }

    private func changeOnQueue(_ mode: ScreenMode, _ connector: String, restoring: Bool) -> ModeSettingUnavailable? {
        let layout: DisplayLayout
        do { layout = try currentLayout() } catch { return .configurationUnreadable(detail: "\(error)") }
        let decision = restoring ? changes.restore(connector, in: layout) : changes.set(mode, on: connector, in: layout)
        switch decision {
        case .nothing:
            return nil
        case .leave(let reason):
            return reason
        case .apply(let config):
            do {
                try apply(config)
            } catch {
                changes.finished(nil)
                return .refused(mode, connector: connector, detail: "\(error)")
            }
            changes.finished(try? currentLayout())
            return nil
        }
    }

    /// Applies `config` as it is, waiting for the compositor's answer; any thread. The app goes through the
    /// machine instead (`setMode`), which also remembers what to restore.
    public func apply(_ config: MonitorsConfig) throws(DBusCallError) {
        _ = try bus.call(Self.busName, Self.objectPath, Self.busName, "ApplyMonitorsConfig", Self.arguments(config))
    }

    /// A `GetCurrentState` reply as a layout; throws when its shape is not the documented one.
    public static func layout(_ reply: VariantValue) throws(DBusCallError) -> DisplayLayout {
        let parts = reply.elements
        guard parts.count == 4, case .uint32(let serial) = parts[0] else { throw DBusCallError("unexpected GetCurrentState reply") }
        let monitors = parts[1].elements.compactMap(monitor)
        let logical = parts[2].elements.compactMap(logicalMonitor)
        // Layout mode 2 is "physical": logical monitors are as large as their modes whatever the scale.
        let physical = parts[3]["layout-mode"] == .uint32(2)
        return DisplayLayout(serial: serial, monitors: monitors, logicalMonitors: logical, scalesLogically: !physical)
    }

    private static func monitor(_ value: VariantValue) -> LayoutMonitor? {
        let fields = value.elements
        guard fields.count >= 2, let spec = specification(fields[0]) else { return nil }
        let modes = fields[1].elements.compactMap { mode -> LayoutMode? in
            let mode = mode.elements
            guard mode.count >= 7, case .string(let id) = mode[0], case .int32(let width) = mode[1], case .int32(let height) = mode[2],
                case .double(let refresh) = mode[3], case .double(let preferredScale) = mode[4],
                // The bus's numbers are checked before conversion: NaN or 1e300 Hz would trap.
                refresh > 0, refresh < 10_000
            else { return nil }
            let scales = mode[5].elements.compactMap { scale -> Double? in if case .double(let value) = scale { value } else { nil } }
            return LayoutMode(
                id: id, mode: ScreenMode(width: Int(width), height: Int(height), refreshMilliHz: Int((refresh * 1000).rounded())),
                preferredScale: preferredScale, supportedScales: scales, isCurrent: mode[6]["is-current"] == .bool(true))
        }
        return LayoutMonitor(connector: spec[0], vendor: spec[1], product: spec[2], serialNumber: spec[3], modes: modes)
    }

    private static func logicalMonitor(_ value: VariantValue) -> LogicalMonitor? {
        let fields = value.elements
        guard fields.count >= 6, case .int32(let x) = fields[0], case .int32(let y) = fields[1], case .double(let scale) = fields[2],
            case .uint32(let transform) = fields[3], case .bool(let primary) = fields[4]
        else { return nil }
        return LogicalMonitor(
            x: Int(x), y: Int(y), scale: scale, transform: transform, isPrimary: primary,
            connectors: fields[5].elements.compactMap { specification($0)?[0] })
    }

    /// Connector, vendor, product and serial.
    private static func specification(_ value: VariantValue) -> [String]? {
        let strings = value.elements.compactMap { field -> String? in if case .string(let text) = field { text } else { nil } }
        return strings.count == 4 ? strings : nil
    }

    /// The `ApplyMonitorsConfig` arguments for `config`.
    public static func arguments(_ config: MonitorsConfig) -> VariantValue {
        let logical = config.logicalMonitors.map { monitor in
            VariantValue.tuple([
                .int32(Int32(clamping: monitor.x)), .int32(Int32(clamping: monitor.y)), .double(monitor.scale), .uint32(monitor.transform),
                .bool(monitor.isPrimary),
                .array(
                    elementType: "(ssa{sv})",
                    monitor.monitors.map { .tuple([.string($0.connector), .string($0.modeID), .dictionary([:])]) }),
            ])
        }
        return .tuple([
            .uint32(config.serial), .uint32(config.method.rawValue), .array(elementType: "(iiduba(ssa{sv}))", logical), .dictionary([:]),
        ])
    }
}
