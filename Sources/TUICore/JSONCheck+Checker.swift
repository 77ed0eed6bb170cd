extension JSONCheck {
    /// The state machine: after each value it looks at the innermost open container to decide
    /// what may come next.
    struct Checker {
        struct Failure: Error {
            var offset: Int
            var message: String
        }

        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// Open containers, innermost last: `{` or `[`.
        var open: [UInt8] = []

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func run() -> Result {
            skipWhitespace()
            if index == bytes.count { return .empty }
            do {
                try checkDocument()
                return .valid
            } catch {
                let (line, column) = JSONCheck.location(of: error.offset, in: bytes)
                return .invalid(line: line, column: column, message: error.message)
            }
        }

        private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        private mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        private func fail(_ message: String) -> Failure { Failure(offset: index, message: message) }

        private mutating func checkDocument() throws(Failure) {
            var expectingValue = true
            while true {
                if expectingValue {
                    skipWhitespace()
                    expectingValue = try value()
                    continue
                }
                // After a value: close containers or move to the next element.
                skipWhitespace()
                guard let container = open.last else {
                    if index < bytes.count { throw fail("unexpected \(Self.describe(bytes[index])) after the value") }
                    return
                }
                let close = container == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                guard let byte = current else {
                    throw fail(container == UInt8(ascii: "{") ? "unclosed '{': expected ',' or '}'" : "unclosed '[': expected ',' or ']'")
                }
                if byte == close {
                    open.removeLast()
                    index += 1
                } else if byte == UInt8(ascii: ",") {
                    index += 1
                    skipWhitespace()
                    if current == close { throw fail("trailing ',' before '\(Character(Unicode.Scalar(close)))'") }
                    if container == UInt8(ascii: "{") { try memberName() }
                    expectingValue = true
                } else {
                    throw fail(container == UInt8(ascii: "{") ? "expected ',' or '}'" : "expected ',' or ']'")
                }
            }
        }

        /// A whole scalar value, or the opening of a container, whose contents the main loop then
        /// walks. Returns true when a container was opened and its first value comes next.
        private mutating func value() throws(Failure) -> Bool {
            guard let byte = current else { throw fail("expected a value, found the end of the text") }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                open.append(byte)
                index += 1
                skipWhitespace()
                // An empty container closes at once; an object's first member starts with its name.
                if current == UInt8(ascii: isObject ? "}" : "]") {
                    open.removeLast()
                    index += 1
                    return false
                }
                if isObject { try memberName() }
                return true
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            default: throw fail("expected a value, found \(Self.describe(byte))")
            }
            return false
        }

        /// `"name"` then `:`, with the cursor left before the member's value.
        private mutating func memberName() throws(Failure) {
            guard current == UInt8(ascii: "\"") else {
                guard let byte = current else { throw fail("expected a member name, found the end of the text") }
                throw fail("expected a member name in double quotes, found \(Self.describe(byte))")
            }
            try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
        }
    }
}
