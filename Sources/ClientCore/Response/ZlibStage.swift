import CompressNIO
import NIOCore

/// gzip, zlib and raw deflate through compress-nio's `ZlibDecompressor`.
///
/// compress-nio rather than swift-nio-extras' NIOHTTPCompression: NIOHTTPCompression offers its
/// inflater only inside channel handlers (`NIOHTTPResponseDecompressor`), which would need a
/// channel per response and decode before our limit and events see the bytes; and it takes
/// `deflate` as zlib-wrapped only. compress-nio is a plain streaming ByteBuffer-to-ByteBuffer
/// inflater with all three framings, so `ContentDecoder` keeps the limit and the piece size.
final class ZlibStage: DecompressionStage {
    private let decompressor: ZlibDecompressor
    private var finished = false

    init(_ algorithm: ZlibAlgorithm) throws(StageFailure) {
        do {
            decompressor = try ZlibDecompressor(algorithm: algorithm)
        } catch {
            throw StageFailure(reason: "\(error)")
        }
    }

    func step(_ input: inout ByteBuffer, into output: inout ByteBuffer) throws(StageFailure) -> StageOutcome {
        // compress-nio takes the input's base address as given: never hand it an unallocated buffer.
        if input.capacity == 0 { input = ByteBufferAllocator().buffer(capacity: 16) }
        do {
            try decompressor.inflate(from: &input, to: &output)
        } catch let error as CompressNIOError where error == .bufferOverflow {
            return .outputFull
        } catch let error as CompressNIOError where error == .inputBufferOverflow {
            // zlib's Z_BUF_ERROR with no input left: nothing more until more comes.
            return .needsInput
        } catch let error as CompressNIOError where error == .corruptData {
            throw StageFailure(reason: "invalid compressed data")
        } catch {
            throw StageFailure(reason: "\(error)")
        }
        // No error: zlib said Z_OK with room left (all input used) or Z_STREAM_END. Only the end
        // leaves input unread; with none left, `isFinished` asks zlib which it was.
        if input.readableBytes > 0 {
            finished = true
            return .ended
        }
        return .needsInput
    }

    func reset() throws(StageFailure) {
        do { try decompressor.reset() } catch { throw StageFailure(reason: "\(error)") }
        finished = false
    }

    /// zlib answers an empty input with Z_STREAM_END once the stream is complete, and with
    /// Z_BUF_ERROR (compress-nio's `inputBufferOverflow`) while it still expects data.
    func isFinished() -> Bool {
        if finished { return true }
        var empty = ByteBufferAllocator().buffer(capacity: 16)
        var output = ByteBufferAllocator().buffer(capacity: 16)
        do {
            try decompressor.inflate(from: &empty, to: &output)
            return output.readableBytes == 0
        } catch {
            return false
        }
    }
}
