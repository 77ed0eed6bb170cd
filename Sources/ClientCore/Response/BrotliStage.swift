import CBrotli
import NIOCore

/// `br` (RFC 7932) through the system's libbrotlidec, one streaming call per step.
final class BrotliStage: DecompressionStage {
    private var state: OpaquePointer

    init() throws(StageFailure) {
        guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else { throw StageFailure(reason: "out of memory") }
        self.state = state
    }

    deinit { BrotliDecoderDestroyInstance(state) }

    func step(_ input: inout ByteBuffer, into output: inout ByteBuffer) throws(StageFailure) -> StageOutcome {
        if BrotliDecoderIsFinished(state) != 0 { return .ended }
        var read = 0
        var written = 0
        let result = input.withUnsafeReadableBytes { source in
            output.withUnsafeMutableWritableBytes { target in
                var availableIn = source.count
                var nextIn = source.baseAddress?.assumingMemoryBound(to: UInt8.self)
                var availableOut = target.count
                var nextOut = target.baseAddress?.assumingMemoryBound(to: UInt8.self)
                let result = BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
                read = source.count - availableIn
                written = target.count - availableOut
                return result
            }
        }
        input.moveReaderIndex(forwardBy: read)
        output.moveWriterIndex(forwardBy: written)
        switch result {
        case BROTLI_DECODER_RESULT_SUCCESS: return .ended
        case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT: return .needsInput
        case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: return .outputFull
        default:
            let code = BrotliDecoderGetErrorCode(state)
            throw StageFailure(reason: String(cString: BrotliDecoderErrorString(code)))
        }
    }

    /// A br body is one stream; there are no members to reset for.
    func reset() throws(StageFailure) {
        throw StageFailure(reason: "data after the end of the stream")
    }

    func isFinished() -> Bool { BrotliDecoderIsFinished(state) != 0 }
}
