import Foundation

/// The directory explorer keeps the user's work in, read from the environment in this one place:
/// `$EXPLORER_HOME`, else `$XDG_CONFIG_HOME/explorer`, else `~/.config/explorer`.
public struct ExplorerHome: Sendable, Equatable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let explorer = environment["EXPLORER_HOME"], !explorer.isEmpty {
            directory = URL(fileURLWithPath: explorer)
        } else if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty {
            directory = URL(fileURLWithPath: config).appendingPathComponent("explorer")
        } else {
            directory = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config/explorer")
        }
    }

    /// `profiles/NAME.yaml`, `NAME.requests.yaml`, `NAME.cookies.json`.
    public var profiles: URL { directory.appendingPathComponent("profiles") }
    /// `history/NAME.yaml`: each profile's bounded history.
    public var history: URL { directory.appendingPathComponent("history") }
    /// `sessions/NAME.yaml`: sessions saved from the TUI.
    public var sessions: URL { directory.appendingPathComponent("sessions") }
    /// `schemas/NAME.graphql`: a profile's GraphQL schema (SPEC §13) when its file names none.
    public var schemas: URL { directory.appendingPathComponent("schemas") }
}
