/// A strict RFC 8259 parser over UTF-8 bytes, pushed a chunk at a time: `feed` as bytes arrive,
/// `finish` at the end of the input. Containers being read live on an explicit stack, so nesting
/// costs no recursion; it is refused past `JSONNode.maxDepth` (see there why).
///
/// Decisions where RFC 8259 leaves a choice:
/// - numbers are kept as written, of any length (`.number("1.50")`);
/// - repeated keys in one object are all kept, in order;
/// - one leading UTF-8 byte order mark is skipped (§8.1 allows ignoring it);
/// - a `\u` escape of a lone surrogate (a high one not followed by a low one, or a low one alone) is
///   refused (§8.2 leaves it open): a Swift string cannot hold one, and replacing it with U+FFFD would
///   change the data silently;
/// - invalid UTF-8 inside a string is refused, naming its offset.
///
/// A token cut by a chunk boundary is kept and read again with the next chunk, so a long string fed
/// in tiny chunks is rescanned; feed chunks of a few KB or more for speed.
public struct JSONParser: Sendable {
    private var frames: [Frame] = []
    private var expect = Expect.value
    private var root: JSONNode?
    /// The bytes of a token cut by the end of the last chunk.
    private var carry: [UInt8] = []
    /// Offset of the first byte not yet consumed (the carry's first byte) in the whole input.
    private var consumed = 0
    private var line = 1
    private var lineStart = 0
    private var bomChecked = false
    private var failure: JSONProblem?

    public init() {}

    /// The top-level value once it is complete (a top-level number only at `finish`); what may
    /// follow it is only checked by `finish`.
    public var value: JSONNode? { root }

    /// Reads the next bytes of the input; throws as soon as they cannot be JSON.
    public mutating func feed(_ chunk: some Collection<UInt8>) throws(JSONProblem) {
        try step(chunk, final: false)
    }

    /// Ends the input: the value, or why the input is not one JSON value.
    public mutating func finish() throws(JSONProblem) -> JSONNode {
        try step(EmptyCollection<UInt8>(), final: true)
        if let root { return root }
        let problem = endOfInputProblem()
        failure = problem
        throw problem
    }

    private mutating func step(_ chunk: some Collection<UInt8>, final: Bool) throws(JSONProblem) {
        if let failure { throw failure }
        let outcome: Result<Void, JSONProblem>
        if carry.isEmpty, let direct = chunk.withContiguousStorageIfAvailable({ consume($0, final: final) }) {
            outcome = direct
        } else {
            var pending = carry
            carry = []
            pending.append(contentsOf: chunk)
            outcome = pending.withUnsafeBufferPointer { consume($0, final: final) }
        }
        if case .failure(let problem) = outcome {
            failure = problem
            throw problem
        }
    }

