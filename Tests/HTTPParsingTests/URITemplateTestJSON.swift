import Foundation

/// A minimal JSON reader for the conformance data. JSONSerialization forgets the order of object keys,
/// and expected strings like "?a=1&b=2" depend on it, so objects here are ordered pairs.
enum URITemplateTestJSON {
    case string(String)
    case integer(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([URITemplateTestJSON])
    case object([(String, URITemplateTestJSON)])

    struct SyntaxError: Error, CustomStringConvertible {
        let offset: Int
        let message: String
        var description: String { "JSON: \(message) at byte \(offset)" }
    }

    static func parse(_ data: Data) throws -> URITemplateTestJSON {
        var reader = Reader(bytes: Array(data))
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw reader.error("trailing characters") }
        return value
    }

    subscript(key: String) -> URITemplateTestJSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// The shape `URITemplate.Value(any:)` reads: ordered objects become `[(String, Any)]`.
    var anyValue: Any {
        switch self {
        case .string(let text): text
        case .integer(let number): number
        case .double(let number): number
        case .bool(let flag): flag
        case .null: NSNull()
        case .array(let items): items.map(\.anyValue)
        case .object(let pairs): pairs.map { ($0.0, $0.1.anyValue) }
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        func error(_ message: String) -> SyntaxError { SyntaxError(offset: index, message: message) }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws -> URITemplateTestJSON {
            guard depth < 64 else { throw error("nested too deeply") }
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var pairs: [(String, URITemplateTestJSON)] = []
                try list(closing: "}") {
                    $0.skipSpace()
                    let key = try $0.string()
                    $0.skipSpace()
                    try $0.expect(":")
                    pairs.append((key, try $0.value(depth: depth + 1)))
                }
                return .object(pairs)
            case UInt8(ascii: "["):
                index += 1
                var items: [URITemplateTestJSON] = []
                try list(closing: "]") { items.append(try $0.value(depth: depth + 1)) }
                return .array(items)
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            default: return try number()
            }
        }

        /// Comma-separated members up to `closing`; the opening bracket is already consumed.
        private mutating func list(closing: Unicode.Scalar, member: (inout Reader) throws -> Void) throws {
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: closing) { index += 1; return }
            while true {
                try member(&self)
                skipSpace()
                guard index < bytes.count else { throw error("unexpected end") }
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: closing) { return }
                guard byte == UInt8(ascii: ",") else { index -= 1; throw error("expected ',' or '\(closing)'") }
            }
        }

        private mutating func expect(_ scalar: Unicode.Scalar) throws {
            guard index < bytes.count, bytes[index] == UInt8(ascii: scalar) else { throw error("expected '\(scalar)'") }
            index += 1
        }

        private mutating func word(_ text: String) throws {
            for byte in text.utf8 {
                guard index < bytes.count, bytes[index] == byte else { throw error("expected \(text)") }
                index += 1
            }
        }

        private mutating func number() throws -> URITemplateTestJSON {
            let start = index
            while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if let integer = Int(text) { return .integer(integer) }
            if let double = Double(text) { return .double(double) }
            index = start
            throw error("unexpected character")
        }

        private mutating func string() throws -> String {
            try expect("\"")
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { throw error("unexpected end") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"): out.append(contentsOf: String(try unicodeEscape()).utf8)
                    default: out.append(escape)  // \" \\ \/
                    }
                default:
                    out.append(byte)
                }
            }
            throw error("unterminated string")
        }

        /// `\uXXXX` after the `\u`, joining UTF-16 surrogate pairs.
        private mutating func unicodeEscape() throws -> Character {
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                try word("\\u")
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
                let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                if let scalar = Unicode.Scalar(combined) { return Character(scalar) }
            } else if let scalar = Unicode.Scalar(high) {
                return Character(scalar)
            }
            throw error("invalid \\u escape")
        }

        private mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count,
                  let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { throw error("invalid \\u escape") }
            index += 4
            return value
        }
    }
}
