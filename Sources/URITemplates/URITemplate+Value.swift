extension URITemplate {
    /// A variable's value. RFC 6570 §2.3 knows strings, lists and associative arrays; undefined is
    /// expressed by leaving the variable out of the dictionary (an empty list or object counts too).
    ///
    ///     let vars: [String: URITemplate.Value] = [
    ///         "id": "42", "n": .init(3), "tags": ["a", "b"], "keys": ["x": "1", "y": "2"],
    ///     ]
    public enum Value: Sendable, Hashable {
        case string(String)
        case list([String])
        /// Key/value pairs in the order they are expanded.
        case object([(String, String)])

        /// An integer, in decimal.
        public init(_ value: some BinaryInteger) { self = .string("\(value)") }

        /// A number, integral values without a fraction (`3`, not `3.0`), others in shortest round-trip form.
        public init(_ value: Double) { self = .string(Self.format(value)) }

        /// `true` or `false`, as the test suite and JSON expect.
        public init(_ value: Bool) { self = .string(value ? "true" : "false") }

        /// Empty composites are undefined (RFC 6570 §2.3) and are skipped like missing variables.
        var isUndefined: Bool {
            switch self {
            case .string: false
            case .list(let items): items.isEmpty
            case .object(let pairs): pairs.isEmpty
            }
        }

        static func format(_ value: Double) -> String {
            // Below 2^53 every integral Double is an exact Int64, so the conversion cannot trap.
            if value.rounded() == value, abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
            return "\(value)"
        }

        // Tuples are not Hashable, so equality and hashing are spelled out.
        public static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case let (.string(a), .string(b)): a == b
            case let (.list(a), .list(b)): a == b
            case let (.object(a), .object(b)): a.elementsEqual(b) { $0 == $1 }
            default: false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case .string(let text):
                hasher.combine(0)
                hasher.combine(text)
            case .list(let items):
                hasher.combine(1)
                hasher.combine(items)
            case .object(let pairs):
                hasher.combine(2)
                hasher.combine(pairs.count)
                for (key, value) in pairs {
                    hasher.combine(key)
                    hasher.combine(value)
                }
            }
        }
    }
}

extension URITemplate.Value: ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: String...) { self = .list(elements) }
    /// Dictionary literals keep the order they are written in.
    public init(dictionaryLiteral elements: (String, String)...) { self = .object(elements) }
}
