import Glibc

/// What a finished child process cost, as time(1) reports it.
public struct ResourceUsage: Sendable, Equatable {
    /// CPU seconds in user mode.
    public let userSeconds: Double
    /// CPU seconds in the kernel on its behalf.
    public let systemSeconds: Double
    /// Peak resident memory in KiB.
    public let maxResidentKB: Int
    /// Seconds from start to being reaped (within the few milliseconds a poll takes).
    public let wallSeconds: Double

    /// User plus system time.
    public var cpuSeconds: Double { userSeconds + systemSeconds }

    /// Converts the kernel's rusage, with the wall time measured outside.
    init(_ usage: rusage, wall: Duration) {
        userSeconds = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        systemSeconds = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        maxResidentKB = usage.ru_maxrss
        wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
    }
}
