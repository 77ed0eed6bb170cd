extension URITemplate {
    /// Percent-encoding per RFC 6570 §1.5 and §3.2.1. Works on UTF-8 bytes: every byte of a
    /// non-ASCII character is >= 0x80 and gets its own triplet, which is exactly UTF-8 pct-encoding.
    enum Encoding {
        /// Literal text: like reserved expansion, keeping unreserved, reserved and pct-encoded triplets.
        static func literal(_ text: String) -> String {
            var out: [UInt8] = []
            out.reserveCapacity(text.utf8.count)
            append(text[...], allowReserved: true, to: &out)
            return String(decoding: out, as: UTF8.self)
        }

        /// Appends `text` encoded. With `allowReserved` (operators `+` and `#`), reserved characters and
        /// existing pct-encoded triplets pass through, so already-encoded values are not encoded twice.
        static func append(_ text: Substring, allowReserved: Bool, to out: inout [UInt8]) {
            let bytes = text.utf8
            var i = bytes.startIndex
            while i != bytes.endIndex {
                let byte = bytes[i]
                if isUnreserved(byte) || (allowReserved && isReserved(byte)) {
                    out.append(byte)
                } else if allowReserved, byte == UInt8(ascii: "%"), let end = tripletEnd(bytes, after: i) {
                    out.append(contentsOf: bytes[i..<end])
                    i = end
                    continue
                } else {
                    out.append(UInt8(ascii: "%"))
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0x0F)])
                }
                i = bytes.index(after: i)
            }
        }

        /// The index after "%XX" when `percent` starts a valid triplet.
        private static func tripletEnd(_ bytes: Substring.UTF8View, after percent: Substring.UTF8View.Index)
            -> Substring.UTF8View.Index?
        {
            let first = bytes.index(after: percent)
            guard first != bytes.endIndex, isHex(bytes[first]) else { return nil }
            let second = bytes.index(after: first)
            guard second != bytes.endIndex, isHex(bytes[second]) else { return nil }
            return bytes.index(after: second)
        }

        private static let hexDigits = Array("0123456789ABCDEF".utf8)

        /// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
        static func isUnreserved(_ b: UInt8) -> Bool {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                return true
            default:
                return false
            }
        }

        /// reserved = gen-delims / sub-delims = ":/?#[]@" / "!$&'()*+,;="
        static func isReserved(_ b: UInt8) -> Bool {
            switch b {
            case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"),
                 UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "@"),
                 UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
                 UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
                 UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
                return true
            default:
                return false
            }
        }

        private static func isHex(_ b: UInt8) -> Bool {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                 UInt8(ascii: "A")...UInt8(ascii: "F"):
                return true
            default:
                return false
            }
        }
    }
}
