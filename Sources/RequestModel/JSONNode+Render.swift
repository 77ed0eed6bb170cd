/// JSON text from a node: compact for one line, pretty for people. The pretty form keeps short
/// lists of plain values on one line, and its strings are safe inside YAML too, so a session file
/// can hold a body as YAML flow that reads like the JSON it is.
extension JSONNode {
    /// One line, no spaces: `{"a":1,"b":[true,null]}`.
    public var compactText: String {
        var out = ""
        writeCompact(into: &out)
        return out
    }

    /// Two-space indentation; every line after the first starts with `indent` as well.
    public func prettyText(indent: String = "") -> String {
        var out = ""
        writePretty(into: &out, indent: indent)
        return out
    }

    private func writeCompact(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): QuotedText.quote(text, into: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.writeCompact(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                QuotedText.quote(member.key, into: &out)
                out += ":"
                member.value.writeCompact(into: &out)
            }
            out += "}"
        }
    }

    /// `[1, 2]` and `{"a": 1}`: the spaced one-line form, whatever its length.
    public var spacedLine: String {
        switch self {
        case .array(let items): "[" + items.map(\.spacedLine).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.map { QuotedText.quote($0.key) + ": " + $0.value.spacedLine }.joined(separator: ", ") + "}"
        default: compactText
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// A container of scalars short enough to read on one line.
    private var fitsOnOneLine: Bool {
        switch self {
        case .array(let items): items.allSatisfy(\.isScalar) && spacedLine.count <= 72
        case .object(let members): members.allSatisfy(\.value.isScalar) && spacedLine.count <= 72
        default: true
        }
    }

    private func writePretty(into out: inout String, indent: String) {
        if fitsOnOneLine { return out += spacedLine }
        let inner = indent + "  "
        switch self {
        case .array(let items):
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += inner
                item.writePretty(into: &out, indent: inner)
                out += index < items.count - 1 ? ",\n" : "\n"
            }
            out += indent + "]"
        case .object(let members):
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += inner
                QuotedText.quote(member.key, into: &out)
                out += ": "
                member.value.writePretty(into: &out, indent: inner)
                out += index < members.count - 1 ? ",\n" : "\n"
            }
            out += indent + "}"
        default:
            out += compactText
        }
    }
}
