import Foundation
import TUICore

/// stdout and stderr through unbuffered file handles only, so text and body bytes
/// reach the stream in the order they were written and nothing waits in a stdio buffer.
/// Everything written here is text (messages, reports, header lines), never body bytes, so
/// control characters in it (a server's message quoting escape sequences) are shown, not obeyed.
enum Console {
    static func out(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data(inert(text).utf8))
    }

    static func err(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(inert(text).utf8))
    }

    /// One problem, in the `explorer: ` form every message to stderr takes.
    static func problem(_ message: String) {
        err("explorer: \(message)\n")
    }

    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Line breaks (LF or CRLF, as `--include` prints headers) and tabs stay; every other control
    /// character becomes a visible stand-in.
    static func inert(_ text: String) -> String {
        let breaks: Set<Unicode.Scalar> = ["\n", "\r", "\t"]
        guard text.unicodeScalars.contains(where: { !breaks.contains($0) && TerminalText.needsReplacing($0) }) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let crlf = line.hasSuffix("\r")
            return TerminalText.sanitize(String(crlf ? line.dropLast() : line), keepTabs: true) + (crlf ? "\r" : "")
        }.joined(separator: "\n")
    }
}
