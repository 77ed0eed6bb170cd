/// Where and why a text is not JSON: the byte offset, the 1-based line and column (the column
/// counts bytes, as the offset does), and a message naming what was found and what was expected.
public struct JSONProblem: Error, CustomStringConvertible, Sendable, Equatable {
    /// 0-based offset of the offending byte in the whole input.
    public var offset: Int
    public var line: Int
    public var column: Int
    public var message: String

    public init(offset: Int, line: Int, column: Int, message: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line 3, column 7 (byte 41): trailing comma before '}'`.
    public var description: String { "line \(line), column \(column) (byte \(offset)): \(message)" }
}
