import ArgumentParser
import ClientCore

/// `explorer send [options] URL`: one exchange, no TUI. The final response's body goes to
/// stdout byte-exact; a status line and problems go to stderr.
struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send one request, with retries and validators, and print the final response's body."
    )

    @Option(name: [.customShort("X"), .long], help: "The method (default GET, or POST with a body).")
    var method: String?

    @Option(name: [.customShort("H"), .customLong("header")],
            help: ArgumentHelp("A request header, repeatable; the name keeps your spelling.", valueName: "Name: value"))
    var headers: [String] = []

    @Option(name: .customLong("query"), help: ArgumentHelp("A query item, repeatable, sent in order.", valueName: "k=v"))
    var queryItems: [String] = []

    @Option(help: ArgumentHelp("A raw request body, or @FILE for a file's bytes.", valueName: "TEXT|@FILE"))
    var data: String?

    @Option(name: .customLong("max-retries"), parsing: .unconditional,
            help: ArgumentHelp("Retries after the first attempt (default 0, or the profile's).", valueName: "N"))
    var maxRetries: Int?

    @Option(help: ArgumentHelp("The default validator's retry strategy.",
                               valueName: "immediate|delayed:S|exponential:BASE|fibonacci:UNIT"))
    var retry: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds per attempt (default 30); decimals allowed.", valueName: "S"))
    var timeout: Double?

    @Option(help: ArgumentHelp("Write the event stream as JSON Lines to FILE, or to stderr with '-'.", valueName: "FILE|-"))
    var events: String?

    @Flag(name: [.customShort("i"), .long], help: "Print the status line and headers to stdout before the body.")
    var include = false

    @Option(name: [.customShort("o"), .long],
            help: ArgumentHelp("Write the body to FILE; '-' forces stdout, binary bodies included.", valueName: "FILE|-"))
    var output: String?

    @Flag(help: "Write a 2xx body as it arrives; once a byte is written there is no retry.")
    var stream = false

    @Flag(name: [.customShort("k"), .long], help: "Accept any TLS certificate.")
    var insecure = false

    @Option(help: ArgumentHelp("Trust only the CA certificates in this PEM file.", valueName: "FILE"))
    var cacert: String?

    @Flag(name: .customLong("retry-non-idempotent"), help: "Allow retrying POST and PATCH.")
    var retryNonIdempotent = false

    @Option(help: ArgumentHelp("The client profile to use (the built-in one is 'demo').", valueName: "NAME"))
    var profile: String?

    @Argument(help: "The URL: absolute, or relative to the profile's base URL.")
    var url: String

    func validate() throws {
        if let maxRetries, maxRetries < 0 {
            throw ValidationError("--max-retries must be a whole number, 0 or more (got \(maxRetries))")
        }
        if let timeout, !(timeout.isFinite && timeout > 0) {
            throw ValidationError("--timeout must be a number of seconds greater than 0 (got \(timeout))")
        }
    }

    func run() async throws {
        try await SendRun(plan: try SendPlan(self)).run()
    }
}
