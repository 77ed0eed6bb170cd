import CompressNIO
import Foundation
import NIOCore
import TestSupport
import Testing
@testable import ClientCore

/// `ContentDecoder` on its own: every coding, every split of small inputs, bombs and cut streams.
@Suite struct ContentDecoderTests {
    static let text = Data(("{\"greeting\": \"hello, decoder\", \"items\": [" + (1...60).map(String.init).joined(separator: ", ") + "]}\n").utf8)

    /// The text compressed by zlib in one of its framings.
    static func compressed(_ data: Data, _ algorithm: ZlibAlgorithm) throws -> [UInt8] {
        let compressor = try ZlibCompressor(algorithm: algorithm)
        var input = ByteBuffer(bytes: data)
        var output = ByteBufferAllocator().buffer(capacity: compressor.maxSize(from: input) + 64)
        try compressor.deflate(from: &input, to: &output, flush: .finish)
        return Array(output.readableBytesView)
    }

    /// `{"hello": "brotli", …}` compressed by brotli (brotlicffi, quality 11).
    static let brotliText = #"{"hello": "brotli", "n": [1, 2, 3], "text": ""# + String(repeating: "abc", count: 40) + #""}"#
    static let brotli: [UInt8] = [
        0x1b, 0xa6, 0x00, 0xa0, 0x8c, 0xd4, 0x63, 0xad, 0x30, 0xda, 0x19, 0x21, 0xc9, 0x2c, 0xfc, 0xe7, 0x2d, 0xf5, 0x97, 0x7f,
        0xb9, 0xd3, 0xa4, 0x6a, 0x82, 0x93, 0x6c, 0xc6, 0x66, 0x9a, 0x09, 0x10, 0xd8, 0x80, 0x03, 0xe6, 0x06, 0x7c, 0xa3, 0x01,
        0x70, 0x11, 0x3c, 0x05, 0x85, 0x44, 0x4a, 0x38, 0xa3, 0x3c, 0x86, 0x5e, 0x64, 0xe2, 0xec, 0x3b, 0x07, 0x62, 0xe9, 0x62,
        0x72, 0xa5, 0x9a, 0x22, 0xfe, 0xa3, 0x45, 0x67, 0x3e,
    ]

    /// Feeds `chunks` one at a time, draining between them, as the transport does.
    static func decode(_ chunks: [[UInt8]], encoding: String?, limit: Int = 1 << 30) throws(HTTPError) -> (Data, ContentDecoder) {
        var decoder = ContentDecoder(contentEncoding: encoding, limit: limit)
        var out = Data()
        for chunk in chunks {
            decoder.feed(ByteBuffer(bytes: chunk))
            while let piece = try decoder.next() { out.append(contentsOf: piece.readableBytesView) }
        }
        try decoder.finish()
        return (out, decoder)
    }

    /// Whole, split in two at every offset, and a byte at a time.
    static func everySplit(_ bytes: [UInt8], encoding: String, expect expected: Data) throws {
        #expect(try decode([bytes], encoding: encoding).0 == expected)
        for offset in 0...bytes.count {
            let (data, decoder) = try decode([Array(bytes[..<offset]), Array(bytes[offset...])], encoding: encoding)
            #expect(data == expected, "split at \(offset)")
            #expect(decoder.encodedBytes == bytes.count && decoder.decodedBytes == expected.count)
        }
        #expect(try decode(bytes.map { [$0] }, encoding: encoding).0 == expected)
    }

    @Test(arguments: ["gzip", "x-gzip", "GZIP"])
    func gzipAtEverySplit(_ name: String) throws {
        try Self.everySplit(try Self.compressed(Self.text, .gzip), encoding: name, expect: Self.text)
    }

    @Test func deflateZlibWrappedAndRawAtEverySplit() throws {
        let zlib = try Self.compressed(Self.text, .zlib)
        let raw = try Self.compressed(Self.text, .deflate)
        #expect(ContentDecoder.isZlibHeader(zlib[0], zlib[1]))
        #expect(!ContentDecoder.isZlibHeader(raw[0], raw[1]))
        try Self.everySplit(zlib, encoding: "deflate", expect: Self.text)
        try Self.everySplit(raw, encoding: "deflate", expect: Self.text)
    }

    @Test func brotliAtEverySplit() throws {
        try Self.everySplit(Self.brotli, encoding: "br", expect: Data(Self.brotliText.utf8))
    }

    @Test func concatenatedGzipMembersAreOneBody() throws {
        let first = try Self.compressed(Data("first member, ".utf8), .gzip)
        let second = try Self.compressed(Data("second member".utf8), .gzip)
        try Self.everySplit(first + second, encoding: "gzip", expect: Data("first member, second member".utf8))
    }

    @Test func identityAndUnknownCodingsPassThrough() throws {
        let bytes = Array(Self.text)
        for encoding in [nil, "identity", ""] as [String?] {
            let (data, decoder) = try Self.decode([bytes], encoding: encoding)
            #expect(data == Self.text && decoder.coding == nil && decoder.undecodedEncoding == nil && decoder.encoding == nil)
        }
        // A coding it does not know, or several stacked: kept as it came, and said.
        for encoding in ["zstd", "gzip, br"] {
            let (data, decoder) = try Self.decode([bytes], encoding: encoding)
            #expect(data == Self.text && decoder.coding == nil && decoder.undecodedEncoding == encoding)
        }
        // --raw: a gzip body as it came.
        let gzipped = try Self.compressed(Self.text, .gzip)
        var raw = ContentDecoder(contentEncoding: "gzip", limit: 1 << 20, decodes: false)
        raw.feed(ByteBuffer(bytes: gzipped))
        #expect(try raw.next().map { Array($0.readableBytesView) } == gzipped)
        #expect(try raw.next() == nil)
    }

