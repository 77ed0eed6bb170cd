/// Where a node sits in a document, as RFC 9535 §2.7 writes it: `$['items'][0]['name']`, one
/// name or index per step. JSONPath results carry one; a diff names its places with one.
public struct NormalizedPath: Sendable, Hashable, CustomStringConvertible {
    public enum Element: Sendable, Hashable {
        case name(String)
        case index(Int)
    }

    public var elements: [Element]

    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    public static let root = NormalizedPath()

    public func appending(_ element: Element) -> NormalizedPath { NormalizedPath(elements + [element]) }

    /// Whether `other` is this place or lies below it.
    public func isPrefix(of other: NormalizedPath) -> Bool {
        elements.count <= other.elements.count && zip(elements, other.elements).allSatisfy { pair in
            switch pair {
            case (.index(let a), .index(let b)): a == b
            case (.name(let a), .name(let b)): a.utf8.elementsEqual(b.utf8)
            default: false
            }
        }
    }

    /// The RFC 9535 normalized path: `$['a'][0]`, names single-quoted with the RFC's escapes.
    public var description: String {
        var out = "$"
        for element in elements {
            switch element {
            case .index(let index): out += "[\(index)]"
            case .name(let name):
                out += "['"
                for scalar in name.unicodeScalars { Self.writeNormal(scalar, into: &out) }
                out += "']"
            }
        }
        return out
    }

    /// The short form a person reads, still a valid RFC 9535 query for the same node:
    /// `$.items[2].name`, `$["a b"]` for names that are not shorthand.
    public var readable: String {
        var out = "$"
        for element in elements {
            switch element {
            case .index(let index): out += "[\(index)]"
            case .name(let name) where JSONPathGrammar.isMemberNameShorthand(name): out += "." + name
            case .name(let name): out += "[" + QuotedText.quote(name) + "]"
            }
        }
        return out
    }

    /// RFC 9535 §2.7: `b f n r t ' \` escaped short, other controls as lowercase `\u00xx`.
    private static func writeNormal(_ scalar: Unicode.Scalar, into out: inout String) {
        switch scalar {
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "'": out += "\\'"
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
}
