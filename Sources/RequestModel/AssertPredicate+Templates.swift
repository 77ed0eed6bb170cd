/// `{{templates}}` in an assert's expected value (SPEC §8: `equals: "{{user}}"`), filled from the
/// run's variables as the assert is judged.
extension AssertPredicate {
    public func filled(with variables: [String: TemplateValue]) -> AssertPredicate {
        guard !variables.isEmpty else { return self }
        let values = TemplateValues(variables: variables)
        func fill(_ node: JSONNode) -> JSONNode { Self.filled(node, values) }
        func fill(_ text: String) -> String { Self.filled(text, values) }
        switch self {
        case .equals(let value): return .equals(fill(value))
        case .notEquals(let value): return .notEquals(fill(value))
        case .lessThan(let value): return .lessThan(fill(value))
        case .lessOrEqual(let value): return .lessOrEqual(fill(value))
        case .greaterThan(let value): return .greaterThan(fill(value))
        case .greaterOrEqual(let value): return .greaterOrEqual(fill(value))
        case .contains(let value): return .contains(fill(value))
        case .startsWith(let text): return .startsWith(fill(text))
        case .endsWith(let text): return .endsWith(fill(text))
        case .matches(let text): return .matches(fill(text))
        case .isIn(let values): return .isIn(values.map(fill))
        case .exists, .count, .isString, .isNumber, .isBool, .isNull, .isArray, .isObject: return self
        }
    }

    /// A string that is one placeholder and nothing else takes its value's JSON kind when that
    /// is a number, so `equals: "{{id}}"` compares a captured `42` as the number it was.
    private static func filled(_ node: JSONNode, _ values: TemplateValues) -> JSONNode {
        switch node {
        case .string(let text):
            guard let template = Template.parsed(text) else { return node }
            let rendered = template.render(with: values) { $0.placeholder }.text
            if template.parts.count == 1, case .variable = template.parts[0], rendered.utf8.first.map(Self.startsNumber) == true,
               let number = JSONNode.parse(rendered), case .number = number {
                return number
            }
            return .string(rendered)
        case .array(let items): return .array(items.map { filled($0, values) })
        default: return node
        }
    }

    /// Whether a JSON number may start with this byte: only then is a value worth parsing as one.
    private static func startsNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func filled(_ text: String, _ values: TemplateValues) -> String {
        guard let template = Template.parsed(text) else { return text }
        return template.render(with: values) { $0.placeholder }.text
    }
}
