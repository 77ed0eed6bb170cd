/// FNV-1a, 64-bit: a tiny streaming hash for `/upload` (swift-crypto is not in this target's
/// dependency graph, and a checksum to compare is all the tests need).
struct FNV1a64 {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    private(set) var value = FNV1a64.offsetBasis

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* FNV1a64.prime
        }
        value = hash
    }

    mutating func update(_ bytes: some Sequence<UInt8>) {
        var hash = value
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* FNV1a64.prime
        }
        value = hash
    }

    /// Always 16 lowercase hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
