/// One header field. The name keeps the spelling it was given; it goes on the wire so.
public struct HTTPHeader: Hashable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension HTTPHeader {
    /// Why this field cannot go on the wire (a name that is not a token, a value with CR, LF
    /// or another control character), or nil when it can.
    public var problem: String? { FieldSyntax.headerProblem(name: name, value: value) }
}

/// An ordered list of header fields with case-insensitive lookup.
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [HTTPHeader] = []

    public init() {}
    public init(_ fields: [HTTPHeader]) { self.fields = fields }
    public init(_ pairs: [(String, String)]) { fields = pairs.map { HTTPHeader(name: $0.0, value: $0.1) } }
    public init(dictionaryLiteral elements: (String, String)...) { self.init(elements) }

    public func makeIterator() -> IndexingIterator<[HTTPHeader]> { fields.makeIterator() }
    public var count: Int { fields.count }
    public var isEmpty: Bool { fields.isEmpty }

    /// The first value for `name`; setting replaces every field of that name (nil removes them).
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            guard let newValue else { return remove(name) }
            guard let index = fields.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }) else {
                return fields.append(HTTPHeader(name: name, value: newValue))
            }
            // Keep the first field's place and spelling; drop the rest of that name.
            let kept = HTTPHeader(name: fields[index].name, value: newValue)
            fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            fields.insert(kept, at: index)
        }
    }

    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool { fields.contains { $0.name.caseInsensitiveEquals(name) } }

    /// Adds a field, keeping any others of the same name.
    public mutating func add(name: String, value: String) { fields.append(HTTPHeader(name: name, value: value)) }

    /// Replaces the fields named `name` with one field.
    public mutating func set(_ name: String, _ value: String) { self[name] = value }

    public mutating func remove(_ name: String) { fields.removeAll { $0.name.caseInsensitiveEquals(name) } }

    /// Fields of `other` replace fields of the same name here; the others are kept.
    public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
        if other.isEmpty { return self }
        if isEmpty { return other }
        var result = self
        for name in Set(other.fields.map { $0.name.lowercased() }) { result.remove(name) }
        result.fields.append(contentsOf: other.fields)
        return result
    }
}

extension HTTPHeaders {
    /// Throws `invalidHeader` naming the first field that could not go on the wire.
    func validate() throws(HTTPError) {
        for field in fields {
            if let problem = field.problem { throw HTTPError(.invalidHeader, problem) }
        }
    }
}

extension String {
    /// Header names compare case-insensitively in ASCII (RFC 9110 §5.1), byte by byte: no
    /// lower-cased copies on every lookup.
    func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8) { $0 == $1 || Self.asciiLower($0) == Self.asciiLower($1) }
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