    /// Parses what `bytes` holds and keeps the unconsumed tail (a cut token) as the carry.
    private mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool) -> Result<Void, JSONProblem> {
        do {
            let used = try run(bytes, final: final)
            consumed += used
            if used < bytes.count { carry = Array(bytes[used...]) }
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    private struct Frame: Sendable {
        let isObject: Bool
        let line: Int
        let column: Int
        var items: [JSONNode] = []
        var members: [JSONNode.Member] = []
        var key = ""

        init(isObject: Bool, line: Int, column: Int) {
            self.isObject = isObject
            self.line = line
            self.column = column
        }

        var name: String { isObject ? "object" : "array" }
    }

    /// Reads tokens until the end of `b` or of a token `b` cuts short; returns how many bytes it used.
    private mutating func run(_ b: UnsafeBufferPointer<UInt8>, final: Bool) throws(JSONProblem) -> Int {
        let n = b.count
        var i = 0
        if !bomChecked {
            let prefix = min(n, 3)
            if n >= 3 || final || !b[0..<prefix].elementsEqual(Self.bom[0..<prefix]) {
                bomChecked = true
                if n >= 3, b[0..<3].elementsEqual(Self.bom) { i = 3 }
            } else {
                return 0
            }
        }
        while true {
            while i < n {
                let c = b[i]
                guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { break }
                i += 1
                if c == 0x0A {
                    line += 1
                    lineStart = consumed + i
                }
            }
            guard i < n else { return i }
            let c = b[i]
            switch expect {
            case .value, .firstValue:
                switch c {
                case Byte.openBracket, Byte.openBrace:
                    guard JSONParser.mayOpen(atDepth: frames.count) else {
                        throw problem(at: i, "arrays and objects nested deeper than \(JSONNode.maxDepth) levels")
                    }
                    let isObject = c == Byte.openBrace
                    frames.append(Frame(isObject: isObject, line: line, column: column(at: i)))
                    i += 1
                    expect = isObject ? .firstKey : .firstValue
                case Byte.closeBracket where expect == .firstValue:
                    i += 1
                    close()
                case Byte.closeBracket where !frames.isEmpty:
                    throw problem(at: i, "trailing comma: expected a value after ',', found ']'")
                case Byte.quote:
                    guard let (text, end) = try string(b, from: i, final: final) else { return i }
                    i = end
                    deliver(.string(text))
                case Byte.minus, Byte.zero...Byte.nine:
                    guard let end = try number(b, from: i, final: final) else { return i }
                    deliver(.number(String(decoding: UnsafeBufferPointer(rebasing: b[i..<end]), as: UTF8.self)))
                    i = end
                default:
                    guard let (node, end) = try literal(b, from: i, final: final) else { return i }
                    i = end
                    deliver(node)
                }
            case .key, .firstKey:
                if c == Byte.quote {
                    guard let (text, end) = try string(b, from: i, final: final) else { return i }
                    frames[frames.count - 1].key = text
                    i = end
                    expect = .colon
                } else if c == Byte.closeBrace, expect == .firstKey {
                    i += 1
                    close()
                } else if c == Byte.closeBrace {
                    throw problem(at: i, "trailing comma: expected a key after ',', found '}'")
                } else {
                    throw problem(at: i, "expected a key in double quotes, found \(found(b, at: i))")
                }
            case .colon:
                guard c == Byte.colon else {
                    throw problem(at: i, "expected ':' after the key, found \(found(b, at: i))")
                }
                i += 1
                expect = .value
            case .commaOrClose:
                let frame = frames[frames.count - 1]
                switch JSONParser.afterValue(c, inObject: frame.isObject) {
                case .next(let next):
                    i += 1
                    expect = next
                case .close:
                    i += 1
                    close()
                case .invalid:
                    throw problem(at: i, "expected ',' or '\(frame.isObject ? "}" : "]")' in the \(frame.name) opened at "
                        + "line \(frame.line), column \(frame.column), found \(found(b, at: i))")
                }
            case .end:
                throw problem(at: i, "unexpected \(found(b, at: i)) after the JSON value (only whitespace may follow it)")
            }
        }
    }

    private mutating func close() {
        let frame = frames.removeLast()
        deliver(frame.isObject ? .object(frame.members) : .array(frame.items))
    }

    private mutating func deliver(_ node: JSONNode) {
        guard !frames.isEmpty else {
            root = node
            expect = .end
            return
        }
        let top = frames.count - 1
        if frames[top].isObject {
            frames[top].members.append(JSONNode.Member(frames[top].key, node))
        } else {
            frames[top].items.append(node)
        }
        expect = .commaOrClose
    }

    private func endOfInputProblem() -> JSONProblem {
        let at = JSONProblem(offset: consumed, line: line, column: consumed - lineStart + 1, message: "")
        func with(_ message: String) -> JSONProblem {
            var problem = at
            problem.message = message
            return problem
        }
        guard let frame = frames.last else { return with("empty input: expected a JSON value") }
        let wanted = switch expect {
        case .value: "a value"
        case .firstValue: "a value or ']'"
        case .key: "a key"
        case .firstKey: "a key or '}'"
        case .colon: "':'"
        case .commaOrClose, .end: frame.isObject ? "',' or '}'" : "',' or ']'"
        }
        return with("unexpected end of input: expected \(wanted) in the \(frame.name) opened at line \(frame.line), column \(frame.column)")
    }

    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    // MARK: Where, and what was found

    func column(at i: Int) -> Int { consumed + i - lineStart + 1 }

    func problem(at i: Int, _ message: String) -> JSONProblem {
        JSONProblem(offset: consumed + i, line: line, column: column(at: i), message: message)
    }

    /// The byte at `i` as a message names it: `'x'`, `U+000A`, `byte 0xC3`, or the end of the input.
    func found(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> String {
        guard i < b.count else { return "the end of the input" }
        let c = b[i]
        switch c {
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(c)))'"
        case 0x80...: return "byte 0x\(hex(c))"
        default: return "U+00\(hex(c))"
        }
    }

    func hex(_ c: UInt8) -> String {
        let text = String(c, radix: 16, uppercase: true)
        return c < 16 ? "0" + text : text
    }
}

/// The bytes the grammar names.
enum Byte {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let colon = UInt8(ascii: ":")
    static let comma = UInt8(ascii: ",")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
}
