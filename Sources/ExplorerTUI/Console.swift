import Foundation

/// stdout and stderr through unbuffered file handles only, so text and body bytes
/// reach the stream in the order they were written and nothing waits in a stdio buffer.
enum Console {
    static func out(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }

    static func err(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }

    /// One problem, in the `explorer: ` form every message to stderr takes.
    static func problem(_ message: String) {
        err("explorer: \(message)\n")
    }

    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
