import Foundation

/// Runs short-lived helper commands (xrandr, convert, the display script) synchronously.
public enum Command {
    /// Runs `arguments[0]` found on PATH; `extraEnvironment` is added to this process's environment.
    public static func run(_ arguments: [String], extraEnvironment: [String: String] = [:]) throws -> CommandResult {
        // Files rather than pipes: nothing can keep them open past the command's exit, and nothing can fill up.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("cmd-\(UUID().uuidString)")
        let out = base.appendingPathExtension("out"), err = base.appendingPathExtension("err")
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let environment = ProcessInfo.processInfo.environment.merging(extraEnvironment) { $1 }
        let child = try ChildProcess(arguments, environment: environment, stdout: out.path, stderr: err.path)
        let termination = child.wait()
        return CommandResult(
            status: termination.status, stdout: (try? Data(contentsOf: out)) ?? Data(),
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// Like `run`, but throws with the command line and its stderr unless it exits 0.
    @discardableResult
    public static func check(_ arguments: [String], extraEnvironment: [String: String] = [:]) throws -> CommandResult {
        let result = try run(arguments, extraEnvironment: extraEnvironment)
        guard result.status == 0 else {
            throw HarnessError("`\(arguments.joined(separator: " "))` exited \(result.status): \(result.stderr)")
        }
        return result
    }
}
