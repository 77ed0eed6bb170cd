/// JSON numbers in order by value, exactly, however many digits they have: `<` in a JSONPath
/// filter compares `9007199254740993` with `9007199254740992.5` right, where Double would not.
extension JSONNode {
    /// -1, 0 or 1 as `left` is below, equal to or above `right`; nil when either is not a
    /// number's text.
    public static func compareNumbers(_ left: String, _ right: String) -> Int? {
        // Integers that fit in Int (the common case: counts, ids, lengths) compare directly.
        if left.utf8.count < 19, right.utf8.count < 19, left.utf8.first != UInt8(ascii: "+"), right.utf8.first != UInt8(ascii: "+"),
           let a = Int(left), let b = Int(right) {
            return a < b ? -1 : (a == b ? 0 : 1)
        }
        guard let a = ExactDecimal(left), let b = ExactDecimal(right) else { return nil }
        return ExactDecimal.compare(a, b)
    }
}

/// ±0.DIGITS × 10^exponent, DIGITS without leading or trailing zeros; zero has no digits.
private struct ExactDecimal {
    var negative: Bool
    var digits: [UInt8]
    var exponent: Int

    /// Far beyond any exponent a digit count can offset, yet safe from overflow.
    private static let exponentLimit = 1_000_000_000_000_000

    init?(_ text: String) {
        var bytes = text.utf8[...]
        negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        var mantissa: [UInt8] = []
        var pointOffset: Int?
        while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): mantissa.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: ".") where pointOffset == nil: pointOffset = mantissa.count
            default: return nil
            }
        }
        guard !mantissa.isEmpty else { return nil }
        var exponent = pointOffset ?? mantissa.count
        if !bytes.isEmpty {
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            guard !bytes.isEmpty else { return nil }
            var value = 0
            for byte in bytes {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = min(Self.exponentLimit, value * 10 + Int(byte - UInt8(ascii: "0")))
            }
            exponent += exponentNegative ? -value : value
        }
        let firstSignificant = mantissa.firstIndex { $0 != 0 }
        guard let first = firstSignificant else {
            negative = false
            digits = []
            self.exponent = 0
            return
        }
        let last = mantissa.lastIndex { $0 != 0 }!
        digits = Array(mantissa[first...last])
        self.exponent = exponent - first
    }

    static func compare(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
        if a.digits.isEmpty && b.digits.isEmpty { return 0 }
        if a.digits.isEmpty { return b.negative ? 1 : -1 }
        if b.digits.isEmpty { return a.negative ? -1 : 1 }
        if a.negative != b.negative { return a.negative ? -1 : 1 }
        let magnitude = compareMagnitudes(a, b)
        return a.negative ? -magnitude : magnitude
    }

    private static func compareMagnitudes(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
        if a.exponent != b.exponent { return a.exponent < b.exponent ? -1 : 1 }
        for (x, y) in zip(a.digits, b.digits) where x != y { return x < y ? -1 : 1 }
        if a.digits.count == b.digits.count { return 0 }
        return a.digits.count < b.digits.count ? -1 : 1
    }
}
