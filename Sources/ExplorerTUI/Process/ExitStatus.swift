/// The exit codes of SPEC §2, the same for every command.
enum ExitStatus: Int32, Sendable {
    case success = 0
    /// The exchange failed: the validator chain failed it, retries ran out, a transport error.
    case failure = 1
    /// Bad usage or bad input; swift-argument-parser's own 64 is mapped here too.
    case usage = 2
    /// The user pressed Ctrl-C.
    case cancelled = 130
}

/// Ends a command with a message for stderr (prefixed `explorer: `) and an exit status.
struct CLIError: Error, CustomStringConvertible {
    var status: ExitStatus
    var message: String

    static func usage(_ message: String) -> CLIError { CLIError(status: .usage, message: message) }
    static func failure(_ message: String) -> CLIError { CLIError(status: .failure, message: message) }

    var description: String { message }
}
