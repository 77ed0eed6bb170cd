import CompressNIO
import NIOCore

/// RFC 7692's permessage-deflate as the client sees it: what explorer offers, what the server's
/// answer agreed to (an answer the client must refuse is an error naming the parameter), and the
/// inflater and deflater that agreement makes.
struct PerMessageDeflate: Sendable, Equatable {
    /// The offer: any window the server likes for what it sends; ours as the server asks.
    static let offer = "permessage-deflate; client_max_window_bits"

    /// The server resets its window after every message (so must our inflater).
    var serverNoContextTakeover = false
    /// We must reset ours after every message.
    var clientNoContextTakeover = false
    /// The largest window we may compress with (8–15).
    var clientMaxWindowBits = 15

    struct Refusal: Error, Equatable {
        let reason: String
    }

    /// The extensions the server's `Sec-WebSocket-Extensions` agreed to: nil for none; a refusal
    /// for anything explorer did not offer or a parameter RFC 7692 §7.1 does not allow.
    static func agreed(_ header: String?) throws(Refusal) -> PerMessageDeflate? {
        guard let header, !header.allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        let offers = header.split(separator: ",", omittingEmptySubsequences: false)
        guard offers.count == 1 else { throw Refusal(reason: "the server agreed to \(offers.count) extensions; explorer offered one") }
        var parts = offers[0].split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        let name = parts.removeFirst()
        guard name.lowercased() == "permessage-deflate" else { throw Refusal(reason: "the server agreed to extension \(name.debugDescription), which was not offered") }
        var agreed = PerMessageDeflate()
        var seen: Set<String> = []
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
            let key = pair[0].lowercased()
            let value = pair.count > 1 ? pair[1].trimmingCharacters(in: ["\""]) : nil
            guard seen.insert(key).inserted else { throw Refusal(reason: "permessage-deflate parameter \(key) appears twice") }
            switch (key, value) {
            case ("server_no_context_takeover", nil): agreed.serverNoContextTakeover = true
            case ("client_no_context_takeover", nil): agreed.clientNoContextTakeover = true
            case ("server_max_window_bits", let value?) where windowBits(value) != nil: break  // we inflate with any window
            case ("client_max_window_bits", let value?) where windowBits(value) != nil: agreed.clientMaxWindowBits = windowBits(value)!
            default:
                throw Refusal(reason: "permessage-deflate parameter \(part.debugDescription) is not one RFC 7692 allows in an answer")
            }
        }
        return agreed
    }

    private static func windowBits(_ text: String) -> Int? {
        guard let bits = Int(text), (8...15).contains(bits), text.first != "0" else { return nil }
        return bits
    }

    /// The header's text for `ws.opened`'s `extensions`.
    var description: String {
        var text = "permessage-deflate"
        if serverNoContextTakeover { text += "; server_no_context_takeover" }
        if clientNoContextTakeover { text += "; client_no_context_takeover" }
        if clientMaxWindowBits != 15 { text += "; client_max_window_bits=\(clientMaxWindowBits)" }
        return text
    }
}

private extension Substring {
    func trimmingWhitespace() -> String { trimmingCharacters(in: .whitespaces) }
}

/// Inflates compressed messages a fragment at a time (RFC 7692 §7.2.2): the last fragment gets the
/// four bytes the sender removed; the window carries over between messages unless the server said not.
struct MessageInflater {
    enum Failure: Error {
        case tooBig
        case corrupt
    }

    private let decompressor: ZlibDecompressor
    private let resetsAfterMessage: Bool

    init(_ agreement: PerMessageDeflate) throws {
        decompressor = try ZlibDecompressor(algorithm: .deflate, windowSize: 15)
        resetsAfterMessage = agreement.serverNoContextTakeover
    }

    /// The fragment's bytes inflated; past `limit` bytes it stops with `tooBig` (a small frame may inflate to gigabytes).
    mutating func inflate(_ payload: ByteBuffer, final: Bool, limit: Int) throws(Failure) -> ByteBuffer {
        var input = ByteBufferAllocator().buffer(capacity: payload.readableBytes + 4)
        input.writeImmutableBuffer(payload)
        if final { input.writeBytes([0x00, 0x00, 0xFF, 0xFF]) }
        guard input.readableBytes > 0 else { return ByteBuffer() }
        do {
            let output = try input.decompressStream(with: decompressor, maxSize: limit + 1)
            if final && resetsAfterMessage { try decompressor.reset() }
            guard output.readableBytes <= limit else { throw Failure.tooBig }
            return output
        } catch let error as CompressNIOError where error == .bufferOverflow {
            throw .tooBig
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .corrupt
        }
    }
}

/// Deflates each message explorer sends (RFC 7692 §7.2.1): a sync flush, the trailing four bytes
/// removed. Small messages go as they are: compressing them costs more than it saves.
final class MessageDeflater {
    static let smallest = 64

    private let compressor: ZlibCompressor
    private let resetsAfterMessage: Bool

    /// Nil when the agreed window is 8 bits, which zlib's raw deflate cannot keep to.
    init?(_ agreement: PerMessageDeflate) {
        guard agreement.clientMaxWindowBits > 8,
              let compressor = try? ZlibCompressor(algorithm: .deflate, configuration: .init(windowSize: Int32(agreement.clientMaxWindowBits)))
        else { return nil }
        self.compressor = compressor
        resetsAfterMessage = agreement.clientNoContextTakeover
    }

    /// The payload to send with RSV1 set, or nil to send it uncompressed.
    func deflate(_ payload: ByteBuffer) -> ByteBuffer? {
        guard payload.readableBytes >= Self.smallest else { return nil }
        var input = payload
        guard var output = try? input.compressStream(with: compressor, flush: .sync), output.readableBytes >= 4 else { return nil }
        if resetsAfterMessage { try? compressor.reset() }
        output.moveWriterIndex(to: output.writerIndex - 4)
        return output
    }
}
