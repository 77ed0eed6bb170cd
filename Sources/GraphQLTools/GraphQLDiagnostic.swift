/// One finding about a GraphQL document or schema, where it points: `FILE:LINE:COLUMN: message`
/// (SPEC §13), a warning (a deprecated field used) marked as such.
public struct GraphQLDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    public var isWarning = false

    public init(line: Int, column: Int, message: String, isWarning: Bool = false) {
        self.line = line
        self.column = column
        self.message = message
        self.isWarning = isWarning
    }

    /// `3:5: message`, or `3:5: warning: message`; the file name goes in front.
    public var description: String { "\(line):\(column): " + (isWarning ? "warning: " : "") + message }
}
