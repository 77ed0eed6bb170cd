@testable import StreamFormats
import Testing

@Suite struct PlainLineFeedsTests {
    /// Byte by byte: the line feeds of the block, nil when one is followed by a byte up to 0x20.
    func expected(_ bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var count = 0
        for index in start..<end where bytes[index] == 0x0A {
            if bytes[index + 1] <= 0x20 { return nil }
            count += 1
        }
        return count
    }

    func counted(_ bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        bytes.withUnsafeBufferPointer { PlainLineFeeds.count(in: $0, from: start, to: end) }
    }

    @Test func agreesWithCountingByteByByteOnRandomBlocks() {
        var generator = SystemRandomNumberGenerator()
        let anyByte: [UInt8] = [0x0A, 0x0A, 0x7B, 0x7D, 0x41, 0x22, 0x20, 0x09, 0x0D, 0x00, 0x21, 0xFF]
        let content: [UInt8] = [0x7B, 0x41, 0x21, 0xFF]
        for round in 0..<2_000 {
            // Every other block plain by construction (no line feed followed by a byte up to
            // 0x20), so that counts are checked and not only the refusals.
            let plain = round % 2 == 0
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...700, using: &generator) {
                let choices = !plain ? anyByte : bytes.last == 0x0A ? content : [0x0A, 0x0A] + content
                bytes.append(choices.randomElement(using: &generator)!)
            }
            let start = Int.random(in: 0..<bytes.count, using: &generator)
            let end = Int.random(in: start..<bytes.count, using: &generator)
            let count = counted(bytes, from: start, to: end)
            #expect(count == expected(bytes, from: start, to: end), "\(bytes) \(start)..<\(end)")
            if plain { #expect(count != nil) }
        }
    }

    @Test func countsMoreLineFeedsThanALaneHolds() {
        // Every other byte a line feed: 2,048 in a block, where one byte lane counts to 255.
        let bytes = Array([[UInt8]](repeating: [0x0A, 0x7B], count: 2_048).joined()) + [0x7B]
        #expect(counted(bytes, from: 0, to: 4_096) == 2_048)
        #expect(counted(bytes, from: 1, to: 4_096) == 2_047)
    }

    @Test func aBlankLineOrALeadingSpaceAnywhereMakesTheBlockNotPlain() {
        let line = Array(#"{"a":1}"#.utf8) + [0x0A]
        let lines = Array([[UInt8]](repeating: line, count: 100).joined())
        #expect(counted(lines + [0x7B], from: 0, to: lines.count) == 100)
        for index in [7, 15, 407, 799] where lines[index] == 0x0A {
            for follower: UInt8 in [0x0A, 0x20, 0x09, 0x0D] {
                var bytes = lines + [0x7B]
                bytes.insert(follower, at: index + 1)
                #expect(counted(bytes, from: 0, to: bytes.count - 1) == nil, "after the feed at \(index): \(follower)")
            }
        }
        // The byte after the block counts too: the block's last line feed is followed by it.
        #expect(counted(lines + [0x0A], from: 0, to: lines.count) == nil)
    }
}
