/// Values written in code read like the JSON they are: `["ok": true, "items": [1, "a"]]`. A
/// dictionary literal is an object whose members keep the literal's order.
extension JSONNode: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral items: JSONNode...) { self = .array(items) }
    public init(dictionaryLiteral members: (String, JSONNode)...) { self = .object(members.map { Member($0.0, $0.1) }) }

    /// An integer as its decimal text.
    public static func integer(_ value: Int) -> JSONNode { .number(String(value)) }
}
