import Yams

/// A node of a YAML document with its place (file, line, column, key path), so every problem
/// found while reading a profile, saved requests or a session names where it is.
public struct LocatedNode {
    let node: Node
    /// From the document's root: `tls.caFile`, `exchanges[2].request.url`; empty at the root.
    public let path: String
    public let file: String
    /// Shared by every node of one document (see `tree`).
    let budget: ValueBudget

    public func problem(_ message: String) -> FileProblem {
        FileProblem(file: file, line: node.mark?.line, column: node.mark?.column, key: path.isEmpty ? nil : path, message: message)
    }

    /// A problem at the 1-based `character` of this scalar's text, its column counted from the
    /// start of the line (past a quote that opens the scalar): where a path in it stops being valid.
    public func problem(_ message: String, atCharacter character: Int) -> FileProblem {
        let quoted = node.scalar.map { $0.style == .singleQuoted || $0.style == .doubleQuoted } ?? false
        let column = node.mark.map { $0.column + (quoted ? 1 : 0) + character - 1 }
        return FileProblem(file: file, line: node.mark?.line, column: column, key: path.isEmpty ? nil : path, message: message)
    }

    func child(_ node: Node, path: String) -> LocatedNode {
        LocatedNode(node: node, path: path, file: file, budget: budget)
    }

    /// The 1-based line the node starts on, when the parser marked it.
    public var line: Int? { node.mark?.line }

    /// The text of a scalar; nil for a mapping or a list.
    public var text: String? { node.scalar?.string }

    public var isMapping: Bool { node.mapping != nil }

    /// The entries of a mapping in file order, whatever their keys.
    public func entries() throws(FileProblem) -> Entries {
        guard let mapping = node.mapping else { throw problem("expected a mapping of keys, found \(kind)") }
        return Entries(list: mapping.map { keyNode, valueNode in
            let key = keyNode.string ?? ""
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            return (key, child(valueNode, path: keyPath), child(keyNode, path: keyPath))
        })
    }

    /// The entries of a mapping; a key outside `allowed` is reported, not ignored, and a key in
    /// `required` must be there.
    public func mapping(allowed: [String], required: [String] = []) throws(FileProblem) -> Entries {
        let entries = try entries()
        for entry in entries.list where !allowed.contains(entry.key) {
            throw entry.keyNode.problem("unknown key (known here: \(allowed.joined(separator: ", ")))")
        }
        for key in required where entries[key] == nil { throw problem("\(key) is missing") }
        return entries
    }

    /// A mapping's entries: in file order, and by key.
    public struct Entries: RandomAccessCollection {
        let list: [(key: String, value: LocatedNode, keyNode: LocatedNode)]
        public var startIndex: Int { 0 }
        public var endIndex: Int { list.count }
        public subscript(position: Int) -> (key: String, value: LocatedNode) { (list[position].key, list[position].value) }
        public subscript(key: String) -> LocatedNode? { list.first { $0.key == key }?.value }
        /// A key `mapping(required:)` made sure of.
        public func required(_ key: String) -> LocatedNode { self[key]! }
    }

    public func sequence() throws(FileProblem) -> [LocatedNode] {
        guard let sequence = node.sequence else { throw problem("expected a list, found \(kind)") }
        return sequence.enumerated().map { child($1, path: "\(path)[\($0)]") }
    }

    public func string() throws(FileProblem) -> String {
        guard let text else { throw problem("expected text, found \(kind)") }
        return text
    }

    public func strings() throws(FileProblem) -> [String] {
        try sequence().map { (item) throws(FileProblem) in try item.string() }
    }

    /// `- "NAME<separator>VALUE"` items (headers, form fields), split at the first separator;
    /// NAME may not be empty. `form` shows how an item reads, for the problem.
    public func pairs(separator: Character, form: String) throws(FileProblem) -> [(name: String, value: Substring)] {
        try sequence().map { (item) throws(FileProblem) in try item.pair(separator: separator, form: form) }
    }

    /// One `"NAME<separator>VALUE"` item of `pairs`.
    public func pair(separator: Character, form: String) throws(FileProblem) -> (name: String, value: Substring) {
        let text = try string()
        guard let split = text.firstIndex(of: separator), split != text.startIndex else {
            throw problem("expected \"\(form)\", found \(QuotedValue.quoted(text))")
        }
        return (String(text[..<split]), text[text.index(after: split)...])
    }

    /// A YAML null: nothing written (`{ body }`, `key:`), `~` or `null`.
    public var isNull: Bool {
        guard let scalar = node.scalar, scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    public func bool() throws(FileProblem) -> Bool {
        guard node.scalar != nil, let value = node.bool else { throw problem("expected true or false, found \(describe)") }
        return value
    }

    public func int(in range: ClosedRange<Int> = 0...Int.max) throws(FileProblem) -> Int {
        guard node.scalar != nil, let value = node.int else { throw problem("expected a whole number, found \(describe)") }
        guard range.contains(value) else { throw problem("\(value) is out of range \(range.lowerBound)…\(range.upperBound)") }
        return value
    }

    /// Seconds, milliseconds and other quantities: decimals allowed, never negative.
    public func number(_ what: String = "a number") throws(FileProblem) -> Double {
        guard node.scalar != nil, let value = node.float ?? node.int.map(Double.init), value.isFinite else {
            throw problem("expected \(what), found \(describe)")
        }
        guard value >= 0 else { throw problem("must not be negative (\(value))") }
        return value
    }

    var kind: String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar: describe
        case .alias: "an alias"
        }
    }

    private var describe: String { text.map { QuotedValue.quoted($0) } ?? kind }
}
