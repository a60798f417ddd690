/// How a child process ended.
public enum Termination: Sendable, Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// This signal ended it.
    case signaled(Int32)

    /// The exit status, or the signal number for a signal.
    public var status: Int32 {
        switch self {
        case .exited(let code), .signaled(let code): code
        }
    }
}
