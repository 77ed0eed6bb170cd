import Foundation

extension URITemplate.Value {
    /// Converts loosely typed input, e.g. from `JSONSerialization` or a `[String: Any]`, for callers that
    /// do not build `Value`s themselves:
    ///
    ///     let values = input.compactMapValues(URITemplate.Value.init(any:))
    ///
    /// - `nil`, an empty optional and `NSNull` are undefined: the result is nil, so the variable is skipped.
    /// - String, Bool, integers, Double/Float and NSNumber become strings (`3`, `2.5`, `true`).
    /// - `[Any]` becomes a list; `[(String, Any)]` and `KeyValuePairs` an object in the given order;
    ///   `[String: Any]` an object sorted by key, since a dictionary has no order of its own.
    /// - Undefined members are dropped; anything else is written with `String(describing:)`.
    public init?(any value: Any?) {
        guard let value = Self.unwrap(value) else { return nil }
        switch value {
        case let value as URITemplate.Value:
            self = value
        case let pairs as KeyValuePairs<String, Any>:
            self = .object(Self.pairs(pairs.map { ($0.key, $0.value) }))
        case let pairs as [(String, Any)] where !pairs.isEmpty:
            self = .object(Self.pairs(pairs))
        case let dictionary as [String: Any]:
            self = .object(Self.pairs(dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        case let items as [Any]:
            self = .list(items.compactMap { Self.scalar($0) })
        default:
            guard let text = Self.scalar(value) else { return nil }
            self = .string(text)
        }
    }

    private static func pairs(_ pairs: [(String, Any)]) -> [(String, String)] {
        pairs.compactMap { key, value in scalar(value).map { (key, $0) } }
    }

    /// The text of a single value, or nil when it is undefined.
    private static func scalar(_ value: Any) -> String? {
        guard let value = unwrap(value) else { return nil }
        // Native Swift types first: on Linux `is NSNumber` also matches bridged Int and Bool.
        if type(of: value) == Bool.self, let flag = value as? Bool { return flag ? "true" : "false" }
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber { return format(number) }
        switch value {
        case let text as String: return text
        case let text as Substring: return String(text)
        case let character as Character: return String(character)
        case let integer as any BinaryInteger: return "\(integer)"
        case let number as Double: return format(number)
        case let number as Float: return number.rounded() == number ? format(Double(number)) : "\(number)"
        case let value as URITemplate.Value:
            if case .string(let text) = value { return text }
            return String(describing: value)
        default: return String(describing: value)
        }
    }

    /// NSNumber hides whether it holds a Bool, an integer or a floating-point number; ask which.
    private static func format(_ number: NSNumber) -> String {
        if type(of: number) == type(of: NSNumber(value: true)) { return number.boolValue ? "true" : "false" }
        switch String(cString: number.objCType) {
        case "f", "d": return format(number.doubleValue)
        case "Q", "L", "I", "S", "C": return "\(number.uint64Value)"
        default: return "\(number.int64Value)"
        }
    }

    /// nil for nil, NSNull and (possibly nested) empty optionals hidden inside `Any`.
    private static func unwrap(_ value: Any?) -> Any? {
        guard var current = value else { return nil }
        // A loop, not recursion: each step peels one level of Optional nesting.
        while true {
            if current is NSNull { return nil }
            let mirror = Mirror(reflecting: current)
            guard mirror.displayStyle == .optional else { return current }
            guard let wrapped = mirror.children.first?.value else { return nil }
            current = wrapped
        }
    }
}
