/// An HTTP method. A struct, not an enum, so custom methods (`PROPFIND`) work too.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }
    public init(_ rawValue: String) { self.init(rawValue: rawValue) }
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    public static let get: HTTPMethod = "GET"
    public static let head: HTTPMethod = "HEAD"
    public static let post: HTTPMethod = "POST"
    public static let put: HTTPMethod = "PUT"
    public static let patch: HTTPMethod = "PATCH"
    public static let delete: HTTPMethod = "DELETE"
    public static let options: HTTPMethod = "OPTIONS"
    public static let trace: HTTPMethod = "TRACE"

    /// RFC 9110 §9.2.2: repeating these has the same effect as sending them once.
    public static let idempotent: Set<HTTPMethod> = [.get, .head, .options, .trace, .put, .delete]

    public var isIdempotent: Bool { Self.idempotent.contains(self) }
    public var description: String { rawValue }

    /// A method is a token (RFC 9110 §5.6.2).
    public var isValidToken: Bool { FieldSyntax.isToken(rawValue) }
}
