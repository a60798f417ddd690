import Foundation

/// Tells the person at the terminal what the benchmark is doing, on stderr so stdout stays the report.
func note(_ message: String) {
    FileHandle.standardError.write(Data("bench: \(message)\n".utf8))
}
