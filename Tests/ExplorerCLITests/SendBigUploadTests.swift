import Foundation
import Testing

/// A 1 GiB file part is streamed from disk: the whole multipart body arrives, in bounded memory.
@Suite struct SendBigUploadTests {
    @Test func oneGigabyteMultipartUploadInBoundedMemory() async throws {
        try await withDemo { server, directory, key in
            let size = 1 << 30
            // Sparse: the disk holds no gigabyte, yet every byte is read and sent.
            let big = directory.path("big.bin")
            #expect(FileManager.default.createFile(atPath: big, contents: nil))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
            try handle.truncate(atOffset: UInt64(size))
            try handle.close()
            defer { try? FileManager.default.removeItem(atPath: big) }

            // The same part with a one-byte file of the same name, echoed, gives the multipart overhead.
            let smallDirectory = directory.url.appendingPathComponent("small")
            try FileManager.default.createDirectory(at: smallDirectory, withIntermediateDirectories: true)
            let small = smallDirectory.appendingPathComponent("big.bin")
            try Data([0x41]).write(to: small)
            let echoed = try jsonObject(try await ExplorerProcess.run(
                ["send", "-H", "X-Demo-Key: \(key)", "--multipart", "file=@\(small.path)", "\(server.baseURL)echo"], in: directory))
            let overhead = try #require(echoed["bytes"] as? Int) - 1

            let outcome = try await ExplorerProcess.run(
                ["send", "-H", "X-Demo-Key: \(key)", "--multipart", "file=@\(big)", "\(server.baseURL)upload"], in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            let uploaded = try jsonObject(outcome)
            let bytes = try #require(uploaded["bytes"] as? Int)
            #expect(bytes == size + overhead)
            #expect(bytes > size)
            #expect(outcome.maxRSSKilobytes > 0)
            #expect(outcome.maxRSSKilobytes < 200 * 1024, "peak RSS \(outcome.maxRSSKilobytes) KB")
        }
    }
}
