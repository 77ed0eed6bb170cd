/// Small text helpers for the curl parser and renderer. They work on Unicode scalars, as curl works
/// on bytes, so a combining mark after `=` or `:` can't hide the separator.
enum CurlText {
    /// Splits at the first scalar matching `isSeparator`.
    static func split(_ text: String, at isSeparator: (Unicode.Scalar) -> Bool)
        -> (before: String, separator: Unicode.Scalar, after: String)? {
        let scalars = text.unicodeScalars
        guard let index = scalars.firstIndex(where: isSeparator) else { return nil }
        return (String(scalars[..<index]), scalars[index], String(scalars[scalars.index(after: index)...]))
    }

    static func trimmingSpaces(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }

    /// curl's rule: no `scheme://` prefix means `http://`.
    static func withScheme(_ url: String) -> String {
        let scalars = Array(url.unicodeScalars.prefix(64))
        guard let first = scalars.first, isASCIILetter(first) else { return "http://" + url }
        var index = 1
        while index < scalars.count, isASCIILetter(scalars[index]) || ("0"..."9").contains(scalars[index])
                || scalars[index] == "+" || scalars[index] == "-" || scalars[index] == "." {
            index += 1
        }
        let hasScheme = scalars[index...].starts(with: [":", "/", "/"] as [Unicode.Scalar])
        return hasScheme ? url : "http://" + url
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// RFC 9110 token: method and header-name syntax.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            isASCIILetter(scalar) || ("0"..."9").contains(scalar) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }

    /// A header value holds no control characters but tab (no CR/LF injection).
    static func isFieldValue(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }
    }

    /// curl's --data-urlencode: everything but ALPHA, DIGIT and `-._~` becomes %XX, and space `+`.
    static func percentEncode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"):
                out.append(byte)
            case UInt8(ascii: " "):
                out.append(UInt8(ascii: "+"))
            default:
                out.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        return out
    }
}
