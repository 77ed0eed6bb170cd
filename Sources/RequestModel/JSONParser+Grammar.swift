/// The parser's grammar between tokens (RFC 8259), as every strict reader steps through it: the
/// value parser, the one-pass selector (`JSONSkimmer`) and the viewer's layout index. Tokens
/// are read by the parser's readers; nesting is refused past `JSONNode.maxDepth`.
extension JSONParser {
    /// What may come next.
    public enum Expect: Sendable, Equatable {
        case value, firstValue, key, firstKey, colon, commaOrClose, end
    }

    public enum Step: Sendable, Equatable {
        /// A comma: the next member or element.
        case next(Expect)
        /// The container's closing bracket.
        case close
        /// Anything else.
        case invalid
    }

    /// What byte `c` does after a value in a container.
    @inline(__always)
    public static func afterValue(_ c: UInt8, inObject: Bool) -> Step {
        if c == Byte.comma { return .next(inObject ? .key : .value) }
        return c == (inObject ? Byte.closeBrace : Byte.closeBracket) ? .close : .invalid
    }

    /// Whether one more container may open inside `depth` open ones.
    @inline(__always)
    public static func mayOpen(atDepth depth: Int) -> Bool { depth < JSONNode.maxDepth }
}
