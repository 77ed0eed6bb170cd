import Foundation
import NIOCore
import Testing
@testable import ClientCore

/// The collector on its own: chunks in, one body out, in memory or spooled.
@Suite struct BodyCollectorTests {
    private let policy = SpoolPolicy(threshold: 1000, directory: FileManager.default.temporaryDirectory, maxBytes: 10_000)

    private func chunk(_ bytes: [UInt8]) -> ByteBuffer { ByteBuffer(bytes: bytes) }

    @Test func chunksAreJoinedInOrderInMemory() throws {
        var collector = BodyCollector(policy: policy, expected: nil)
        let first = chunk(Array(repeating: 1, count: 300))
        try collector.append(first)
        try collector.append(chunk(Array(repeating: 2, count: 300)))
        try collector.append(chunk([3]))
        let body = try collector.finish()
        #expect(body.fileURL == nil)
        #expect(body.data == Data(Array(repeating: 1, count: 300) + Array(repeating: 2, count: 300) + [3]))
        // The first chunk, the transport's own buffer, is left as it was.
        #expect(first.readableBytesView.elementsEqual(Array(repeating: 1, count: 300)))
    }

    @Test func anUnannouncedBodySpoolsOncePastTheThreshold() throws {
        var collector = BodyCollector(policy: policy, expected: nil)
        let parts = (0..<5).map { index in Array(repeating: UInt8(index), count: 400) }
        for part in parts { try collector.append(chunk(part)) }
        let body = try collector.finish()
        let file = try #require(body.fileURL)
        #expect(try Data(contentsOf: file) == Data(parts.joined()))
        #expect(body.count == 2000)
    }

    @Test func aBodyAnnouncedPastTheThresholdSpoolsFromItsFirstByte() throws {
        var collector = BodyCollector(policy: policy, expected: 1200)
        try collector.append(chunk(Array(repeating: 7, count: 10)))
        // Finished early, to see where the first bytes went: to the file, not to memory.
        let body = try collector.finish()
        let file = try #require(body.fileURL)
        #expect(try Data(contentsOf: file) == Data(Array(repeating: 7, count: 10)))
    }

    @Test func aBodyPastTheLimitIsRefusedWhateverItAnnounced() throws {
        var collector = BodyCollector(policy: policy, expected: 100)
        try collector.append(chunk(Array(repeating: 0, count: 9_000)))
        #expect(throws: HTTPError.self) { try collector.append(chunk(Array(repeating: 0, count: 1_001))) }
    }
}
