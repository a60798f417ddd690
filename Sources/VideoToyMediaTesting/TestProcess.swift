import Glibc

/// Settings for the process that runs the tests.
public enum TestProcess {
    private static let brokenPipesIgnored: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Makes a write to a closed pipe or socket fail with EPIPE instead of killing the whole test run with SIGPIPE,
    /// so the test that wrote fails and says so; children the tests start get the default back (`ChildProcess`).
    public static func ignoreBrokenPipes() { _ = brokenPipesIgnored }
}
