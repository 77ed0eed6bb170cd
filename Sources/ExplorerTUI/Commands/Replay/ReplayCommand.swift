import ArgumentParser

/// `explorer replay FILE [--profile NAME] [--check] [--junit FILE] [--events FILE]` (SPEC §2).
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a saved session headless; with --check, compare each exchange's attempts and outcome to the recording."
    )

    @Argument(help: "The session file (YAML).")
    var file: String

    @Option(help: ArgumentHelp("The client profile to replay with (default: the session's own).", valueName: "name"))
    var profile: String?

    @Flag(help: "Compare each exchange's attempts (count, statuses, validator decisions, retries) and outcome to the recording; exit 1 on any difference.")
    var check = false

    @Option(help: ArgumentHelp("Write JUnit XML (one testcase per exchange) to this file.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Write the event stream as JSON Lines to FILE ('-' for stderr).", valueName: "file"))
    var events: String?

    @Option(name: .customLong("record-to"),
            help: ArgumentHelp("Write what this replay got as a new session file (to refresh a recording).", valueName: "file"))
    var recordTo: String?

    func run() async throws {
        try await ReplayRun(file: file, profile: profile, check: check, junit: junit, events: events, recordTo: recordTo).run()
    }
}
