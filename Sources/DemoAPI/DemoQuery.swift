/// The query string as ordered name/value pairs, decoded the way HTML forms encode them
/// (percent escapes, "+" as space), keeping repeated names in order.
struct DemoQuery: Sendable {
    let pairs: [(name: String, value: String)]

    init(_ raw: String?) {
        guard let raw, !raw.isEmpty else {
            pairs = []
            return
        }
        pairs = raw.split(separator: "&", omittingEmptySubsequences: true).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = DemoQuery.decode(parts[0])
            let value = parts.count > 1 ? DemoQuery.decode(parts[1]) : ""
            return (name, value)
        }
    }

    subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    func int(_ name: String) -> Int? {
        self[name].flatMap { Int($0) }
    }

    /// Invalid escapes are kept literally rather than rejecting the request.
    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let high = hexValue(iterator[iterator.startIndex]),
                let low = hexValue(iterator[iterator.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
