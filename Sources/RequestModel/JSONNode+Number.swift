/// JSON numbers compare by value, exactly: `1.50`, `1.5` and `15e-1` are the same number, and no
/// digit is lost to floating point however long the number is.
extension JSONNode {
    /// Whether two JSON number texts denote the same value.
    public static func sameNumber(_ left: String, _ right: String) -> Bool {
        guard let a = CanonicalNumber(left), let b = CanonicalNumber(right) else { return left == right }
        return a == b
    }

    /// -1, 0 or 1 as `left` is below, equal to or above `right`, exactly; nil when either is not a number.
    public static func numberOrder(_ left: String, _ right: String) -> Int? {
        guard let a = CanonicalNumber(left), let b = CanonicalNumber(right) else { return nil }
        return a.order(b)
    }

    /// Equality as a diff sees it: numbers by value, objects regardless of key order.
    public func sameValue(as other: JSONNode) -> Bool {
        switch (self, other) {
        case (.number(let a), .number(let b)): return Self.sameNumber(a, b)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.sameValue(as: $1) }
        case (.object(let a), .object(let b)):
            let keys = Set(a.map(\.key))
            guard keys == Set(b.map(\.key)) else { return false }
            return keys.allSatisfy { key in self[key]!.sameValue(as: other[key]!) }
        default: return self == other
        }
    }
}

/// ±0.DIGITS × 10^exponent with no leading or trailing zeros in DIGITS; zero is empty digits.
private struct CanonicalNumber: Equatable {
    var negative: Bool
    var digits: [UInt8]
    var exponent: Int

    init?(_ text: String) {
        var bytes = Substring(text).utf8[...]
        negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        var mantissa: [UInt8] = []
        var pointOffset: Int?
        var exponentText = ""
        var inExponent = false
        for byte in bytes {
            if inExponent { exponentText.unicodeScalars.append(Unicode.Scalar(byte)); continue }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): mantissa.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "."): pointOffset = mantissa.count
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            default: return nil
            }
        }
        guard !mantissa.isEmpty else { return nil }
        var exponent = pointOffset ?? mantissa.count
        if inExponent {
            guard let value = Int(exponentText.hasPrefix("+") ? String(exponentText.dropFirst()) : exponentText),
                  abs(value) < 1_000_000_000 else { return nil }
            exponent += value
        }
        while let first = mantissa.first, first == 0 {
            mantissa.removeFirst()
            exponent -= 1
        }
        while let last = mantissa.last, last == 0 { mantissa.removeLast() }
        if mantissa.isEmpty {
            negative = false
            exponent = 0
        }
        digits = mantissa
        self.exponent = exponent
    }

    /// -1, 0 or 1: signs first, then magnitudes (exponent, then digits) with the sign's direction.
    func order(_ other: CanonicalNumber) -> Int {
        if self == other { return 0 }
        let selfZero = digits.isEmpty, otherZero = other.digits.isEmpty
        if selfZero { return other.negative ? 1 : -1 }
        if otherZero { return negative ? -1 : 1 }
        if negative != other.negative { return negative ? -1 : 1 }
        let magnitudeBelow = exponent != other.exponent
            ? exponent < other.exponent
            : digits.lexicographicallyPrecedes(other.digits)
        return (magnitudeBelow != negative) ? -1 : 1
    }
}
