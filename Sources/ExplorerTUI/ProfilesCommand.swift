import ArgumentParser

/// `explorer profiles list | show NAME | delete NAME` (SPEC §2).
struct ProfilesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles",
        abstract: "Manage named client profiles."
    )

    func run() async throws {
        throw CLIError.usage("profiles: managing profiles is being built")
    }
}
