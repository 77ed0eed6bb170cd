import Foundation
import NIOCore

/// Decodes a response body by its `Content-Encoding` as it arrives (SPEC §10): fed the wire's
/// chunks, it hands back decoded pieces of at most `pieceSize` bytes, so a body that inflates a
/// thousandfold is never held whole, and stops at `limit` decoded bytes (a decompression bomb).
///
/// `gzip`/`x-gzip`, `deflate` (zlib-wrapped as RFC 9110 says, or raw as some servers send it:
/// told apart by the first two bytes) and `br`. `identity` or no header passes chunks through
/// untouched; a coding it does not know (or a stack of several) leaves the body as it came,
/// and `undecodedEncoding` says so.
///
///     var decoder = ContentDecoder(contentEncoding: "gzip", limit: policy.maxBytes)
///     for try await chunk in body {
///         decoder.feed(chunk)
///         while let piece = try decoder.next() { use(piece) }
///     }
///     try decoder.finish()
struct ContentDecoder {
    /// The codings decoded here, as `Content-Encoding` names them.
    enum Coding: String, Sendable {
        case gzip, deflate, br
    }

    /// The largest piece `next()` returns.
    static let pieceSize = 128 << 10

    /// What is decoded; nil when the body passes through as it came.
    let coding: Coding?
    /// A `Content-Encoding` this decoder cannot undo, kept as the server sent it.
    let undecodedEncoding: String?
    private let limit: Int
    /// Bytes as they came on the wire.
    private(set) var encodedBytes = 0
    /// Bytes handed back by `next()`.
    private(set) var decodedBytes = 0

    private var pending = ByteBuffer()
    private var stage: (any DecompressionStage)?
    /// True while the stage may still have output without more input.
    private var mayHaveOutput = false
    private var ended = false

