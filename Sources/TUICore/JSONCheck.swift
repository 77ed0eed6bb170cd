import RequestModel

/// Whether a text is one JSON value (RFC 8259), and where it first goes wrong — for the Body
/// pane to show as you type. The model's one parser decides; this only turns its byte offset
/// into the line and the column a user sees (Unicode scalars).
public enum JSONCheck {
    public enum Result: Sendable, Equatable {
        /// Nothing but whitespace.
        case empty
        case valid
        /// The first problem; line and column 1-based, the column counted in Unicode scalars.
        case invalid(line: Int, column: Int, message: String)
    }

    public static func validate(_ text: String) -> Result {
        let bytes = Array(text.utf8)
        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return .empty }
        do throws(JSONProblem) {
            _ = try JSONNode.parsing(bytes)
            return .valid
        } catch {
            let (line, column) = location(of: error.offset, in: bytes)
            return .invalid(line: line, column: column, message: headline(error.message))
        }
    }

    /// The message without its context (` in the object opened at …`), which the pane shows by
    /// marking the spot: a title has room for the headline only.
    static func headline(_ message: String) -> String {
        message.range(of: " in the ").map { String(message[..<$0.lowerBound]) } ?? message
    }

    /// Where byte `offset` of `bytes` is, as 1-based line and scalar column.
    static func location(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
