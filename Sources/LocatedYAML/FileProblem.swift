/// Why a file the user keeps (a profile, saved requests, a session) was refused: the file, the
/// line, the column and the key at fault, and what is wrong.
public struct FileProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based; nil when the problem is the file as a whole (unreadable, empty).
    public var line: Int?
    /// 1-based, counted from the start of the line; nil without a line.
    public var column: Int?
    /// The key's path, e.g. `tls.caFile` or `exchanges[2].request.url`.
    public var key: String?
    public var message: String

    public init(file: String, line: Int?, column: Int? = nil, key: String?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }

    /// `file:line:column: key: message`.
    public var description: String {
        let place = [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
        return key.map { "\(place): \($0): \(message)" } ?? "\(place): \(message)"
    }
}