    /// - Parameters:
    ///   - contentEncoding: the response's header value, nil when absent.
    ///   - decodes: false keeps the encoded bytes (`send --raw`).
    init(contentEncoding: String?, limit: Int, decodes: Bool = true) {
        self.limit = limit
        let codings = (contentEncoding ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
        if !decodes || codings.isEmpty {
            coding = nil
            undecodedEncoding = codings.isEmpty ? nil : codings.joined(separator: ", ")
        } else if codings.count == 1, let known = Self.coding(named: codings[0]) {
            coding = known
            undecodedEncoding = nil
        } else {
            coding = nil
            undecodedEncoding = codings.joined(separator: ", ")
        }
    }

    private static func coding(named name: String) -> Coding? {
        switch name {
        case "gzip", "x-gzip": .gzip
        case "deflate": .deflate
        case "br": .br
        default: nil
        }
    }

    /// Takes the next chunk from the wire; call `next()` until it returns nil before feeding again.
    mutating func feed(_ chunk: ByteBuffer) {
        encodedBytes += chunk.readableBytes
        if pending.readableBytes == 0 {
            pending = chunk
        } else {
            var chunk = chunk
            pending.writeBuffer(&chunk)
        }
        mayHaveOutput = true
    }

    /// The next decoded piece, or nil when the input fed so far is used up.
    mutating func next() throws(HTTPError) -> ByteBuffer? {
        guard let coding else {
            // Identity: the chunk itself, no copy.
            guard pending.readableBytes > 0 else { return nil }
            defer { pending = ByteBuffer() }
            return try counted(pending)
        }
        guard mayHaveOutput, !ended || pending.readableBytes > 0 else { return nil }
        if stage == nil {
            guard let made = try makeStage(coding) else { return nil }
            stage = made
        }
        var output = ByteBufferAllocator().buffer(capacity: Self.pieceSize)
        while output.writableBytes > 0 {
            let outcome: StageOutcome
            do {
                outcome = try stage!.step(&pending, into: &output)
            } catch {
                throw failure("the \(coding.rawValue) body is corrupt (\(error.reason))")
            }
            switch outcome {
            case .needsInput:
                mayHaveOutput = false
            case .outputFull:
                continue
            case .ended:
                ended = true
                if coding == .gzip, pending.readableBytes > 0 {
                    // Another gzip member follows (RFC 1952 §2.2): the body is their concatenation.
                    do { try stage!.reset() } catch { throw failure("the gzip body is corrupt (\(error.reason))") }
                    ended = false
                    continue
                }
                // Anything after the end of a zlib, deflate or br stream is not part of the body.
                pending = ByteBuffer()
                mayHaveOutput = false
            }
            break
        }
        guard output.readableBytes > 0 else { return nil }
        return try counted(output)
    }

    /// The coding decoded and the bytes it came in, for `response.received`; nil for a body kept as it came.
    var encoding: ClientEvent.BodyEncoding? {
        coding.map { ClientEvent.BodyEncoding(name: $0.rawValue, bytes: encodedBytes) }
    }

    /// Ends the body: a stream cut before its end is an error that says what was decoded.
    /// An empty body (a HEAD response, a 304) is no stream at all, so is complete.
    mutating func finish() throws(HTTPError) {
        guard let coding, encodedBytes > 0 else { return }
        if stage == nil {
            // A deflate body too short to tell zlib from raw.
            throw failure("the \(coding.rawValue) body ended after \(encodedBytes) byte(s), before its data began")
        }
        if !ended && !stage!.isFinished() {
            throw failure("the \(coding.rawValue) body was cut short: \(encodedBytes) encoded byte(s) gave \(decodedBytes) decoded byte(s) before the stream ended")
        }
    }

    private mutating func counted(_ piece: ByteBuffer) throws(HTTPError) -> ByteBuffer {
        decodedBytes += piece.readableBytes
        if decodedBytes > limit {
            let coded = coding.map { " (\($0.rawValue)-decoded from \(encodedBytes) bytes received so far)" } ?? ""
            throw HTTPError(.bodyTooLarge, "the response body passed the \(ByteSize.describe(limit)) limit\(coded); --max-body or the profile's maxBody raises it")
        }
        return piece
    }

    private func failure(_ message: String) -> HTTPError {
        HTTPError(.transport, message)
    }

    /// The stage for `coding`; nil while a deflate body has not yet shown whether it is zlib-wrapped.
    private func makeStage(_ coding: Coding) throws(HTTPError) -> (any DecompressionStage)? {
        do {
            switch coding {
            case .gzip:
                return try ZlibStage(.gzip)
            case .br:
                return try BrotliStage()
            case .deflate:
                guard pending.readableBytes >= 2, let first = pending.getBytes(at: pending.readerIndex, length: 2) else { return nil }
                return try ZlibStage(Self.isZlibHeader(first[0], first[1]) ? .zlib : .deflate)
            }
        } catch {
            throw HTTPError(.transport, "cannot start the \(coding.rawValue) decoder: \(error.reason)")
        }
    }

    /// RFC 1950 §2.2: compression method 8 with a window of at most 32 KiB, and a header whose
    /// 16-bit value is a multiple of 31. Raw deflate data passes this check only by chance (1 in ~500).
    static func isZlibHeader(_ cmf: UInt8, _ flg: UInt8) -> Bool {
        cmf & 0x0f == 8 && cmf >> 4 <= 7 && (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0
    }
}

extension HTTPResponse {
    /// A `Content-Encoding` explorer cannot decode (`zstd`, or several stacked): the body is as it came.
    public var undecodedEncoding: String? {
        ContentDecoder(contentEncoding: headers["Content-Encoding"], limit: 0).undecodedEncoding
    }
}

/// What one step of a stage did.
enum StageOutcome {
    /// All the input was used and the output has room: feed more.
    case needsInput
    /// The output is full; the stage may have more.
    case outputFull
    /// The compressed stream is complete; any input left is past its end.
    case ended
}

/// Why a stage failed, in words.
struct StageFailure: Error {
    var reason: String
}

/// One decompression library behind the same few calls.
protocol DecompressionStage: AnyObject {
    func step(_ input: inout ByteBuffer, into output: inout ByteBuffer) throws(StageFailure) -> StageOutcome
    /// Ready for another stream (a gzip member).
    func reset() throws(StageFailure)
    /// True once the whole stream has been read.
    func isFinished() -> Bool
}
