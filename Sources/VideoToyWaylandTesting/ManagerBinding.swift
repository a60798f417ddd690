/// A bound output manager and the head and mode resources it was told about.
final class ManagerBinding: ResourceData {
    let resource: OpaquePointer
    let version: Int32
    unowned let server: OutputServer
    /// Per head index, its resource and its modes' resources.
    var heads: [OpaquePointer?] = []
    var modes: [[OpaquePointer?]] = []

    init(resource: OpaquePointer, version: Int32, server: OutputServer) {
        self.resource = resource
        self.version = version
        self.server = server
    }

    override func destroyed() {
        server.forget(self)
    }
}
