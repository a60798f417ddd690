import Foundation

/// Runs ffmpeg, the test tiers' clip maker, once, and fails with what it printed.
enum FFmpegRun {
    /// Runs the ffmpeg at `ffmpeg` with `arguments`; `making` names the file in the failure.
    static func run(_ ffmpeg: String, _ arguments: [String], making path: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let making = path.map { " making \($0)" } ?? ""
            throw SetUpFailure(
                description: "ffmpeg exited with \(process.terminationStatus)\(making): \(String(decoding: said, as: UTF8.self))")
        }
    }
}
