/// Writes JSON text as UTF-8 bytes, with an explicit stack instead of recursion: any depth is
/// written without growing the thread's stack, and small pieces append to a byte buffer, which is
/// much cheaper than appending them to a String.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A container being written and the index of its next child.
    private enum Container {
        case array([JSONNode])
        case object([JSONNode.Member])

        var count: Int {
            switch self {
            case .array(let items): items.count
            case .object(let members): members.count
            }
        }
    }

    private struct Frame {
        let container: Container
        var next = 0
        let indent: String
    }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func appendQuoted(_ text: String) {
        if JSONText.mayNeedEscape(text) {
            append(QuotedText.quote(text))
        } else {
            bytes.append(Byte.quote)
            bytes.append(contentsOf: text.utf8)
            bytes.append(Byte.quote)
        }
    }

    mutating func appendScalar(_ node: JSONNode) {
        switch node {
        case .null: append("null")
        case .bool(let value): append(value ? "true" : "false")
        case .number(let text): append(text)
        case .string(let text): appendQuoted(text)
        case .array, .object: preconditionFailure("not a scalar")
        }
    }

    /// `{"a":1,"b":[true,null]}`.
    mutating func writeCompact(_ root: JSONNode) {
        var stack: [Frame] = []
        openCompact(root, into: &stack)
        while !stack.isEmpty {
            let top = stack.count - 1
            let index = stack[top].next
            guard index < stack[top].container.count else {
                if case .array = stack.removeLast().container { bytes.append(Byte.closeBracket) } else { bytes.append(Byte.closeBrace) }
                continue
            }
            stack[top].next += 1
            if index > 0 { bytes.append(Byte.comma) }
            switch stack[top].container {
            case .array(let items):
                openCompact(items[index], into: &stack)
            case .object(let members):
                appendQuoted(members[index].key)
                bytes.append(Byte.colon)
                openCompact(members[index].value, into: &stack)
            }
        }
    }

    private mutating func openCompact(_ node: JSONNode, into stack: inout [Frame]) {
        switch node {
        case .array(let items):
            bytes.append(Byte.openBracket)
            stack.append(Frame(container: .array(items), indent: ""))
        case .object(let members):
            bytes.append(Byte.openBrace)
            stack.append(Frame(container: .object(members), indent: ""))
        default:
            appendScalar(node)
        }
    }

    /// Two-space indentation, short containers of scalars on one line (see `JSONNode.prettyText`).
    mutating func writePretty(_ root: JSONNode, indent: String) {
        var stack: [Frame] = []
        openPretty(root, indent: indent, into: &stack)
        while !stack.isEmpty {
            let top = stack.count - 1
            let index = stack[top].next
            let count = stack[top].container.count
            guard index < count else {
                let frame = stack.removeLast()
                append(frame.indent)
                if case .array = frame.container { bytes.append(Byte.closeBracket) } else { bytes.append(Byte.closeBrace) }
                if let parent = stack.last { append(parent.next < parent.container.count ? ",\n" : "\n") }
                continue
            }
            stack[top].next += 1
            let inner = stack[top].indent + "  "
            append(inner)
            let child: JSONNode
            switch stack[top].container {
            case .array(let items):
                child = items[index]
            case .object(let members):
                appendQuoted(members[index].key)
                append(": ")
                child = members[index].value
            }
            if !openPretty(child, indent: inner, into: &stack) { append(index < count - 1 ? ",\n" : "\n") }
        }
    }

    /// Writes a value that fits on one line and says false, or opens a container on the stack.
    @discardableResult
    private mutating func openPretty(_ node: JSONNode, indent: String, into stack: inout [Frame]) -> Bool {
        if appendOneLine(node) { return false }
        switch node {
        case .array(let items):
            append("[\n")
            stack.append(Frame(container: .array(items), indent: indent))
        case .object(let members):
            append("{\n")
            stack.append(Frame(container: .object(members), indent: indent))
        default:
            preconditionFailure("scalars fit on one line")
        }
        return true
    }

    /// Writes a scalar, or a container of scalars in its spaced form (`JSONNode.spacedLine`) when
    /// that is at most 72 characters; says whether it wrote.
    private mutating func appendOneLine(_ node: JSONNode) -> Bool {
        let start = bytes.count
        switch node {
        case .array(let items):
            guard items.allSatisfy(\.isScalar) else { return false }
            bytes.append(Byte.openBracket)
            for (index, item) in items.enumerated() {
                if index > 0 { append(", ") }
                appendScalar(item)
            }
            bytes.append(Byte.closeBracket)
        case .object(let members):
            guard members.allSatisfy(\.value.isScalar) else { return false }
            bytes.append(Byte.openBrace)
            for (index, member) in members.enumerated() {
                if index > 0 { append(", ") }
                appendQuoted(member.key)
                append(": ")
                appendScalar(member.value)
            }
            bytes.append(Byte.closeBrace)
        default:
            appendScalar(node)
            return true
        }
        if bytes.count - start <= 72 || String(decoding: bytes[start...], as: UTF8.self).count <= 72 { return true }
        bytes.removeSubrange(start...)
        return false
    }
}

extension JSONNode {
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
