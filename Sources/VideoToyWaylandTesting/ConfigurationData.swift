import VideoToyCore

/// A configuration being built by a client.
final class ConfigurationData: ResourceData {
    let serial: UInt32
    let version: Int32
    var settings: [HeadSetting] = []
    /// Per setting, the placement parts the client set.
    var positions: [(x: Int, y: Int)?] = []
    var transforms: [Int?] = []
    var scales: [Double?] = []
    var isUsed = false

    init(serial: UInt32, version: Int32) {
        self.serial = serial
        self.version = version
    }
}
