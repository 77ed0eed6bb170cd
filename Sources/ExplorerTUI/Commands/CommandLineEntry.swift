import ArgumentParser
import ClientCore
import Foundation

/// Parses and runs a command, mapping every outcome onto SPEC §2's exit codes:
/// ArgumentParser's own usage code (64) becomes 2 and its messages take the `explorer: ` prefix.
enum CommandLineEntry {
    static func run(_ arguments: [String]) async -> Int32 {
        // A closed pipe (`explorer send … | head`) must surface as a write error, not kill us.
        signal(SIGPIPE, SIG_IGN)
        // Large bodies spool to a directory of this process's own (SPEC §10): the ones left by
        // processes that died go now, ours when the command ends (a signal the command watches
        // ends it through here too).
        let spool = SpoolDirectory()
        spool.removeStale()
        defer { spool.remove() }
        var command: any ParsableCommand
        do {
            command = try Explorer.parseAsRoot(arguments)
        } catch {
            return report(error)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return ExitStatus.success.rawValue
        } catch {
            return report(error)
        }
    }

    private static func report(_ error: any Error) -> Int32 {
        if let error = error as? CLIError {
            // An empty message: the command has said all there is on stdout (`run`'s summary).
            if !error.message.isEmpty { Console.problem(error.message) }
            return error.status.rawValue
        }
        let code = Explorer.exitCode(for: error)
        let text = Explorer.fullMessage(for: error)
        if code == .success {
            // --help, --version: the text is what the user asked for.
            if !text.isEmpty { Console.out(text.hasSuffix("\n") ? text : text + "\n") }
            return 0
        }
        if !text.isEmpty { Console.err(prefixed(text) + "\n") }
        return code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue
    }

    /// "Error: Unknown option '--x'" → "explorer: Unknown option '--x'".
    private static func prefixed(_ text: String) -> String {
        let trimmed = text.hasSuffix("\n") ? String(text.dropLast()) : text
        if trimmed.hasPrefix("Error: ") { return "explorer: " + trimmed.dropFirst("Error: ".count) }
        return trimmed.hasPrefix("explorer: ") ? trimmed : "explorer: " + trimmed
    }
}
