/// One argument of an event the fake sends.
enum EventArgument {
    case int(Int)
    case uint(UInt32)
    case fixed(Double)
    case string(String)
    /// A resource, also for a new_id the server created.
    case object(OpaquePointer)
}
