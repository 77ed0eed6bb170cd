/// Whether a text is one JSON value (RFC 8259), and where it first goes wrong — for the Body
/// pane to show as you type. A loop with an explicit stack, not recursion, so a body of a
/// million `[` is answered, not a stack overflow. It checks; it builds nothing.
public enum JSONCheck {
    public enum Result: Sendable, Equatable {
        /// Nothing but whitespace.
        case empty
        case valid
        /// The first problem; line and column 1-based, the column counted in Unicode scalars.
        case invalid(line: Int, column: Int, message: String)
    }

    public static func validate(_ text: String) -> Result {
        var text = text
        return text.withUTF8 { bytes in
            var checker = Checker(bytes: bytes)
            return checker.run()
        }
    }

    /// Where byte `offset` of `bytes` is, as 1-based line and scalar column.
    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for index in 0..<min(offset, bytes.count) {
            let byte = bytes[index]
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
