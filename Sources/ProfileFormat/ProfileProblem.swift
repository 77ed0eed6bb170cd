/// Why a file the user keeps (a profile, saved requests, a session) was refused: the file, the
/// line and the key at fault, and what is wrong.
public struct FileProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based; nil when the problem is the file as a whole (unreadable, empty).
    public var line: Int?
    /// The key's path, e.g. `tls.caFile` or `exchanges[2].request.url`.
    public var key: String?
    public var message: String

    public init(file: String, line: Int?, key: String?, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    /// `file:line: key: message`.
    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return key.map { "\(place): \($0): \(message)" } ?? "\(place): \(message)"
    }
}

public typealias ProfileProblem = FileProblem
