/// The hex dump of a binary body, `hexdump -C` style: 16 bytes a line, needing no index.
/// `00000010  48 65 6c 6c 6f 20 77 6f  72 6c 64 0a              |Hello world.|`
enum HexLayout {
    static let bytesPerLine = 16

    static func lineCount(_ count: Int) -> Int { (count + bytesPerLine - 1) / bytesPerLine }

    /// Draws line `line` of a body of `count` bytes from `window`, which holds its bytes.
    static func render(line: Int, _ window: BodyWindow, count: Int, into builder: inout BodyLineBuilder) {
        let start = line * bytesPerLine
        guard start < count, start >= window.start else { return }
        let stop = min(count, window.end, start + bytesPerLine)
        let offsetDigits = count > 0xFFFF_FFFF ? 16 : 8
        appendHex(UInt64(start), digits: offsetDigits, BodyStyles.hexOffset, into: &builder)
        builder.appendSpaces(1, BodyStyles.plain)
        for k in 0..<bytesPerLine {
            builder.appendSpaces(k == 8 ? 2 : 1, BodyStyles.plain)
            if start + k < stop {
                appendHex(UInt64(window[start + k]), digits: 2, BodyStyles.plain, into: &builder)
            } else {
                builder.appendSpaces(2, BodyStyles.plain)
            }
            if builder.isFull { return }
        }
        builder.appendSpaces(2, BodyStyles.plain)
        builder.appendASCII(0x7C, BodyStyles.hexOffset)
        for i in start..<stop {
            let byte = window[i]
            builder.appendASCII(byte >= 0x20 && byte < 0x7F ? byte : 0x2E, BodyStyles.hexText)
        }
        builder.appendASCII(0x7C, BodyStyles.hexOffset)
    }

    private static func appendHex(_ value: UInt64, digits: Int, _ style: Style, into builder: inout BodyLineBuilder) {
        for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
            let nibble = UInt8((value >> UInt64(shift)) & 0xF)
            builder.appendASCII(nibble < 10 ? 0x30 + nibble : 0x57 + nibble, style)
        }
    }
}
