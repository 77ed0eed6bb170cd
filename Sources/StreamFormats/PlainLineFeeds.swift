/// Counting a block of JSON Lines sixteen bytes at a time, for a splitter that only numbers its
/// records (a `memchr` per line costs twice as much on short lines).
///
/// A block is plain when each of its line feeds is followed by a byte above 0x20, so by neither
/// JSON whitespace nor a control byte. Begun inside a line with content, every line feed of a
/// plain block then ends a line with content, and its records are its line feeds. A block that
/// is not plain (a blank line, a line that begins with a space) is the caller's to walk line by line.
enum PlainLineFeeds {
    /// The line feeds of `bytes[start..<end]`, or nil when the block is not plain. Reads the byte
    /// at `end` too (what follows the block's last byte), so `end < bytes.count`.
    static func count(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        precondition(start >= 0 && start <= end && end < bytes.count)
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let lineFeed = SIMD16<UInt8>(repeating: 0x0A), space = SIMD16<UInt8>(repeating: 0x20)
        let one = SIMD16<UInt8>(repeating: 1), zero = SIMD16<UInt8>()
        var count = 0
        var next = start
        var notPlain = SIMDMask<SIMD16<Int8>>()
        while end - next >= 16 {
            // Byte lanes count to 255 at most before they are added up.
            var lanes = zero
            var rounds = 0
            while rounds < 255, end - next >= 16 {
                let here = raw.loadUnaligned(fromByteOffset: next, as: SIMD16<UInt8>.self)
                let after = raw.loadUnaligned(fromByteOffset: next + 1, as: SIMD16<UInt8>.self)
                let feeds = here .== lineFeed
                lanes &+= zero.replacing(with: one, where: feeds)
                notPlain .|= feeds .& (after .<= space)
                next += 16
                rounds += 1
            }
            if any(notPlain) { return nil }
            count += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while next < end {
            if base[next] == 0x0A {
                if base[next + 1] <= 0x20 { return nil }
                count += 1
            }
            next += 1
        }
        return count
    }
}
