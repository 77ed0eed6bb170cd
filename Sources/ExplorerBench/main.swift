import Foundation

// explorer-bench: prints figures, one `name=value` per line, the headline last.
//   explorer-bench client [--requests N] [--batches B]
//   explorer-bench client-instructions    (valgrind's callgrind counts instructions per exchange)
//   explorer-bench client-loop core|raw|rawspinN COUNT [BASE_URL]   (one side's loop, for callgrind or perf stat;
//                                  rawspinN: raw AHC with N µs of the caller's own work between requests)
//   explorer-bench backoff [--retries N]
//   explorer-bench jsonpath [--runs N] [--megabytes M]   (our parser and RFC 9535 engine vs jq, same file, same run)
//   explorer-bench tui [--runs N]
//   explorer-bench spool [--megabytes M] [--runs N] [--tui]   (a body spooled and viewed: peak RSS, scroll to its end; --tui: in tmux too)
//   explorer-bench import [FILE | --generated OPERATIONS] [--runs N]   (import's read and plan; default: the largest OpenAPI fixture)
//   explorer-bench chain [--requests N] [--runs R]   (a request file run vs the same requests with no checks; checks on 10 MB)
//   explorer-bench picker [--requests N]   (the saved-request picker: update + render per keystroke)
//   explorer-bench stream [--events N] [--runs R]   (SSE parsed at 10,000/s and unpaced; in tmux: a row after its bytes, keys during a stream)
//   explorer-bench decode [--runs N] [--megabytes M]   (a gzip body: explorer send -o /dev/null vs curl --compressed, same body, same run)
//   explorer-bench oauth [--requests N] [--batches B]   (an OAuth 2.0 profile's stored token vs the same as bearer auth; 50 requests on a stale token)
//   explorer-bench websocket [--messages N] [--flood N] [--runs R]   (send --echo vs a Python websockets client; a flood's loss and peak RSS)
//   explorer-bench graphql [--types N] [--runs R]                      (introspection to SDL on N types; graphql check of 1,000 lines)
//   explorer-bench soak [--count N] [--concurrency C] [--seed S] [--events-buffer B] [--watchdog S]
let arguments = Array(CommandLine.arguments.dropFirst())
let options = BenchOptions(arguments.dropFirst())
switch arguments.first {
case "client":
    await ClientBenchmark(requestsPerBatch: options.int("--requests", default: 200), batches: options.int("--batches", default: 20)).run()
case "client-instructions":
    // The instruction count alone (what the `client` mode prints before its headline).
    if case .failure = ClientInstructions.report() { exit(1) }
case "client-loop":
    // One side's loop, for ClientInstructions to count under callgrind.
    await ClientInstructions.loop(side: arguments.dropFirst().first ?? "core", count: Int(arguments.dropFirst(2).first ?? "") ?? 1_000,
                                  base: arguments.dropFirst(3).first)
case "jsonpath":
    await JSONPathBenchmark(runs: options.int("--runs", default: 5), megabytes: options.int("--megabytes", default: 10)).run()
case "backoff":
    await BackoffBenchmark(retries: options.int("--retries", default: 200)).run()
case "tui":
    await TUIBenchmark(runs: options.int("--runs", default: 5)).run()
case "spool":
    await SpoolBenchmark(megabytes: options.int("--megabytes", default: 300), runs: options.int("--runs", default: 20),
                         tui: arguments.contains("--tui")).run()
case "import":
    ImportBenchmark(file: arguments.dropFirst().first.flatMap { $0.hasPrefix("--") ? nil : $0 },
                    generated: arguments.contains("--generated") ? options.int("--generated", default: 200) : nil,
                    runs: options.int("--runs", default: 5)).run()
case "chain":
    await ChainBenchmark(requests: options.int("--requests", default: 1_000), runs: options.int("--runs", default: 5)).run()
case "picker":
    PickerBenchmark(count: options.int("--requests", default: 5_000)).run()
case "stream":
    await StreamBenchmark(events: options.int("--events", default: 100_000), runs: options.int("--runs", default: 3)).run()
case "decode":
    await DecodeBenchmark(runs: options.int("--runs", default: 5), megabytes: options.int("--megabytes", default: 100)).run()
case "oauth":
    await OAuthBenchmark(requests: options.int("--requests", default: 200), batches: options.int("--batches", default: 20)).run()
case "websocket":
    await WebSocketBenchmark(messages: options.int("--messages", default: 10_000), flood: options.int("--flood", default: 100_000),
                             runs: options.int("--runs", default: 3)).run()
case "graphql":
    GraphQLBenchmark(types: options.int("--types", default: 1_000), runs: options.int("--runs", default: 5)).run()
case "soak":
    await SoakBenchmark(count: options.int("--count", default: 10_000), concurrency: options.int("--concurrency", default: 16),
                        seed: UInt64(options.int("--seed", default: 1)), eventBuffer: options.int("--events-buffer", default: 65_536),
                        watchdog: .seconds(options.int("--watchdog", default: 30))).run()
default:
    FileHandle.standardError.write(Data("usage: explorer-bench client [--requests N] [--batches B] | backoff [--retries N] | jsonpath [--runs N] [--megabytes M] | tui [--runs N] | spool [--megabytes M] [--runs N] [--tui] | import [FILE | --generated N] [--runs N] | chain [--requests N] [--runs R] | picker [--requests N] | stream [--events N] [--runs R] | decode [--runs N] [--megabytes M] | oauth [--requests N] [--batches B] | websocket [--messages N] [--flood N] [--runs R] | graphql [--types N] [--runs R] | soak [--count N] [--concurrency C] [--seed S] [--events-buffer B] [--watchdog S]\n".utf8))
    exit(2)
}
