/// What a fake compositor's resource stands for: handed to libwayland retained, released when the resource is
/// destroyed (by the client, or with its connection).
class ResourceData {
    /// Called once the resource is gone.
    func destroyed() {}
}
