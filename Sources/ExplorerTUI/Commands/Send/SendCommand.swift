import ArgumentParser
import ClientCore

/// `explorer send [options] URL`: one exchange, no TUI. The final response's body goes to
/// stdout byte-exact; a status line and problems go to stderr.
struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send one request, with retries and validators, and print the final response's body.",
        discussion: """
            A request has one body: --data, --json, --form and --multipart exclude each other, and any of them \
            without -X means POST. --as-curl prints the request as it would go out, the profile's base URL and \
            headers included, and sends nothing.
            """
    )

    @Option(name: [.customShort("X"), .long], help: "The method (default GET, or POST with a body).")
    var method: String?

    @Option(name: [.customShort("H"), .customLong("header")],
            help: ArgumentHelp("A request header, repeatable; the name keeps your spelling.", valueName: "Name: value"))
    var headers: [String] = []

    @Option(name: .customLong("query"), help: ArgumentHelp("A query item, repeatable, sent in order.", valueName: "k=v"))
    var queryItems: [String] = []

    @Option(name: .customLong("var"),
            help: ArgumentHelp("A variable, repeatable: for {{k}} in the URL, query, headers and body (over the profile's vars), and for a URL that is an RFC 6570 template ('users/{id}{?page}').", valueName: "k=v"))
    var templateVariables: [String] = []

    @Flag(name: .customLong("no-vars"), help: "Fill nothing: the URL, headers and body go out as given.")
    var noVars = false

    @Option(parsing: .unconditional, help: ArgumentHelp("A raw request body, or @FILE for a file's bytes.", valueName: "TEXT|@FILE"))
    var data: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("A JSON body, checked and sent byte for byte, with Content-Type and Accept application/json (unless set with -H); @FILE reads a file.",
                               valueName: "TEXT|@FILE"))
    var json: String?

    @Option(name: .customLong("form"),
            help: ArgumentHelp("An application/x-www-form-urlencoded field, repeatable; repeated names go out as k=v1&k=v2, in order.",
                               valueName: "k=v"))
    var formFields: [String] = []

    @Option(name: .customLong("multipart"),
            help: ArgumentHelp("A multipart/form-data part, repeatable: a text field, or with @FILE a file streamed from disk.",
                               valueName: "k=v|k=@FILE"))
    var multipartFields: [String] = []

    @Option(parsing: .unconditional,
            help: ArgumentHelp("A GraphQL query (SPEC §13), sent as GraphQL over HTTP: POST of {\"query\", \"variables\", \"operationName\"} as JSON; @FILE reads a file.",
                               valueName: "QUERY|@FILE"))
    var graphql: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The GraphQL variables, a JSON object; @FILE reads a file.", valueName: "JSON|@FILE"))
    var variables: String?

    @Option(help: ArgumentHelp("The GraphQL operation to run, when the document has several.", valueName: "NAME"))
    var operation: String?

    @Flag(name: .customLong("no-validate"), help: "Send a GraphQL query without checking it first (its operation, and the profile's schema when it has one).")
    var noValidate = false

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

    @Option(name: .customLong("max-time"), parsing: .unconditional,
            help: ArgumentHelp("End an event stream or line-format body after S seconds, with exit 0 (a WebSocket closes with 1000); decimals allowed.", valueName: "S"))
    var maxTime: Double?

    @Option(name: .customLong("max-events"),
            help: ArgumentHelp("End an event stream (or line-format body) after N events (records), with exit 0.", valueName: "N"))
    var maxEvents: Int?

    @Flag(help: "Open a WebSocket on a relative URL (the base URL's http becomes ws, https wss); a ws:// or wss:// URL opens one anyway.")
    var websocket = false

    @Flag(help: "WebSocket: read no stdin; stay open until a close, --max-time, --max-messages or Ctrl+C.")
    var listen = false

    @Option(name: .customLong("message"), help: ArgumentHelp("WebSocket: a text message to send first, repeatable.", valueName: "TEXT"))
    var messages: [String] = []

    @Flag(name: .customLong("binary-stdin"), help: "WebSocket: send all of stdin as one binary message (instead of a text message a line).")
    var binaryStdin = false

    @Option(name: .customLong("binary-as"), help: ArgumentHelp("WebSocket: write binary messages as a line of hex instead of their bytes.", valueName: "hex"))
    var binaryAs: String?

    @Flag(help: "WebSocket: send every message received back unchanged.")
    var echo = false

    @Option(parsing: .unconditional, help: ArgumentHelp("WebSocket: ping the server every S seconds.", valueName: "S"))
    var ping: Double?

    @Option(name: .customLong("subprotocol"), help: ArgumentHelp("WebSocket: offer this subprotocol (Sec-WebSocket-Protocol), repeatable.", valueName: "NAME"))
    var subprotocols: [String] = []

    @Option(name: .customLong("max-messages"), help: ArgumentHelp("WebSocket: close (1000) after N messages received, with exit 0.", valueName: "N"))
    var maxMessages: Int?

    @Option(name: .customLong("max-message"),
            help: ArgumentHelp("WebSocket: close with 1009 on a message larger than SIZE: bytes, or K, M, G (default 64M).", valueName: "SIZE"))
    var maxMessage: String?

    @Option(help: ArgumentHelp("Print only what this RFC 9535 JSONPath selects from a JSON body, each node as compact JSON on a line of its own.", valueName: "PATH"))
    var jsonpath: String?

    @Flag(help: "Keep a gzip, deflate or br body as it came instead of decoding it (Accept-Encoding is still sent).")
    var raw = false

    @Option(name: .customLong("max-body"),
            help: ArgumentHelp("Refuse a (decoded) body larger than SIZE: bytes, or K, M, G, T (default 16G, or the profile's maxBody).",
                               valueName: "SIZE"))
    var maxBody: String?

    @Flag(name: [.customShort("k"), .long], help: "Accept any TLS certificate.")
    var insecure = false

    @Option(help: ArgumentHelp("Trust only the CA certificates in this PEM file.", valueName: "FILE"))
    var cacert: String?

    @Flag(name: .customLong("retry-non-idempotent"), help: "Allow retrying POST and PATCH.")
    var retryNonIdempotent = false

    @Option(help: ArgumentHelp("The client profile to use (the built-in one is 'demo').", valueName: "NAME"))
    var profile: String?

    @Flag(name: .customLong("as-curl"),
          help: "Print the equivalent curl command and send nothing; auth, Authorization, Cookie and Proxy-Authorization show as REDACTED.")
    var asCurl = false

    @Flag(name: .customLong("include-secrets"), help: "With --as-curl, print credentials as they are.")
    var includeSecrets = false

    @Option(name: .customLong("from-curl"),
            help: ArgumentHelp("""
                Take the request from a curl command line, given as one argument: its URL, -X, -H, -d and the --data \
                family, --json, -F, -u, -A, -e, -b, -G, -I, -k, -o, -i; -m bounds the whole exchange; without -L \
                redirects are not followed; --compressed asks for gzip, deflate or br and decodes the answer, and \
                without it nothing is asked for and an encoded body is kept as it came, as curl does. Other options here still apply \
                (-H replaces the curl line's header of that name).
                """, valueName: "'curl …'"))
    var fromCurl: String?

    @Argument(help: "The URL: absolute, or relative to the profile's base URL (none with --from-curl).")
    var url: String?

    func validate() throws {
        switch (url, fromCurl) {
        case (nil, nil): throw ValidationError("Missing expected argument '<url>' (or give the request with --from-curl 'curl …')")
        case (let url?, _?): throw ValidationError("--from-curl takes the URL from the curl command; drop the URL argument \(url.debugDescription)")
        default: break
        }
        if includeSecrets && !asCurl {
            throw ValidationError("--include-secrets only applies to --as-curl")
        }
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
