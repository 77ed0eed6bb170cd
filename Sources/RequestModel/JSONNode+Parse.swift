import Foundation

/// The one-shot entries of the parser (see `JSONParser` for the rules it enforces).
extension JSONNode {
    /// The deepest nesting of arrays and objects the parser accepts. Deeper documents are refused
    /// with a message rather than built: a value is freed (and compared, and written) by recursion
    /// over its levels, so an unbounded depth would overflow a thread's stack there instead.
    public static let maxDepth = 512

    /// The JSON value of `bytes` (UTF-8, surrounding whitespace and one leading BOM allowed), or a
    /// `JSONProblem` saying where and why it is not JSON.
    public static func parsing(_ bytes: some Collection<UInt8>) throws(JSONProblem) -> JSONNode {
        var parser = JSONParser()
        try parser.feed(bytes)
        return try parser.finish()
    }

    public static func parsing(_ text: String) throws(JSONProblem) -> JSONNode {
        var text = text
        text.makeContiguousUTF8()
        return try parsing(text.utf8)
    }

    /// The JSON value of `data`, or nil when it is not JSON (`parsing` says why).
    public static func parse(_ data: Data) -> JSONNode? { try? parsing(data) }

    public static func parse(_ text: String) -> JSONNode? { try? parsing(text) }
}
