import ArgumentParser

/// `explorer [tui] [URL] [--profile NAME] [--session FILE]`: a placeholder until the TUI lands,
/// accepting its final arguments so scripts written today keep working.
struct TUICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Open the interactive explorer (the default command)."
    )

    @Argument(help: "A URL for the request line: absolute, or relative to the profile's base URL.")
    var url: String?

    @Option(help: "The client profile to use (the built-in one is 'demo').")
    var profile: String?

    @Option(help: "A saved session to open.")
    var session: String?

    func run() throws {
        Console.out("The explorer TUI arrives soon; until then send requests with `explorer send [options] URL` (try `explorer send --profile demo flaky/2`).\n")
    }
}
