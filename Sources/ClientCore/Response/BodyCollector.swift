import Foundation
#if canImport(Glibc)
import Glibc
#endif
import NIOCore
import NIOFoundationCompat

/// When a body leaves memory for a spool file, and where that goes.
public struct SpoolPolicy: Sendable, Hashable {
    /// Bodies larger than this many bytes are spooled to a file (SPEC §10: at most 64 MiB).
    /// Below it a body is kept in memory, where the TUI shows JSON pretty and filters it.
    public var threshold: Int
    /// The process's own spool directory by default (`SpoolDirectory`), created when the first
    /// body is spooled; the temporary directory when it cannot be.
    public var directory: URL
    /// The largest body accepted at all; a server that sends more fails the attempt
    /// (`bodyTooLarge`) instead of filling the disk.
    public var maxBytes: Int
    /// How a spool file's name starts: `send -o FILE` spools beside FILE as `.FILE.explorer-…`,
    /// so the final body is renamed into place instead of copied.
    public var fileNamePrefix: String

    public init(threshold: Int = 64 << 20, directory: URL = SpoolDirectory().url, maxBytes: Int = 16 << 30,
                fileNamePrefix: String = "explorer-body-") {
        self.threshold = threshold
        self.directory = directory
        self.maxBytes = maxBytes
        self.fileNamePrefix = fileNamePrefix
    }
}

/// Gathers a body in memory until it passes the spool threshold, then in a temporary file,
/// so memory stays bounded whatever the server sends.
struct BodyCollector {
    private let policy: SpoolPolicy
    private var buffer: ByteBuffer
    private var file: SpoolFile?
    private var handle: FileHandle?
    private var count = 0

    /// The announced length (within the threshold), reserved once a second chunk comes.
    private let expected: Int
    /// Announced past the threshold: spooled from the first byte, never gathered in memory first.
    private let spoolsAtOnce: Bool
    private var hasChunk = false
    private var ownsBuffer = false

    init(policy: SpoolPolicy, expected: Int?) {
        self.policy = policy
        self.expected = min(max(expected ?? 0, 0), policy.threshold)
        spoolsAtOnce = (expected ?? 0) > policy.threshold
        buffer = ByteBuffer()
    }

    mutating func append(_ chunk: ByteBuffer) throws {
        count += chunk.readableBytes
        if count > policy.maxBytes {
            throw HTTPError(.bodyTooLarge, "the response body passed the \(policy.maxBytes)-byte limit")
        }
        if handle == nil, spoolsAtOnce { try spill() }
        if let handle {
            try Self.write(chunk, to: handle)
            return
        }
        if !hasChunk {
            // Most bodies come in one chunk: keep it as it is, no copy.
            hasChunk = true
            buffer = chunk
        } else {
            if !ownsBuffer {
                // The first chunk is the transport's storage, last touched on its event loop;
                // grow a buffer of our own instead of reallocating that one from this task.
                var own = ByteBufferAllocator().buffer(capacity: max(expected, buffer.readableBytes + chunk.readableBytes))
                own.writeBuffer(&buffer)
                buffer = own
                ownsBuffer = true
            }
            if buffer.writableBytes < chunk.readableBytes {
                buffer.reserveCapacity(max(expected, buffer.readableBytes + chunk.readableBytes))
            }
            var chunk = chunk
            buffer.writeBuffer(&chunk)
        }
        if buffer.readableBytes > policy.threshold { try spill() }
    }

    mutating func finish() throws -> ResponseBody {
        if let file, let handle {
            try handle.close()
            return ResponseBody(file: file, count: count)
        }
        return ResponseBody(buffer.readableBytes == 0 ? Data() : Data(buffer: buffer))
    }

    /// Straight from the buffer to the descriptor: no `Data` copy per chunk, which under load
    /// left the allocator holding far more memory than the body needs.
    private static func write(_ buffer: ByteBuffer, to handle: FileHandle) throws {
        try buffer.withUnsafeReadableBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(handle.fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw HTTPError(.transport, "cannot write a large response body to its temporary file: \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
    }

    private mutating func spill() throws {
        let file = try SpoolFile(directory: policy.directory, prefix: policy.fileNamePrefix)
        let handle = try FileHandle(forWritingTo: file.url)
        try Self.write(buffer, to: handle)
        buffer = ByteBuffer()
        self.file = file
        self.handle = handle
    }
}
