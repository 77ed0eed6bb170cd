import NIOCore

/// Deterministic byte stream for `/bytes/{n}`: xorshift64* seeded through splitmix64, so any
/// seed (0 included) gives a well-mixed, non-zero state. Bytes for n are a prefix of those for
/// any larger n.
struct PseudoRandomBytes {
    private var state: UInt64

    init(seed: UInt64) {
        var mixed = seed &+ 0x9e37_79b9_7f4a_7c15
        mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
        mixed ^= mixed >> 31
        state = mixed == 0 ? 1 : mixed
    }

    mutating func nextWord() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_f491_4f6c_dd1d
    }

    /// Appends `count` bytes; callers keep `count` a multiple of 8 except for the last chunk,
    /// so the stream does not depend on how it is chunked.
    mutating func write(count: Int, to buffer: inout ByteBuffer) {
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { raw in
            var offset = 0
            while offset + 8 <= count {
                raw.storeBytes(of: nextWord().littleEndian, toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            if offset < count {
                let word = nextWord().littleEndian
                withUnsafeBytes(of: word) { wordBytes in
                    for index in 0..<(count - offset) {
                        raw[offset + index] = wordBytes[index]
                    }
                }
            }
            return count
        }
    }
}
