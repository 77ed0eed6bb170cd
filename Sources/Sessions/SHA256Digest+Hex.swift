import Crypto

extension SHA256Digest {
    /// Lower-case hex, as session files write a large body's digest.
    var hex: String { map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined() }
}
