/// Why a path is not RFC 9535, and where: `column` is 1-based, in characters (Unicode scalars)
/// from the start of the path as the user typed it, at the character where the path stops
/// being valid (one past the end when it ends too soon). `caret` draws it.
public struct JSONPathProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var column: Int

    public init(path: String, message: String, column: Int) {
        self.path = path
        self.message = message
        self.column = column
    }

    /// `bad JSON path "$.a[": expected a selector at column 5`.
    public var description: String { "bad JSON path \(QuotedText.quote(path)): \(message) at column \(column)" }

    /// The path, and under it a caret at the column.
    public var caret: String {
        path + "\n" + String(repeating: " ", count: max(0, column - 1)) + "^"
    }
}
