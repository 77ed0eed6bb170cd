/// JSON text from a node: compact for one line, pretty for people. The pretty form keeps short
/// lists of plain values on one line, and its strings are safe inside YAML too, so a session file
/// can hold a body as YAML flow that reads like the JSON it is. Written by `JSONWriter`, without
/// recursion.
extension JSONNode {
    /// One line, no spaces: `{"a":1,"b":[true,null]}`.
    public var compactText: String {
        var writer = JSONWriter()
        writer.writeCompact(self)
        return writer.text
    }

    /// Two-space indentation; every line after the first starts with `indent` as well.
    public func prettyText(indent: String = "") -> String {
        var writer = JSONWriter()
        writer.writePretty(self, indent: indent)
        return writer.text
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
}