    @Test func theEventSeesTheCodingAndBothSizes() throws {
        let gzipped = try Self.compressed(Self.text, .gzip)
        let (_, decoder) = try Self.decode([gzipped], encoding: "x-gzip")
        #expect(decoder.encoding == ClientEvent.BodyEncoding(name: "gzip", bytes: gzipped.count))
        #expect(decoder.decodedBytes == Self.text.count)
    }

    @Test func anEmptyEncodedBodyIsComplete() throws {
        // HEAD, 204 and 304 responses carry the header and no body.
        for encoding in ["gzip", "deflate", "br"] {
            #expect(try Self.decode([], encoding: encoding).0.isEmpty)
        }
    }

    @Test(arguments: ["gzip", "deflate", "br"])
    func aTruncatedStreamSaysWhatItDecoded(_ encoding: String) throws {
        let whole: [UInt8] = switch encoding {
        case "br": Self.brotli
        case "deflate": try Self.compressed(Self.text, .zlib)
        default: try Self.compressed(Self.text, .gzip)
        }
        let cut = Array(whole.dropLast(6))
        var decoded = 0
        do {
            var decoder = ContentDecoder(contentEncoding: encoding, limit: 1 << 20)
            decoder.feed(ByteBuffer(bytes: cut))
            while let piece = try decoder.next() { decoded += piece.readableBytes }
            try decoder.finish()
            Issue.record("a cut \(encoding) stream was accepted")
        } catch {
            #expect(error.kind == .transport)
            #expect(error.message.contains("cut short"), "\(error.message)")
            #expect(error.message.contains("\(cut.count) encoded byte(s) gave \(decoded) decoded byte(s)"), "\(error.message)")
        }
    }

    @Test func corruptDataIsAnError() throws {
        var gzipped = try Self.compressed(Self.text, .gzip)
        for index in 12..<20 { gzipped[index] ^= 0xff }
        #expect(throws: HTTPError.self) { try Self.decode([gzipped], encoding: "gzip") }
        #expect(throws: HTTPError.self) { try Self.decode([[0x1b, 0xff, 0xff, 0xff, 0xff, 0xff]], encoding: "br") }
    }

    /// gzip of `mebibytes` MiB of zeros, built from one sync-flushed deflate block of 1 MiB of zeros
    /// repeated (each block only refers back to zeros), so making it costs nothing.
    static func zeroBomb(mebibytes: Int, trailer: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0]) throws -> [UInt8] {
        let compressor = try ZlibCompressor(algorithm: .deflate)
        var zeros = ByteBuffer(repeating: 0, count: 1 << 20)
        var block = ByteBufferAllocator().buffer(capacity: compressor.maxSize(from: zeros))
        try compressor.deflate(from: &zeros, to: &block, flush: .sync)
        let header: [UInt8] = [0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]
        var bomb = header
        let blockBytes = Array(block.readableBytesView)
        for _ in 0..<mebibytes { bomb += blockBytes }
        // A final empty fixed block, then the CRC-32 and the size (the default one is wrong: a bomb stopped early never reaches it).
        return bomb + [0x03, 0x00] + trailer
    }

    @Test func aBombStopsAtTheLimitQuickly() throws {
        let bomb = try Self.zeroBomb(mebibytes: 1024)
        #expect(bomb.count < 2 << 20, "1 GiB of zeros in \(bomb.count) bytes")
        let started = ContinuousClock.now
        var decoded = 0
        var largestPiece = 0
        do {
            var decoder = ContentDecoder(contentEncoding: "gzip", limit: 8 << 20)
            for chunk in stride(from: 0, to: bomb.count, by: 16 << 10).map({ Array(bomb[$0..<min($0 + (16 << 10), bomb.count)]) }) {
                decoder.feed(ByteBuffer(bytes: chunk))
                while let piece = try decoder.next() {
                    decoded += piece.readableBytes
                    largestPiece = max(largestPiece, piece.readableBytes)
                }
            }
            Issue.record("the bomb was decoded whole: \(decoded) bytes")
        } catch {
            #expect(error.kind == .bodyTooLarge)
            #expect(error.message.contains("8 MiB limit"), "\(error.message)")
        }
        #expect(decoded <= 8 << 20)
        #expect(largestPiece <= ContentDecoder.pieceSize, "memory stays bounded: no piece past \(ContentDecoder.pieceSize) bytes")
        #expect(ContinuousClock.now - started < .seconds(TestTime.scaled(5)))
    }

    @Test func theWholeBombDecodesUnderAHighEnoughLimit() throws {
        // CRC-32 of 64 MiB of zeros (zlib.crc32), and 64 MiB, little-endian.
        let bomb = try Self.zeroBomb(mebibytes: 64, trailer: [0xed, 0x30, 0xeb, 0xb2, 0x00, 0x00, 0x00, 0x04])
        var decoder = ContentDecoder(contentEncoding: "gzip", limit: 64 << 20)
        decoder.feed(ByteBuffer(bytes: bomb))
        var decoded = 0
        while let piece = try decoder.next() { decoded += piece.readableBytes }
        try decoder.finish()
        #expect(decoded == 64 << 20)
    }
}
