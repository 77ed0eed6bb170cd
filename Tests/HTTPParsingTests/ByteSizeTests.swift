import HTTPParsing
import Testing

@Suite struct ByteSizeTests {
    @Test(arguments: [
        ("1024", 1024), ("2G", 2 << 30), ("2g", 2 << 30), ("500M", 500 << 20), ("16GiB", 16 << 30), ("64 MB", 64 << 20),
        ("1.5K", 1536), ("1T", 1 << 40), ("10b", 10), (" 7 ", 7),
    ] as [(String, Int)])
    func sizesAsPeopleWriteThem(_ text: String, _ bytes: Int) {
        #expect(ByteSize.parse(text) == bytes)
    }

    @Test(arguments: ["", "0", "-1", "2X", "G", "1e3", "lots", "1.2.3M", "10iB", "99999999999T", "0.1"])
    func notSizes(_ text: String) {
        #expect(ByteSize.parse(text) == nil)
    }

    @Test func describedInTheLargestWholeUnit() {
        #expect(ByteSize.describe(16 << 30) == "16 GiB")
        #expect(ByteSize.describe(2 << 20) == "2 MiB")
        #expect(ByteSize.describe(1536) == "1536 bytes")
        #expect(ByteSize.describe(3 << 10) == "3 KiB")
        #expect(ByteSize.describe(1) == "1 byte")
    }
}
