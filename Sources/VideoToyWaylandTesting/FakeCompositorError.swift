/// Why the fake compositor could not start.
public struct FakeCompositorError: Error, CustomStringConvertible {
    /// What failed.
    public let description: String
    init(_ description: String) { self.description = description }
}
