import ArgumentParser

/// `explorer run FILE… [--profile NAME] [--var k=v] [--junit FILE] [--events FILE] [--fail-fast]` (SPEC §2, §8).
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run request files in order: variables, captures, asserts and polls; one line per request, then 'N passed, M failed'."
    )

    @Argument(help: "Request files (YAML, SPEC §8; .http, .rest and .hurl files are read through their importer), run in order; captures carry from one file to the next.")
    var files: [String]

    @Option(help: ArgumentHelp("The client profile to run on (default: each file's `profile:`, else demo).", valueName: "name"))
    var profile: String?

    @Option(name: .customLong("var"), help: ArgumentHelp("A variable, above captures, file and profile vars (repeatable).", valueName: "k=v"))
    var variables: [String] = []

    @Option(help: ArgumentHelp("Write JUnit XML (one testcase per request, each failed assert a failure) to this file.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Write the event stream as JSON Lines to FILE ('-' for stderr).", valueName: "file"))
    var events: String?

    @Flag(name: .customLong("fail-fast"), help: "Stop at the first request that fails.")
    var failFast = false

    func run() async throws {
        try await RequestFilesRun(files: files, profile: profile, variables: variables, junit: junit, events: events,
                                  failFast: failFast).run()
    }
}
