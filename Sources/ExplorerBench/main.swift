import Foundation

// explorer-bench: prints figures, one `name=value` per line, the headline last.
//   explorer-bench client [--requests N] [--batches B]
//   explorer-bench backoff [--retries N]
//   explorer-bench tui [--runs N]
let arguments = Array(CommandLine.arguments.dropFirst())
let options = BenchOptions(arguments.dropFirst())
switch arguments.first {
case "client":
    await ClientBenchmark(requestsPerBatch: options.int("--requests", default: 200), batches: options.int("--batches", default: 20)).run()
case "backoff":
    await BackoffBenchmark(retries: options.int("--retries", default: 200)).run()
case "tui":
    await TUIBenchmark(runs: options.int("--runs", default: 5)).run()
default:
    FileHandle.standardError.write(Data("usage: explorer-bench client [--requests N] [--batches B] | backoff [--retries N] | tui [--runs N]\n".utf8))
    exit(2)
}
