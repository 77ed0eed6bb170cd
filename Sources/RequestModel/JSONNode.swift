/// A JSON value that keeps what a diff and a readable file need: object keys in their order and
/// numbers as written (so `1.50` is shown as sent, yet compares equal to `1.5`).
public enum JSONNode: Sendable, Hashable {
    case null
    case bool(Bool)
    /// The number's text as written; compared by value (see `sameNumber`).
    case number(String)
    case string(String)
    case array([JSONNode])
    case object([Member])

    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONNode
        public init(_ key: String, _ value: JSONNode) {
            self.key = key
            self.value = value
        }
    }

    /// The value of `key` in an object (the last one, as JSON parsers do with duplicates).
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// A short name of the value's kind, for messages ("an object", "a number").
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
