/// A size as a person writes it (`--max-body 2G`, `maxBody: 500M`, `1024`): a number of bytes,
/// or one with a K, M, G or T suffix (optionally followed by `B` or `iB`), each 1024 times the
/// one before, as curl's sizes are. Decimals allowed (`1.5G`); the result is whole bytes, above 0.
public enum ByteSize {
    private static let units: [Character: Int] = ["k": 10, "m": 20, "g": 30, "t": 40]

    public static func parse(_ text: String) -> Int? {
        var rest = Substring(text.trimmingWhitespace).lowercased()[...]
        if rest.hasSuffix("ib") { rest = rest.dropLast(2) } else if rest.hasSuffix("b") { rest = rest.dropLast() }
        var shift = 0
        if let last = rest.last, let unit = units[last] {
            shift = unit
            rest = rest.dropLast()
        } else if text.lowercased().hasSuffix("ib") {
            return nil  // "10iB": a binary suffix with no unit
        }
        while rest.last == " " { rest = rest.dropLast() }  // "64 MB"
        guard !rest.isEmpty, rest.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let number = Double(rest), number.isFinite, number > 0 else { return nil }
        let bytes = (number * Double(1 << shift)).rounded(.down)
        guard bytes >= 1, bytes < 0x1p62 else { return nil }
        return Int(bytes)
    }

    /// `16 GiB`, `512 MiB`, `1000 bytes`: the largest binary unit the size is a whole multiple of.
    public static func describe(_ bytes: Int) -> String {
        for (name, shift) in [("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(name)"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}

private extension String {
    var trimmingWhitespace: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
