import Foundation

// The benchmark behind scripts/bench; see docs/benchmarks.md for what every figure means.
do {
    let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
    if options.help {
        print(BenchOptions.usage)
        exit(0)
    }
    try Bench(options: options).run()
} catch let error as BenchOptions.UsageError {
    FileHandle.standardError.write(Data("bench: \(error)\n\(BenchOptions.usage)\n".utf8))
    exit(2)
} catch {
    note("\(error)")
    exit(1)
}
