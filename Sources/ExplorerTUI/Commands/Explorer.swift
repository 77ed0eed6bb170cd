import ArgumentParser

/// The root command. Without a subcommand it opens the TUI (`explorer [tui] [URL]`).
struct Explorer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explorer",
        abstract: "An HTTP client to explore APIs: retries, validators and token refresh you can watch.",
        subcommands: [TUICommand.self, SendCommand.self, RunCommand.self, ReplayCommand.self, AuthCommand.self, ProfilesCommand.self, RequestsCommand.self, ImportCommand.self, ExportCommand.self, GraphQLCommand.self, DemoServerCommand.self],
        defaultSubcommand: TUICommand.self
    )
}
